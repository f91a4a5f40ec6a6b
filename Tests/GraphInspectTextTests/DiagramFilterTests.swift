import GraphInspect
import GraphInspectSample
import Testing
@testable import GraphInspectDiagram

/// Each filter on the bundled sample, checked by what the diagram keeps.
@Suite struct DiagramFilterTests {
    static let snapshot: GraphSnapshot = {
        let recorder = GraphRecorder()
        let app = GraphObservation.withObserver(recorder) { SampleApp.run() }
        return withExtendedLifetime(app) { recorder.snapshot() }
    }()

    /// `options` drawing both trees in one picture, which most filters here are about.
    static func combined(_ options: DiagramOptions = DiagramOptions()) -> DiagramOptions {
        var options = options
        options.view = .all
        return options
    }

    func titles(_ options: DiagramOptions) throws -> [String] {
        try DiagramBuilder(options: Self.combined(options)).build(Self.snapshot).nodes.map(\.title)
    }

    func edges(_ options: DiagramOptions, _ kind: Diagram.EdgeKind) throws -> [Diagram.Edge] {
        try DiagramBuilder(options: Self.combined(options)).build(Self.snapshot).edges.filter { $0.kind == kind }
    }

    @Test func theDefaultViewOfAnAppWithComponentsIsItsDependencyGraph() throws {
        let diagram = try DiagramBuilder().build(Self.snapshot)
        #expect(Set(diagram.nodes.map(\.kind)) == [.component])
        #expect(diagram.clusters.isEmpty)
        let avatar = try #require(diagram.nodes.first { $0.title == "AvatarComponent" })
        #expect(avatar.details == ["#17", "in AvatarModule", #""avatar""#, "self: avatarStyle"])
        // One edge per requester and provider, listing every name resolved there.
        let toApp = diagram.edges.filter { $0.kind == .lookup && $0.from == "c17" && $0.to == "c1" }
        #expect(toApp.map(\.label) == [["analytics", "featureFlags", "2 hops"]])
    }

    @Test func theModuleViewIsAHolderTreeWithRoutersOnTheirModules() throws {
        let diagram = try DiagramBuilder(options: DiagramOptions(view: .modules)).build(Self.snapshot)
        #expect(Set(diagram.nodes.map(\.kind)) == [.holder, .module])
        #expect(diagram.clusters.isEmpty)
        let home = try #require(diagram.nodes.first { $0.title == "HomeModule" })
        #expect(home.details == [#""home""#, "#6", "with HomeComponent #5", "router HomeRouter #8"])
        #expect(diagram.edges.filter { $0.kind == .holds }.map { "\($0.from)>\($0.to)" } == ["h2>m4", "h2>m6", "h2>m10", "h2>h14", "h14>m16", "h14>m18"])
        #expect(diagram.edges.filter { $0.kind == .moduleLookup }.map(\.label) == [[#"router "settings""#]])
    }

    @Test func aPictureTooLargeToReadDrawsTheTopLevelsThatFitAndSaysSo() throws {
        let diagram = try DiagramBuilder(options: DiagramOptions(summarizeAbove: 5)).build(Self.snapshot)
        #expect(diagram.nodes.count <= 5)
        #expect(diagram.summary?.hasPrefix("7 nodes are too many to read in one picture: drew the roots and 1 level below them") == true)
        #expect(try DiagramBuilder(options: DiagramOptions(summarizeAbove: 50)).build(Self.snapshot).summary == nil)
    }

    /// A focus too big to read keeps the focused node and its ancestors, and the levels below it
    /// that fit (a hub with 300 children: none).
    @Test func aFocusTooLargeToReadDrawsTheLevelsBelowThatFit() throws {
        var events: [GraphEvent] = [
            .created(NodeCreated(id: ObjectID(1), kind: .component, type: "App.Root")),
            .created(NodeCreated(id: ObjectID(2), kind: .component, type: "App.Hub", parent: ObjectID(1))),
        ]
        for index in 0..<300 {
            events.append(.created(NodeCreated(id: ObjectID(UInt64(3 + index)), kind: .component, type: "App.Leaf", parent: ObjectID(2))))
        }
        let diagram = try DiagramBuilder(options: DiagramOptions(focus: "Hub", summarizeAbove: 150)).build(GraphSnapshot(events: events))
        #expect(diagram.nodes.map(\.title) == ["Root", "Hub"])
        #expect(diagram.summary == "302 nodes are too many to read in one picture: drew Hub with its ancestors and no levels below (2 nodes); --depth N draws N levels below it, --full everything")
    }

    /// More lookup edges than Graphviz lays out in reasonable time: each requester lists its
    /// lookups as lines, and the picture says so.
    @Test func manyLookupEdgesBecomeLinesOfTheirRequesters() throws {
        var events: [GraphEvent] = [.created(NodeCreated(id: ObjectID(1), kind: .component, type: "App.Root",
                                                        providers: [Provider(name: "clock", type: "App.Clock", form: .stored)]))]
        for index in 0..<250 {
            let id = ObjectID(UInt64(2 + index))
            events.append(.created(NodeCreated(id: id, kind: .component, type: "App.Leaf", parent: ObjectID(1))))
            events.append(.lookup(DependencyLookup(requester: id, name: "clock", type: "App.Clock", walk: [id, ObjectID(1)], provider: ObjectID(1), cacheHit: false)))
        }
        let whole = try DiagramBuilder(options: DiagramOptions()).build(GraphSnapshot(events: events))
        #expect(whole.edges.filter { $0.kind == .lookup }.count == 250)
        let diagram = whole.foldingLookups(above: DOTWriter.lookupEdgesUpTo)
        #expect(!diagram.edges.contains { $0.kind == .lookup })
        #expect(diagram.edges.filter { $0.kind == .parent }.count == 250)
        #expect(diagram.nodes.first { $0.id == "c2" }?.details.last == "\u{2191} clock, 1 hop <- Root #1")
        #expect(diagram.summary == "250 lookup edges are too many to lay out: each requester lists its lookups (\u{2191} name, hops <- provider) instead; --focus or --dependency draws a part with its lookup edges")
        // A part of it keeps its edges.
        let part = try DiagramBuilder(options: DiagramOptions(dependency: "clock")).build(GraphSnapshot(events: Array(events.prefix(21)))).foldingLookups(above: DOTWriter.lookupEdgesUpTo)
        #expect(part.edges.filter { $0.kind == .lookup }.count == 10)
    }

    @Test func withoutFiltersEveryNodeButViewComponentsIsDrawn() throws {
        let diagram = try DiagramBuilder(options: Self.combined()).build(Self.snapshot)
        #expect(diagram.nodes.count == Self.snapshot.nodes.filter { $0.kind != .viewComponent }.count)
        #expect(diagram.clusters.map(\.id) == ["h2", "h14"])
        #expect(diagram.clusters[1].parent == "h2")
    }

    @Test func focusKeepsAncestorsDescendantsAndBuiltWithComponents() throws {
        let focused = try titles(DiagramOptions(focus: "ProfileHolder"))
        #expect(focused == [
            "AppComponent", "RootHolder", "ProfileComponent", "ProfileHolder", "ProfileDetailsComponent",
            "ProfileDetailsModule", "AvatarComponent", "AvatarModule", "AvatarRouter", "ProfileRouter",
        ])
        // By key, too.
        #expect(try titles(DiagramOptions(focus: "avatar")).contains("AvatarRouter"))
    }

    @Test func focusOnANameThatDoesNotExistSaysWhatDoes() throws {
        #expect(throws: DiagramError.self) { try DiagramBuilder(options: DiagramOptions(focus: "Nope")).build(Self.snapshot) }
    }

    @Test func depthCutsEachTreeBelowTheRoots() throws {
        #expect(try titles(DiagramOptions(depth: 0)) == ["AppComponent", "RootHolder", "RootRouter"])
        let one = try titles(DiagramOptions(depth: 1))
        #expect(one.contains("ProfileHolder") && one.contains("HomeComponent"))
        #expect(!one.contains("AvatarModule") && !one.contains("AvatarComponent"))
    }

    @Test func collapseHoldersDrawsANestedHolderAsOneNodeWithACount() throws {
        let diagram = try DiagramBuilder(options: Self.combined(DiagramOptions(collapse: [.holders]))).build(Self.snapshot)
        let profile = try #require(diagram.nodes.first { $0.title == "ProfileHolder" })
        #expect(profile.kind == .collapsed)
        #expect(profile.details.contains("4 inside, collapsed"))
        #expect(!diagram.nodes.contains { $0.title == "AvatarModule" })
        #expect(diagram.clusters.map(\.id) == ["h2"])
    }

    @Test func collapseModulesDrawsEachHoldersModulesAsOneNode() throws {
        let diagram = try DiagramBuilder(options: Self.combined(DiagramOptions(collapse: [.modules]))).build(Self.snapshot)
        let groups = diagram.nodes.filter { $0.kind == .collapsed }
        #expect(groups.map(\.title) == ["3 modules", "2 modules"])
        #expect(groups[0].details == [#""onboarding", "home", "settings""#])
        #expect(!diagram.nodes.contains { $0.kind == .module || $0.title == "HomeRouter" })
    }

    @Test func hideLookupsLeavesOnlyStructure() throws {
        let all = try DiagramBuilder(options: Self.combined(DiagramOptions(hide: [.lookups]))).build(Self.snapshot).edges
        #expect(!all.contains { [.lookup, .failed, .moduleLookup].contains($0.kind) })
        #expect(all.contains { $0.kind == .parent })
    }

    @Test func hideCacheHitsDropsTheirCounts() throws {
        let shown = try edges(DiagramOptions(), .lookup).first { $0.from == "c5" && $0.label.first == "analytics" }
        #expect(shown?.label == ["analytics", "1 hop · 1× cached"])
        let hidden = try edges(DiagramOptions(hide: [.cacheHits]), .lookup).first { $0.from == "c5" && $0.label.first == "analytics" }
        #expect(hidden?.label == ["analytics", "1 hop"])
    }

    @Test func hideReleasedDropsReleasedNodes() throws {
        #expect(try titles(DiagramOptions()).contains("OnboardingModule"))
        #expect(try !titles(DiagramOptions(hide: [.released])).contains("OnboardingModule"))
    }

    @Test func dependencyShowsWhoNeedsItWhoProvidesItAndThePathsBetween() throws {
        let options = DiagramOptions(dependency: "profileStore")
        #expect(try titles(options) == ["AppComponent", "ProfileComponent", "ProfileDetailsComponent", "AvatarComponent"])
        let lookups = try edges(options, .lookup)
        #expect(lookups.count == 2)
        #expect(lookups.allSatisfy { $0.label.first == "profileStore" && $0.to == "c13" })
    }

    @Test func failedLookupsGoToAMissingNode() throws {
        let snapshot = GraphSnapshot(events: [
            .created(NodeCreated(id: ObjectID(1), kind: .component, type: "App.Root")),
            .lookup(DependencyLookup(requester: ObjectID(1), name: "x", type: "App.X", walk: [ObjectID(1)], provider: nil, cacheHit: false)),
            .lookup(DependencyLookup(requester: ObjectID(1), name: "x", type: "App.X", walk: [ObjectID(1)], provider: nil, cacheHit: false)),
        ])
        let diagram = try DiagramBuilder().build(snapshot)
        #expect(diagram.nodes.filter { $0.kind == .missing }.map(\.details) == [["x: X"]])
        #expect(diagram.edges.filter { $0.kind == .failed }.map(\.to) == ["x1"])
    }
}
