import Foundation
import GraphInspect
import GraphInspectCheckContract
@testable import GraphInspectQuery
import GraphInspectSample
import GraphInspectStatic
import GraphInspectStyleTicTacToe
import Testing

/// `query stats`' health figures held to an independent computation: each provider's blast
/// radius to `query impact --remove` asked of that provider, each component's fan-out to its
/// lookups counted here, shadowing and mean hops to what the apps are known to do.
@Suite struct HealthFiguresTests {
    /// What `impact --remove` says fails without the provider: its breaks, their requesters, and
    /// the module and holder types built with a component of one of those types (read here from
    /// the snapshot's nodes).
    static func expectedRadius(of provider: String, in graph: QueryGraph) throws -> StatsAnswer.BlastRadius {
        let answer = try graph.impact(remove: provider)
        let requesters = Set(answer.breaks.map(\.requester))
        var modules: Set<String> = []
        for node in graph.snapshot.nodes where node.kind == .module || node.kind == .holder {
            guard let component = node.component, graph.snapshot.node(component) != nil, requesters.contains(graph.displayName(of: component)) else { continue }
            modules.insert(graph.displayName(of: node.type))
        }
        return StatsAnswer.BlastRadius(lookups: answer.breaks.count, components: requesters.count, modules: modules.count)
    }

    /// Each component type's fan-out counted from the snapshot's lookups: the distinct
    /// (provider's type, name) its resolved lookups name; 0 for a type that resolves none.
    static func fanOuts(_ graph: QueryGraph) -> [String: Int] {
        var answered: [String: Set<String>] = [:]
        for node in graph.snapshot.nodes where node.kind == .component { answered[node.type] = [] }
        for lookup in graph.snapshot.lookups {
            guard let provider = lookup.provider, let providing = graph.snapshot.node(provider), let requester = graph.snapshot.node(lookup.requester),
                  requester.kind == .component else { continue }
            answered[requester.type, default: []].insert(providing.type + "\u{0}" + lookup.name)
        }
        return Dictionary(uniqueKeysWithValues: answered.map { (graph.displayName(of: $0.key), $0.value.count) })
    }

    static func record(_ app: @Sendable () -> Any) -> GraphSnapshot {
        let recorder = GraphRecorder()
        let alive = GraphObservation.withObserver(recorder, operation: app)
        return withExtendedLifetime(alive) { recorder.snapshot() }
    }

    /// Every provider of every app: its blast radius is what `impact --remove` of it reports, a
    /// declaration that runs code asked as the command asks it (the sources read again).
    @Test(arguments: QueryApp.all)
    func blastRadiusIsWhatImpactRemoveReports(app: QueryApp) throws {
        let files = try app.files()
        let reading = StaticReader.graph(of: files)
        let graph = ImpactOracleTests.queryGraph(reading, files: files)
        let stats = graph.stats()
        var failing = 0
        for provider in stats.providers {
            let name = "\(provider.component).\(provider.name)"
            #expect(provider.blastRadius == (try Self.expectedRadius(of: name, in: graph)), "\(app): \(name)")
            if provider.blastRadius.lookups > 0 { failing += 1 }
        }
        print("health figures, \(app): \(stats.providers.count) providers' blast radii as impact --remove reports them, \(failing) breaking something")
    }

    /// The same from a run of the sample: the recorded tree walked again, as `impact` walks it.
    @Test func blastRadiusFromARunIsWhatImpactRemoveReports() throws {
        let graph = QueryGraph(snapshot: Self.record { SampleApp.run() }, origin: .run)
        let stats = graph.stats()
        for provider in stats.providers {
            let name = "\(provider.component).\(provider.name)"
            #expect(provider.blastRadius == (try Self.expectedRadius(of: name, in: graph)), "the sample's run: \(name)")
        }
        // The sample's figures, as its sources and run are known to have them.
        let analytics = stats.providers.first { $0.component == "AppComponent" && $0.name == "analytics" }
        #expect(analytics?.blastRadius == StatsAnswer.BlastRadius(lookups: 3, components: 3, modules: 3))
        #expect(analytics?.fanIn == 3)
        #expect(stats.providers.contains { $0.blastRadius.modules > 0 })
    }

    /// Fan-out from the bundled sample's run and from its sources, counted here from the lookups.
    @Test func fanOutIsCountedFromTheSamplesLookups() throws {
        let run = QueryGraph(snapshot: Self.record { SampleApp.run() }, origin: .run)
        let reading = StaticReader.graph(of: try QueryApp.all[0].files())
        let sources = QueryGraph(snapshot: reading.snapshot, origin: .sources, places: reading.places)
        for graph in [run, sources] {
            let stats = graph.stats()
            #expect(Dictionary(uniqueKeysWithValues: stats.components.map { ($0.component, $0.fanOut) }) == Self.fanOuts(graph), "\(graph.origin)")
        }
        // Avatar asks for its own style, its parent's profile store and flags (the profile's
        // shadow the root's) and the root's analytics, each answered.
        #expect(run.stats().components.first { $0.component == "AvatarComponent" }?.fanOut == 4)
    }

    /// Fan-out on the generated app: a sub-component asks for its store, its feature's service and
    /// the analytics of up to three ancestor features; the planted lookup of a sibling's service
    /// finds nothing and is no provider.
    @Test func fanOutIsCountedFromAGeneratedAppsLookups() throws {
        let reading = StaticReader.graph(of: try QueryApp.generated.files())
        let graph = QueryGraph(snapshot: reading.snapshot, origin: .sources, places: reading.places)
        let stats = graph.stats()
        let counted = Self.fanOuts(graph)
        #expect(Dictionary(uniqueKeysWithValues: stats.components.map { ($0.component, $0.fanOut) }) == counted)
        let fanOut = Dictionary(uniqueKeysWithValues: stats.components.map { ($0.component, $0.fanOut) })
        // F0: the root feature, no ancestor; F9 below F2 below F0 (planted); F10 likewise.
        #expect(fanOut["F0S0Component"] == 2)
        #expect(fanOut["F1S1Component"] == 3)
        #expect(fanOut["F9S0Component"] == 4)
        #expect(fanOut["F10S1Component"] == 4)
        #expect(fanOut["F9Component"] == 0)
        // The planted lookup breaks nothing more when its sibling's service goes: it found none.
        let service = stats.providers.first { $0.component == "F10Component" && $0.name == "f10Service" }
        #expect(service?.blastRadius == StatsAnswer.BlastRadius(lookups: 2, components: 2, modules: 2))
    }

    /// Tic-tac-toe (needle's sample): the game's score stream shadows the logged-in one's, as
    /// the rules' `shadowing` finds; mean hops over each component's resolved lookups.
    @Test func shadowingAndMeanHopsOnTicTacToe() throws {
        let app = try #require(QueryApp.all.first { $0.name.hasPrefix("tic-tac-toe") })
        let reading = StaticReader.graph(of: try app.files())
        let stats = QueryGraph(snapshot: reading.snapshot, origin: .sources, places: reading.places).stats()
        let shadowing = stats.providers.compactMap { provider in provider.shadowing.map { "\(provider.component).\(provider.name) shadows \($0)" } }
        #expect(shadowing == ["GameComponent.mutableScoreStream shadows LoggedInComponent.mutableScoreStream"])
        let mean = Dictionary(uniqueKeysWithValues: stats.components.map { ($0.component, $0.meanHops) })
        // Game: its own score stream (0 hops) and the root's analytics (2): 1 on average.
        #expect(mean["GameComponent"] == 1.0)
        #expect(mean["LoggedOutComponent"] == 1.0)
        #expect(mean["RootComponent"] == .some(nil))
    }

    /// A run that times its lookups: the times sum by provider and by component type; without
    /// them, no figure carries a time.
    @Test func lookupCostsSumByProviderAndComponent() throws {
        struct TenEach: LookupCosts {
            func nanoseconds(ofEventAt index: Int, _ lookup: DependencyLookup) -> Int? { lookup.name == "analytics" ? 10 : nil }
        }
        let graph = QueryGraph(snapshot: Self.record { SampleApp.run() }, origin: .run)
        let analytics = graph.snapshot.lookups.filter { $0.name == "analytics" }
        let timed = graph.stats(costs: TenEach())
        #expect(timed.providers.first { $0.component == "AppComponent" && $0.name == "analytics" }?.nanoseconds == 10 * analytics.count)
        #expect(timed.providers.filter { $0.nanoseconds != nil }.count == 1)
        let home = analytics.filter { graph.displayName(of: $0.requester) == "HomeComponent" }.count
        #expect(timed.components.first { $0.component == "HomeComponent" }?.nanoseconds == 10 * home)
        #expect(graph.stats().providers.allSatisfy { $0.nanoseconds == nil } && graph.stats().components.allSatisfy { $0.nanoseconds == nil })
    }

    /// The text's health section: the five largest of each figure, largest first, ties by name,
    /// none of zero; no section when nothing resolves.
    @Test func healthSectionListsTheLargestFiveOfEach() {
        func provider(_ component: String, fanIn: Int, breaks: Int) -> StatsAnswer.ProviderStats {
            StatsAnswer.ProviderStats(
                component: component, name: "x", lookups: fanIn, fanIn: fanIn, propertyReads: 0, unused: fanIn == 0,
                blastRadius: StatsAnswer.BlastRadius(lookups: breaks, components: min(breaks, 1), modules: 0)
            )
        }
        let providers = [provider("A", fanIn: 1, breaks: 1), provider("B", fanIn: 3, breaks: 0), provider("C", fanIn: 1, breaks: 2),
                         provider("D", fanIn: 1, breaks: 1), provider("E", fanIn: 2, breaks: 1), provider("F", fanIn: 1, breaks: 1),
                         provider("G", fanIn: 1, breaks: 1), provider("H", fanIn: 0, breaks: 0)]
        let components = [StatsAnswer.ComponentStats(component: "Z", depth: 1, lookups: 2, mostHops: 1, fanOut: 2, meanHops: 0.5),
                          StatsAnswer.ComponentStats(component: "Y", depth: 0, lookups: 0, mostHops: 0, fanOut: 0)]
        let text = QueryText.health(StatsAnswer(providers: providers, components: components))
        #expect(text == [
            "health: the largest 5 of each figure",
            "  blast radius (what fails without it: lookups, their component types, the modules built with those):",
            "    C.x: 2 lookups, 1 component, 0 modules",
            "    A.x: 1 lookup, 1 component, 0 modules",
            "    D.x: 1 lookup, 1 component, 0 modules",
            "    E.x: 1 lookup, 1 component, 0 modules",
            "    F.x: 1 lookup, 1 component, 0 modules",
            "  fan-in (component types whose lookups it answers):",
            "    B.x: 3",
            "    E.x: 2",
            "    A.x: 1",
            "    C.x: 1",
            "    D.x: 1",
            "  fan-out (providers that answer its lookups):",
            "    Z: 2",
        ])
        #expect(QueryText.health(StatsAnswer(providers: [provider("H", fanIn: 0, breaks: 0)], components: [])).isEmpty)
        #expect([0.5, 2.0, 0.67, 10.05].map(QueryText.decimal) == ["0.50", "2.00", "0.67", "10.05"])
    }

    /// The JSON keys docs/query.md documents, on a provider and a component.
    @Test func jsonHasTheDocumentedKeys() throws {
        let app = try #require(QueryApp.all.first { $0.name.hasPrefix("tic-tac-toe") })
        let reading = StaticReader.graph(of: try app.files())
        let stats = QueryGraph(snapshot: reading.snapshot, origin: .sources, places: reading.places).stats()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let object = try #require(try JSONSerialization.jsonObject(with: encoder.encode(stats)) as? [String: Any])
        let providers = try #require(object["providers"] as? [[String: Any]])
        let shadowing = try #require(providers.first { $0["shadowing"] != nil })
        #expect(shadowing["shadowing"] as? String == "LoggedInComponent.mutableScoreStream")
        #expect(Set((shadowing["blastRadius"] as? [String: Any])?.keys.map { $0 } ?? []) == ["lookups", "components", "modules"])
        let components = try #require(object["components"] as? [[String: Any]])
        let game = try #require(components.first { $0["component"] as? String == "GameComponent" })
        #expect(game["fanOut"] as? Int == 2 && game["meanHops"] as? Double == 1.0 && game["nanoseconds"] == nil)
    }
}
