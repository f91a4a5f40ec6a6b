import GraphInspect
import GraphInspectSample
import Testing
@testable import GraphInspectDiagram

/// A summary chooses its depth by counting the nodes each depth would draw, without drawing them.
/// The count must be what drawing makes, under every option, or a summary draws another depth
/// than the one it would have chosen by drawing.
@Suite struct DiagramSummaryTests {
    /// An app whose lookups fail, resolve after failing, resolve only from the cache, and whose
    /// holders miss module keys, some of them found later: every way a "missing" node is made
    /// or not.
    static let failing: GraphSnapshot = {
        let root = ObjectID(1), child = ObjectID(2), grandchild = ObjectID(3), holder = ObjectID(4), inner = ObjectID(5), module = ObjectID(6)
        func lookup(_ requester: ObjectID, _ name: String, provider: ObjectID?, cacheHit: Bool = false) -> GraphEvent {
            .lookup(DependencyLookup(requester: requester, name: name, type: "App.\(name.capitalized)", walk: [requester], provider: provider, cacheHit: cacheHit))
        }
        func moduleLookup(_ requester: ObjectID, _ key: String, _ target: ModuleLookup.Target, found: Bool) -> GraphEvent {
            .moduleLookup(ModuleLookup(requester: requester, key: key, target: target, walk: [requester], module: found ? module : nil, holder: found ? holder : nil))
        }
        return GraphSnapshot(events: [
            .created(NodeCreated(id: root, kind: .component, type: "App.Root", providers: [Provider(name: "clock", type: "App.Clock", form: .stored)])),
            .created(NodeCreated(id: child, kind: .component, type: "App.Child", parent: root)),
            .created(NodeCreated(id: grandchild, kind: .component, type: "App.Grandchild", parent: child)),
            .created(NodeCreated(id: holder, kind: .holder, type: "App.RootHolder", key: "root", component: root)),
            .created(NodeCreated(id: inner, kind: .holder, type: "App.InnerHolder", key: "inner", parent: holder, component: child)),
            .created(NodeCreated(id: module, kind: .module, type: "App.Settings", key: "settings", parent: holder, component: child)),
            lookup(child, "gateway", provider: nil), lookup(grandchild, "gateway", provider: nil),
            lookup(grandchild, "clock", provider: nil), lookup(grandchild, "clock", provider: root),
            lookup(child, "store", provider: nil), lookup(child, "store", provider: root, cacheHit: true),
            lookup(child, "clock", provider: root), lookup(child, "clock", provider: root, cacheHit: true),
            moduleLookup(inner, "payments", .module, found: false), moduleLookup(inner, "payments", .router, found: false),
            moduleLookup(inner, "settings", .module, found: false), moduleLookup(inner, "settings", .module, found: true),
            moduleLookup(holder, "profile", .router, found: false),
            .released(Released(id: grandchild)),
        ])
    }()

    static let samples: [(String, GraphSnapshot)] = [
        ("failing", failing),
        ("modules", DiagramFilterTests.snapshot),
        ("school", record { SchoolApp.run().app }),
        ("signup", record { SignUpApp.run() }),
        ("screen", record { ScreenApp.run().screen }),
    ]

    static func record<App>(_ app: () -> App) -> GraphSnapshot {
        let recorder = GraphRecorder()
        let alive = GraphObservation.withObserver(recorder, operation: app)
        return withExtendedLifetime(alive) { recorder.snapshot() }
    }

    /// Every combination of view, hidden parts, collapsing, depth, focus and dependency.
    static var everyOption: [DiagramOptions] {
        var all: [DiagramOptions] = []
        let hides: [Set<DiagramOptions.Hide>] = [[], [.released], [.cacheHits], [.lookups], [.released, .cacheHits]]
        let collapses: [Set<DiagramOptions.Collapse>] = [[], [.holders], [.modules], [.holders, .modules]]
        for view in DiagramOptions.View.allCases {
            for hide in hides {
                for collapse in collapses {
                    for depth in [nil, 0, 1, 2] as [Int?] {
                        for (dependency, focus) in [(nil, nil), ("clock", nil), ("gateway", nil), ("analytics", nil), (nil, "Child"), (nil, "inner"), (nil, "ProfileComponent")] as [(String?, String?)] {
                            var options = DiagramOptions()
                            options.focus = focus
                            options.view = view
                            options.hide = hide
                            options.collapse = collapse
                            options.depth = depth
                            options.dependency = dependency
                            all.append(options)
                        }
                    }
                }
            }
        }
        return all
    }

    @Test(arguments: samples.map(\.0))
    func theCountIsWhatDrawingMakes(sample: String) throws {
        let snapshot = try #require(Self.samples.first { $0.0 == sample }?.1)
        var compared = 0
        for options in Self.everyOption {
            // A filter that matches nothing is an error either way.
            guard let drawn = try? DiagramBuilder(options: options).build(snapshot) else {
                #expect(throws: DiagramError.self) { try DiagramBuilder(options: options).drawnNodeCount(snapshot) }
                continue
            }
            let counted = try DiagramBuilder(options: options).drawnNodeCount(snapshot)
            #expect(counted == drawn.nodes.count, "\(sample): \(options)")
            compared += 1
        }
        #expect(compared > 100)
    }

    /// The failing app draws the missing nodes the count stands for: one per name and type never
    /// found (gateway, asked twice, is one; clock and store resolved after failing are none), one
    /// per module key never found (payments, asked for as module and router, is one).
    @Test func theFailingAppsMissingNodes() throws {
        var options = DiagramOptions()
        options.view = .all
        let missing = try DiagramBuilder(options: options).build(Self.failing).nodes.filter { $0.kind == .missing }
        #expect(missing.map(\.details) == [["gateway: Gateway"], ["module \"payments\""], ["router \"profile\""]])
    }

    /// A summary of an app too big for one picture chooses the same depth as drawing every depth
    /// would: the most levels that fit.
    @Test func aSummaryDrawsTheMostLevelsThatFit() throws {
        let snapshot = DiagramFilterTests.snapshot
        for limit in [1, 3, 5, 8, 12, 20] {
            var options = DiagramOptions(summarizeAbove: limit)
            options.view = .all
            let summary = try DiagramBuilder(options: options).build(snapshot)
            var fits = 0
            for depth in 0...20 {
                var deeper = options
                deeper.summarizeAbove = nil
                deeper.depth = depth
                if try DiagramBuilder(options: deeper).build(snapshot).nodes.count <= limit { fits = depth }
            }
            var chosen = options
            chosen.summarizeAbove = nil
            chosen.depth = fits
            #expect(summary.nodes == (try DiagramBuilder(options: chosen).build(snapshot)).nodes, "limit \(limit)")
        }
    }
}
