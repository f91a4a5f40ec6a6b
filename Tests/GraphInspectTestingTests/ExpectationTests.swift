import Foundation
import GraphInspect
import GraphInspectSample
import Testing
@testable import GraphInspectTesting

/// The failure messages themselves are pinned: they are the product.
@Suite struct ExpectationTests {
    static let sample = GraphCapture.capture { SampleApp.run() }

    /// Runs `body`, which must record exactly one issue, and returns that issue's message.
    func failure(_ body: () -> Void) -> String {
        let message = Box()
        withKnownIssue {
            body()
        } matching: { issue in
            message.set(issue.comments.map(\.rawValue).joined(separator: "\n"))
            return true
        }
        return message.value
    }

    final class Box: @unchecked Sendable {
        private let lock = NSLock()
        private var text = ""
        func set(_ value: String) { lock.withLock { text = value } }
        var value: String { lock.withLock { text } }
    }

    @Test func goldenMismatchShowsADiffAndWhereTheGoldenIs() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("goldens-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let golden = folder.appendingPathComponent("tree.txt")
        let text = try GraphProjection.text.render(Self.sample)
        try Data(text.replacingOccurrences(of: "HomeComponent #5", with: "HomeComponent #6").utf8).write(to: golden)
        let message = failure {
            expectGraph(Self.sample, matchesGolden: golden.path, record: false)
        }
        #expect(message == """
            The graph differs from the golden \(golden.path):
            (- golden, + actual, … unchanged lines collapsed)
              … 3 unchanged lines
                RootHolder "root" #2  component AppComponent #1  router RootRouter #24
                  finds module "profile" <- self
            -     HomeModule "home" #6  component HomeComponent #6  router HomeRouter #8
            +     HomeModule "home" #6  component HomeComponent #5  router HomeRouter #8
                  SettingsModule "settings" #10  component SettingsComponent #9  router SettingsRouter #12
                  ProfileHolder "profile" #14  component ProfileComponent #13  router ProfileRouter #22
              … 8 unchanged lines
                  shares ImageCache
                  resolves network: NetworkClient <- self
            -     HomeComponent #6  (module HomeModule "home" #6)
            +     HomeComponent #5  (module HomeModule "home" #6)
                    provides feedTitle: String
                    resolves analytics: Analytics <- AppComponent #1 (1 hop)
              … 20 unchanged lines
            The actual output is in \(GoldenActualOutput.folder.path)/\(folder.lastPathComponent)/tree.txt.
            If the change is intended, run the tests with GRAPHINSPECT_RECORD=failed to rewrite the goldens that differ.
            """)
        // The actual output is there for a diff tool, whole.
        let actualFile = GoldenActualOutput.folder.appendingPathComponent(folder.lastPathComponent).appendingPathComponent("tree.txt")
        #expect(try String(contentsOf: actualFile, encoding: .utf8) == text)
        try? FileManager.default.removeItem(at: actualFile.deletingLastPathComponent())
    }

    /// Each record mode, as swift-snapshot-testing's: what is written, and what the test says.
    @Test func recordModesWriteWhatTheySay() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("goldens-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let golden = folder.appendingPathComponent("app.txt").path
        let text = try GraphProjection.text.render(Self.sample)
        // never: a missing golden fails and nothing is written.
        #expect(failure { expectGraph(Self.sample, matchesGolden: golden, record: .never) }.hasPrefix("No golden at \(golden), and GRAPHINSPECT_RECORD=never."))
        #expect(!FileManager.default.fileExists(atPath: golden))
        // missing (the default): written on the first run, which says so; the next run passes.
        #expect(failure { expectGraph(Self.sample, matchesGolden: golden, record: .missing) } == "Recorded the golden \(golden), which did not exist. Check it in; the test passes from the next run if the graph is stable.")
        #expect(try String(contentsOfFile: golden, encoding: .utf8) == text)
        expectGraph(Self.sample, matchesGolden: golden, record: .missing)
        // failed: a matching golden passes untouched; a differing one is rewritten, once.
        expectGraph(Self.sample, matchesGolden: golden, record: .failed)
        try Data("stale\n".utf8).write(to: URL(fileURLWithPath: golden))
        #expect(failure { expectGraph(Self.sample, matchesGolden: golden, record: .failed) }.hasPrefix("Rewrote the golden \(golden), which differed"))
        #expect(try String(contentsOfFile: golden, encoding: .utf8) == text)
        // missing does not touch a golden that exists and differs: it fails with the diff.
        try Data("stale\n".utf8).write(to: URL(fileURLWithPath: golden))
        #expect(failure { expectGraph(Self.sample, matchesGolden: golden, record: .missing) }.hasPrefix("The graph differs from the golden \(golden):"))
        #expect(try String(contentsOfFile: golden, encoding: .utf8) == "stale\n")
        try? FileManager.default.removeItem(at: GoldenActualOutput.folder.appendingPathComponent(folder.lastPathComponent))
    }

    /// A misspelled name is called out as naming nothing, with what it probably meant.
    @Test func aNameNamingNoNodeSaysSoWithDidYouMean() {
        #expect(failure { expectResolves(Self.sample, "analytics", requestedBy: "HomeComponnet", from: "AppComponent") }
            == "Expected HomeComponnet to resolve `analytics` from AppComponent, but the requester HomeComponnet names no node of the graph (a node is named by its type, module-qualified or not, or its key). Did you mean HomeComponent?")
        #expect(failure { expectResolves(Self.sample, "analytics", requestedBy: "HomeComponent", from: "AppComponet") }
            .hasSuffix("but the provider AppComponet names no node of the graph (a node is named by its type, module-qualified or not, or its key). Did you mean AppComponent?"))
        #expect(failure { expectReachable(Self.sample, module: "settings", from: "ProfileHoldr") }
            == "Expected a holder named ProfileHoldr, but there is none in the graph. Did you mean ProfileHolder?")
    }

    /// A capture whose closure let the app go says how to keep it.
    @Test func aGraphWhollyReleasedSaysToReturnTheRoot() {
        let released = GraphCapture.capture { _ = SampleApp.run() }
        #expect(released.liveNodes.isEmpty && !released.nodes.isEmpty)
        let message = failure { expectReachable(released, module: "settings", from: "RootHolder") }
        #expect(message.hasSuffix("before the snapshot was taken: return the app's root from the `GraphCapture.capture` closure to keep it alive."), "\(message)")
    }

    /// A golden pins the graph's shape: one more lookup or cache hit does not break it; counts are
    /// there for tests that ask for them.
    @Test func goldensPinShapeNotCounts() throws {
        let once = GraphCapture.capture { () -> Component in
            let root = ShopRoot(parent: nil)
            let leaf = Component(parent: root)
            _ = try? leaf.resolve("payments", as: Int.self)
            return leaf
        }
        let thrice = GraphCapture.capture { () -> Component in
            let root = ShopRoot(parent: nil)
            let leaf = Component(parent: root)
            for _ in 0..<3 { _ = try? leaf.resolve("payments", as: Int.self) }
            return leaf
        }
        #expect(try GraphProjection.text.render(once) == GraphProjection.text.render(thrice))
        #expect(try GraphProjection.textWithCounts.render(once) != GraphProjection.textWithCounts.render(thrice))
        #expect(try GraphProjection.text.render(once).hasPrefix("graphinspect: 2 live nodes, 0 released\n"))
        #expect(try GraphProjection.textWithCounts.render(thrice).contains("resolves payments: Int <- MISSING, 3 lookups"))
    }

    @Test func theEnvironmentNamesTheMode() {
        #expect(GoldenRecording.fromEnvironment([:]) == .missing)
        for (value, mode) in [("missing", GoldenRecording.missing), ("failed", .failed), ("all", .all), ("never", .never),
                              ("1", .all), ("true", .all), ("YES", .all), ("0", .never), ("false", .never)] {
            #expect(GoldenRecording.fromEnvironment(["GRAPHINSPECT_RECORD": value]) == mode, "\(value)")
        }
        #expect(GoldenRecording.fromEnvironment(["GRAPHINSPECT_RECORD": "sometimes"]) == nil)
        #expect(GraphFailureWording.unknownRecordMode("sometimes") == "GRAPHINSPECT_RECORD=sometimes names no record mode; use missing (the default), failed, all or never.")
    }

    @Test func recordingWritesTheGoldenThenTheTestPasses() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("goldens-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let golden = folder.appendingPathComponent("Goldens/app.dot").path
        let message = failure {
            expectGraph(Self.sample, matchesGolden: golden, as: .dot, record: true)
        }
        #expect(message == "Recorded the golden \(golden) (GRAPHINSPECT_RECORD=all). Run the tests again without it; they pass if the graph is stable.")
        #expect(FileManager.default.fileExists(atPath: golden))
        // Now it passes: no issue recorded.
        expectGraph(Self.sample, matchesGolden: golden, as: .dot, record: false)
    }

    @Test func missingGoldenSaysHowToRecordIt() {
        let message = failure { expectGraph(Self.sample, matchesGolden: "Goldens/nowhere.txt", record: false) }
        let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens/nowhere.txt").path
        #expect(message == "No golden at \(golden), and GRAPHINSPECT_RECORD=never. Run the tests once without it (or with GRAPHINSPECT_RECORD=missing) to record it.")
    }

    @Test func missingDependencyFailureShowsTheReport() {
        let graph = GraphCapture.capture { () -> Component in
            let root = ShopRoot(parent: nil)
            let leaf = Component(parent: root)
            _ = try? leaf.resolve("payments", as: Int.self, fileID: "Shop.swift", line: 4)
            return leaf
        }
        #expect(failure { expectNoMissingDependencies(graph) } == """
            Expected no missing dependencies, but 1 lookup failed:

            error: missing dependency `payments: Int`
              asked by Component at ^->ShopRoot->Component (Shop.swift:4)
              walked 2 components, nearest first:
                1. Component  provides nothing
                2. ShopRoot (root)  provides nothing
              fix: declare `let payments: Int` in Component, or in ShopRoot to share it with every component below
              note: a computed `var payments: Int { ... }` is invisible to lookups unless its class is marked `@Providers`
            """)
        expectNoMissingDependencies(Self.sample)
    }

    @Test func wrongProviderNamesWhoAnsweredAndTheWalk() {
        #expect(failure { expectResolves(Self.sample, "profileStore", requestedBy: "AvatarComponent", from: "AppComponent") } == """
            Expected AvatarComponent to resolve `profileStore` from AppComponent, but ProfileComponent #13 answered it first; \
            walked AvatarComponent #17 -> ProfileComponent #13. AppComponent does not provide `profileStore` (it provides `analytics`, \
            `featureFlags`, `network`, `theme`, `settingsStore`): expect ProfileComponent, or declare `profileStore` in AppComponent.
            """)
        expectResolves(Self.sample, "profileStore", requestedBy: "AvatarComponent", from: "ProfileComponent")
    }

    /// Root and Mid both provide `store`; Leaf (below Mid) asks; Side (beside Mid) provides it too.
    static let shadowing: GraphSnapshot = {
        func component(_ id: UInt64, _ type: String, parent: UInt64?, provides: Bool) -> GraphEvent {
            .created(NodeCreated(id: ObjectID(id), kind: .component, type: type, parent: parent.map(ObjectID.init),
                                 providers: provides ? [Provider(name: "store", type: "Store", form: .stored)] : []))
        }
        return GraphSnapshot(events: [
            component(1, "Root", parent: nil, provides: true), component(2, "Mid", parent: 1, provides: true),
            component(3, "Leaf", parent: 2, provides: false), component(4, "Side", parent: 1, provides: true),
            .lookup(DependencyLookup(requester: ObjectID(3), name: "store", type: "Store", walk: [ObjectID(3), ObjectID(2)], provider: ObjectID(2), cacheHit: false)),
        ])
    }()

    /// The wording says why another provider answered: a nearer one shadows the expected one, or
    /// the expected one is not above the requester.
    @Test func wrongProviderSaysWhyTheExpectedOneDidNot() {
        #expect(failure { expectResolves(Self.shadowing, "store", requestedBy: "Leaf", from: "Root") } == """
            Expected Leaf to resolve `store` from Root, but Mid #2 answered it first; walked Leaf #3 -> Mid #2. \
            A nearer provider shadows the one expected: rename or remove it, or expect Mid.
            """)
        #expect(failure { expectResolves(Self.shadowing, "store", requestedBy: "Leaf", from: "Side") } == """
            Expected Leaf to resolve `store` from Side, but Mid #2 answered it first; walked Leaf #3 -> Mid #2. \
            Side provides `store` but is not above Leaf, so no walk from it reaches Side: expect Mid, or make Leaf a descendant of Side.
            """)
    }

    @Test func lookupThatNeverHappenedSaysWhoDidLookItUp() {
        #expect(failure { expectResolves(Self.sample, "analytics", requestedBy: "SettingsComponent", from: "AppComponent") } == """
            Expected SettingsComponent to resolve `analytics`, but SettingsComponent never looked it up; it was looked up by \
            OnboardingComponent #3, HomeComponent #5, AvatarComponent #17.
            """)
    }

    @Test func unreachableModuleListsTheHoldersSearched() {
        #expect(failure { expectReachable(Self.sample, module: "avatar", from: "RootHolder") } == """
            Expected module "avatar" to be reachable from RootHolder "root" #2, but no holder on the way to the root holds it:
              RootHolder "root" #2 holds "home", "settings", "profile"
            """)
        expectReachable(Self.sample, module: "home", from: "ProfileHolder")
    }

    @Test func queriesFindNodesProvidersWalksAndFamilies() throws {
        let graph = Self.sample
        #expect(graph.node(named: "settings")?.shortType == "SettingsModule")
        #expect(graph.provider(of: "analytics", requestedBy: "AvatarComponent")?.shortType == "AppComponent")
        #expect(graph.walk(of: "analytics", requestedBy: "AvatarComponent").map(\.shortType) == ["AvatarComponent", "ProfileComponent", "AppComponent"])
        #expect(graph.requesters(of: "profileStore").map(\.shortType) == ["ProfileDetailsComponent", "AvatarComponent"])
        #expect(!graph.hasFailures)
        let avatar = try #require(graph.node(named: "AvatarComponent"))
        #expect(graph.ancestors(of: avatar).map(\.shortType) == ["ProfileComponent", "AppComponent"])
        let root = try #require(graph.node(named: "AppComponent"))
        // Home, Settings, Profile, ProfileDetails, Avatar; Onboarding's was released.
        #expect(graph.descendants(of: root).map(\.shortType) == ["HomeComponent", "SettingsComponent", "ProfileComponent", "ProfileDetailsComponent", "AvatarComponent"])
    }

    @Test func parallelCapturesNeverMixEvents() async {
        async let first = GraphCapture.capture { () async -> [Component] in
            (0..<200).map { _ in Component(parent: nil) }
        }
        async let second = GraphCapture.capture { () async -> RootHolder in SampleApp.run() }
        let (components, app) = await (first, second)
        #expect(components.nodes.count == 200)
        #expect(components.nodes.allSatisfy { $0.type == "GraphInspect.Component" })
        // The same graph and log; only the times of releases differ between two runs.
        #expect(app.withoutTimes == Self.sample.withoutTimes)
    }
}

/// The root of the missing-dependency report's tree.
final class ShopRoot: Component, RootComponent {}
