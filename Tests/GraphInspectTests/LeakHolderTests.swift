import Testing
@testable import GraphInspect

/// A leak names what holds it: apps that leak a module in each way a user meets, judged as the
/// test library judges them (`recordLeakHolders`, then `RetainedAfterDetach.find`).
@Suite(.serialized) struct LeakHolderTests {
    /// An app's global registry.
    nonisolated(unsafe) static var global: [AnyObject] = []

    final class AppComponent: Component, RootComponent {
        var lastScreen: AnyObject?
        weak var lastSeen: AnyObject?
        var state = ScreenState()
        init() { super.init(parent: nil) }
    }

    struct ScreenState {
        var history: [String: [AnyObject]] = [:]
        weak var weakCurrent: AnyObject?
    }

    final class ListRouter: RouterObject {
        var screens: [AnyObject] = []
    }

    final class CachingHolder: ModuleHolderObject {
        var cache: [String: AnyObject] = [:]
    }

    final class ClosureModule: ModuleObject {
        var onClose: (() -> Void)?
    }

    /// Runs `body` with a root holder whose component is an `AppComponent` and a "home" module
    /// with a `ListRouter` attached, under a recorder; then judges the leaks 2 graces later, with
    /// what holds each searched first. Returns the leaks by key (or type, for a component).
    static func leaks(_ body: (CachingHolder, AppComponent, ListRouter) -> Void) -> (leaks: [String: RetainedAfterDetach], snapshot: GraphSnapshot) {
        global = []
        let recorder = GraphRecorder()
        var kept: [AnyObject] = []
        GraphObservation.withObserver(recorder) {
            let app = AppComponent()
            let holder = CachingHolder(key: "root", holder: nil, context: EmptyContext(), component: app)
            let home = holder.attach(TestBuilder(key: "home", withRouter: false))
            let router = ListRouter(viewComponent: ViewComponentObject(module: home, moduleHolder: holder))
            home.router = router
            body(holder, app, router)
            kept = [holder, app, router, home]
        }
        recorder.recordLeakHolders()
        let snapshot = recorder.snapshot()
        let later = RecordingClock.now() + 2 * RetainedAfterDetach.defaultGrace
        var byName: [String: RetainedAfterDetach] = [:]
        for found in RetainedAfterDetach.find(in: snapshot, now: later) where found.isLeak {
            let node = snapshot.node(found.node)
            byName[node?.key ?? node?.shortType ?? "?"] = found
        }
        withExtendedLifetime(kept) {}
        global = []
        return (byName, snapshot)
    }

    static func holderLine(_ leaks: (leaks: [String: RetainedAfterDetach], snapshot: GraphSnapshot), _ name: String) -> String? {
        leaks.leaks[name]?.holderLine(in: leaks.snapshot)
    }

    @Test func aStoredPropertyOfTheRootComponentIsNamed() throws {
        let found = Self.leaks { holder, app, _ in
            app.lastScreen = holder.attach(TestBuilder(key: "settings"))
            holder.detach(ModuleKey("settings"))
        }
        let line = try #require(Self.holderLine(found, "settings"))
        #expect(line.hasPrefix("held by LeakHolderTests.AppComponent #"), "\(line)")
        #expect(line.hasSuffix(" .lastScreen"), "\(line)")
        let report = try #require(found.leaks["settings"]).report(in: found.snapshot, grace: RetainedAfterDetach.defaultGrace)
        #expect(report.contains("fix: clear `.lastScreen` of LeakHolderTests.AppComponent #"), "\(report)")
        #expect(!report.contains("something outside the tree"), "\(report)")
    }

    @Test func anArrayInARouterIsNamedWithTheIndex() throws {
        let found = Self.leaks { holder, _, router in
            router.screens = [Other(), Other(), holder.attach(TestBuilder(key: "settings"))]
            holder.detach(ModuleKey("settings"))
        }
        let line = try #require(Self.holderLine(found, "settings"))
        #expect(line.hasPrefix("held by LeakHolderTests.ListRouter #") && line.hasSuffix(" .screens[2]"), "\(line)")
    }

    @Test func aDictionaryInAHolderIsNamedWithTheKey() throws {
        let found = Self.leaks { holder, _, _ in
            holder.cache["settings"] = holder.attach(TestBuilder(key: "settings"))
            holder.detach(ModuleKey("settings"))
        }
        let line = try #require(Self.holderLine(found, "settings"))
        #expect(line.hasPrefix("held by LeakHolderTests.CachingHolder \"root\" #") && line.hasSuffix(" .cache[\"settings\"]"), "\(line)")
    }

    @Test func aNestedValueIsNamedWithItsPath() throws {
        let found = Self.leaks { holder, app, _ in
            app.state.history["tabs"] = [holder.attach(TestBuilder(key: "settings"))]
            holder.detach(ModuleKey("settings"))
        }
        let line = try #require(Self.holderLine(found, "settings"))
        #expect(line.hasSuffix(" .state.history[\"tabs\"][0]"), "\(line)")
    }

    @Test func aGlobalIsOutsideWhatTheLibraryKnowsAndWeakReferencesHoldNothing() throws {
        let found = Self.leaks { holder, app, _ in
            let settings = holder.attach(TestBuilder(key: "settings"))
            Self.global.append(settings)
            // Weak references reach it but do not hold it: they are not named.
            app.lastSeen = settings
            app.state.weakCurrent = settings
            holder.detach(ModuleKey("settings"))
        }
        let leak = try #require(found.leaks["settings"])
        #expect(leak.heldBy != nil && leak.heldBy?.holder == nil)
        let report = leak.report(in: found.snapshot, grace: RetainedAfterDetach.defaultGrace)
        #expect(report.contains("held by nothing graphinspect knows"), "\(report)")
        #expect(report.contains("a global, a static or a registry"), "\(report)")
    }

    @Test func aClosureIsOutsideWhatTheLibraryKnows() throws {
        let found = Self.leaks { holder, _, _ in
            let module = holder.attach(ClosureBuilder(key: "closing"))
            module.onClose = { _ = module }
            holder.detach(ModuleKey("closing"))
        }
        let leak = try #require(found.leaks["closing"])
        #expect(leak.heldBy == HeldBy(id: leak.node))
        #expect(leak.report(in: found.snapshot, grace: RetainedAfterDetach.defaultGrace).contains("a closure"))
    }

    @Test func aComponentKeptAfterItsModuleIsALeakOfItsOwn() throws {
        let found = Self.leaks { holder, _, _ in
            let settings = holder.attach(TestBuilder(key: "settings", withRouter: false))
            Self.global.append(settings.component)
            holder.detach(ModuleKey("settings"))
        }
        #expect(found.leaks["settings"] == nil, "the module itself was released")
        let leak = try #require(found.leaks["Component"], "\(found.leaks.keys.sorted())")
        guard case .ownerReleased(let owner) = leak.cause else {
            Issue.record("cause \(leak.cause)")
            return
        }
        #expect(found.snapshot.node(owner)?.key == "settings")
        let headline = leak.headline(in: found.snapshot, grace: RetainedAfterDetach.defaultGrace)
        #expect(headline.contains("after its module TestModule \"settings\" #"), "\(headline)")
    }

    @Test func nothingWithinTheGraceAndNothingReleasedIsReported() throws {
        let recorder = GraphRecorder()
        GraphObservation.withObserver(recorder) {
            let holder = TestHolder(key: "root", holder: nil, context: EmptyContext(), component: Component(parent: nil))
            let settings = holder.attach(TestBuilder(key: "settings"))
            holder.detach(ModuleKey("settings"))
            withExtendedLifetime((holder, settings)) {}
        }
        recorder.recordLeakHolders()
        let snapshot = recorder.snapshot()
        // Released right after its detach, with its component, router and view component.
        #expect(RetainedAfterDetach.find(in: snapshot, now: RecordingClock.now() + 2 * RetainedAfterDetach.defaultGrace).isEmpty)
        #expect(!snapshot.events.contains { if case .held = $0 { true } else { false } })
    }

    @Test func cyclesDeepNestingAndHugeCollectionsAreBounded() throws {
        final class Link { var next: Link?; var payload: AnyObject? }
        let found = Self.leaks { holder, app, router in
            let settings = holder.attach(TestBuilder(key: "settings"))
            // A cycle, a chain 10,000 deep ending at the module, and 100,000 unrelated elements.
            let first = Link()
            first.next = first
            var chain = Link()
            let head = chain
            for _ in 0..<10_000 {
                let next = Link()
                chain.next = next
                chain = next
            }
            chain.payload = settings
            router.screens = [first, head] + (0..<100_000).map { _ in Other() }
            Self.global.append(settings)
            holder.detach(ModuleKey("settings"))
            _ = app
        }
        // Beyond the depth bound: searched, not found among what the library knows.
        let leak = try #require(found.leaks["settings"])
        #expect(leak.heldBy == HeldBy(id: leak.node))
    }

    struct ClosureBuilder: ModuleBuilder {
        let key: ModuleKey
        func build(parentComponent: Component, holder: ModuleHolderObject?, context: any ModuleHolderContext) -> ClosureModule {
            ClosureModule(key: key, holder: holder, component: Component(parent: parentComponent))
        }
    }

    /// A router kept by a global after its module was released: a leak of its own, named with
    /// the module it belonged to.
    @Test func aRouterKeptAfterItsModuleIsALeakOfItsOwn() throws {
        let found = Self.leaks { holder, _, _ in
            let settings = holder.attach(TestBuilder(key: "settings"))
            Self.global.append(settings.router as! TestRouter)
            holder.detach(ModuleKey("settings"))
        }
        let leak = try #require(found.leaks["TestRouter"], "\(found.leaks.keys.sorted())")
        guard case .ownerReleased(let owner) = leak.cause else {
            Issue.record("cause \(leak.cause)")
            return
        }
        #expect(found.snapshot.node(owner)?.key == "settings")
        // Its view component, which it holds, is alive too, and explained by it: not a leak of its own.
        #expect(found.leaks["ViewComponentObject"] == nil, "\(found.leaks.keys.sorted())")
    }

    /// Objects made and released on other threads while the search runs: each is either read
    /// whole or not at all (never one whose deinitialisation has begun), and nothing crashes.
    @Test func objectsReleasedDuringTheSearchAreSkipped() async throws {
        let recorder = GraphRecorder()
        let holder = GraphObservation.withObserver(recorder) { () -> CachingHolder in
            let holder = CachingHolder(key: "root", holder: nil, context: EmptyContext(), component: AppComponent())
            for index in 0..<50 {
                let key = ModuleKey("kept\(index)")
                holder.cache[key.rawValue] = holder.attach(TestBuilder(key: key))
                holder.detach(key)
            }
            return holder
        }
        /// The holder, for the churning task (the holder's own lock guards attach and detach).
        final class Shared: @unchecked Sendable {
            let holder: CachingHolder
            init(_ holder: CachingHolder) { self.holder = holder }
        }
        let shared = Shared(holder)
        let churn = Task.detached {
            for round in 0..<2_000 {
                GraphObservation.withObserver(recorder) {
                    let key = ModuleKey("churn\(round % 7)")
                    _ = shared.holder.attach(TestBuilder(key: key))
                    shared.holder.detach(key)
                }
            }
        }
        for _ in 0..<20 { recorder.recordLeakHolders() }
        await churn.value
        recorder.recordLeakHolders()
        let snapshot = recorder.snapshot()
        let named = RetainedAfterDetach.find(in: snapshot, now: RecordingClock.now() + 2 * RetainedAfterDetach.defaultGrace)
            .filter { $0.heldBy?.holder != nil }
        #expect(named.count == 50)
        withExtendedLifetime(holder) {}
    }
}
