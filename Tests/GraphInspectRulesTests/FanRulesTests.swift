import GraphInspect
import GraphInspectCheckContract
import GraphInspectRules
import GraphInspectSample
import Testing

/// `max-fan-in` and `max-fan-out`: read with their limit and scope, found where the figures pass
/// the limit and nowhere else, worded as the other rules are, kept in a baseline by a line that
/// names no place.
@Suite struct FanRulesTests {
    typealias Graph = RulesEngineTests.Graph

    /// root <- home, settings, profile <- avatar. Home, settings and avatar ask the root for
    /// analytics (home twice); avatar and profile ask it for players.
    static func hub() -> Graph {
        var graph = Graph()
        let root = graph.component("RootComponent", provides: [("analytics", "Analytics"), ("players", "Players")])
        let home = graph.component("HomeComponent", parent: root)
        let settings = graph.component("SettingsComponent", parent: root)
        let profile = graph.component("ProfileComponent", parent: root)
        let avatar = graph.component("AvatarComponent", parent: profile)
        graph.lookup(home, "analytics", walk: [home, root], provider: root, at: 3)
        graph.lookup(home, "analytics", walk: [home, root], provider: root, at: 4)
        graph.lookup(settings, "analytics", walk: [settings, root], provider: root, at: 5)
        graph.lookup(avatar, "analytics", walk: [avatar, profile, root], provider: root, at: 6)
        graph.lookup(avatar, "players", walk: [avatar, profile, root], provider: root, at: 7)
        graph.lookup(profile, "players", walk: [profile, root], provider: root, at: 8)
        graph.lookup(profile, "missing", walk: [profile, root], provider: nil, at: 9)
        return graph
    }

    @Test func readsALimitAndTypes() throws {
        let rules = try RuleSetReaderTests.read("rules:\n  max-fan-in: 8\n  max-fan-out: {limit: 12, severity: warning, types: [\"Feature*\", \"App.*\"]}\n")
        #expect(rules.rules.map(\.kind) == [.maxFanIn, .maxFanOut])
        #expect(rules.rules.map(\.limit) == [8, 12])
        #expect(rules.rules.map(\.severity) == [.error, .warning])
        #expect(rules.rules[1].scope.types.map(\.text) == ["Feature*", "App.*"])
        #expect(RuleSetReaderTests.error("rules:\n  max-fan-in: {limit: 0}\n") == "graphinspect.yml:2:23: `limit` is 0; expected a whole number of at least 1.")
        #expect(RuleSetReaderTests.error("rules:\n  max-fan-out: warning\n") == "graphinspect.yml:2:16: max-fan-out needs `limit`: the most allowed, a whole number (`limit: 3`).")
        #expect(RuleSetReaderTests.error("rules:\n  max-fan-in: {limit: 2, name: x}\n").hasPrefix("graphinspect.yml:2:26: unknown key `name` in max-fan-in"))
    }

    @Test func aProviderAskedByMoreTypesThanTheLimit() throws {
        let found = try RulesEngineTests.findings("rules:\n  max-fan-in: 2\n", Self.hub())
        #expect(found.map(\.baselineEntry) == ["max-fan-in: RootComponent.analytics answers 3 component types"])
        #expect(found.first?.message == "RootComponent.analytics answers lookups of 3 component types; the rules allow at most 2")
        #expect(found.first?.details == [
            "  asked by: AvatarComponent, HomeComponent, SettingsComponent",
            "  rule: max-fan-in (graphinspect.yml:2)",
            "  fix: provide `analytics` nearer the components that ask (in each subtree that needs it), so fewer depend on RootComponent's, or raise max-fan-in's limit",
        ])
        #expect(found.first?.severity == .error)
        #expect(try RulesEngineTests.findings("rules:\n  max-fan-in: 3\n", Self.hub()).isEmpty)
        // Scoped by the provider's component type.
        #expect(try RulesEngineTests.findings("rules:\n  max-fan-in: {limit: 1, types: \"Home*\"}\n", Self.hub()).isEmpty)
        let scoped = try RulesEngineTests.findings("rules:\n  max-fan-in: {limit: 1, types: \"Root*\", severity: warning}\n", Self.hub())
        #expect(scoped.map(\.subject) == ["RootComponent.analytics answers 3 component types", "RootComponent.players answers 2 component types"])
        #expect(scoped.allSatisfy { $0.severity == .warning })
    }

    @Test func aComponentAskingMoreProvidersThanTheLimit() throws {
        let found = try RulesEngineTests.findings("rules:\n  max-fan-out: 1\n", Self.hub())
        // Profile's unanswered lookup is no provider: its fan-out is 1.
        #expect(found.map(\.baselineEntry) == ["max-fan-out: AvatarComponent resolves from 2 providers"])
        #expect(found.first?.message == "AvatarComponent's lookups resolve to 2 providers; the rules allow at most 1")
        #expect(found.first?.details == [
            "  providers: RootComponent.analytics, RootComponent.players",
            "  rule: max-fan-out (graphinspect.yml:2)",
            "  fix: split AvatarComponent into components that each ask for less, or have one provider hand it what several do, or raise max-fan-out's limit",
        ])
        #expect(try RulesEngineTests.findings("rules:\n  max-fan-out: 2\n", Self.hub()).isEmpty)
        #expect(try RulesEngineTests.findings("rules:\n  max-fan-out: {limit: 1, types: \"Home*\"}\n", Self.hub()).isEmpty)
    }

    /// From the sources, each finding is at the declaration: the provider's for fan-in, the
    /// component type's for fan-out; `paths` scopes by it.
    @Test func fromTheSourcesFindingsAreAtTheDeclarations() throws {
        var places = SourcePlaces()
        places.providers["App.RootComponent"] = ["analytics": SourcePosition(file: "Sources/Root.swift", line: 4, column: 9)]
        places.types["App.AvatarComponent"] = SourcePosition(file: "Sources/Profile/Avatar.swift", line: 2, column: 1)
        let found = try RulesEngineTests.findings("rules:\n  max-fan-in: 2\n  max-fan-out: 1\n", Self.hub(), origin: .sources, places: places)
        #expect(found.map { $0.position?.description ?? "-" } == ["Sources/Profile/Avatar.swift:2:1", "Sources/Root.swift:4:9"])
        let inProfile = try RulesEngineTests.findings("rules:\n  max-fan-in: {limit: 2, paths: \"Sources/Profile/**\"}\n  max-fan-out: {limit: 1, paths: \"Sources/Profile/**\"}\n", Self.hub(), origin: .sources, places: places)
        #expect(inProfile.map(\.rule) == ["max-fan-out"])
    }

    /// A baseline line names the offender and its figure, so it stays while the figure does and
    /// fails when the figure changes.
    @Test func aBaselineKeepsAFindingByItsFigure() throws {
        let found = try RulesEngineTests.findings("rules:\n  max-fan-in: 2\n  max-fan-out: 1\n", Self.hub())
        let text = RulesBaseline.text(of: found.map(\.baselineEntry))
        #expect(text.hasSuffix("\n\nmax-fan-in: RootComponent.analytics answers 3 component types\nmax-fan-out: AvatarComponent resolves from 2 providers\n"))
        let baseline = try RulesBaseline.read(text: text, path: "graphinspect-rules-baseline.txt")
        let held = baseline.hold(found)
        #expect(held.report.isEmpty && held.known == 2)
        // One more component type asks: the figure is 4, a new finding, and the old line is stale.
        var grown = Self.hub()
        let extra = grown.component("ExtraComponent", parent: ObjectID(1))
        grown.lookup(extra, "analytics", walk: [extra, ObjectID(1)], provider: ObjectID(1))
        let again = baseline.hold(try RulesEngineTests.findings("rules:\n  max-fan-in: 2\n  max-fan-out: 1\n", grown))
        #expect(again.report.map(\.baselineEntry) == [
            "rules-baseline: max-fan-in: RootComponent.analytics answers 3 component types",
            "max-fan-in: RootComponent.analytics answers 4 component types",
        ])
    }

    /// The sample's run: the fan findings at limit 1 are exactly the providers asked by more than
    /// one component type and the components answered by more than one provider, counted here
    /// from the recorded lookups.
    @Test func theSamplesRunFindsWhatItsLookupsShow() throws {
        let recorder = GraphRecorder()
        let app = GraphObservation.withObserver(recorder) { SampleApp.run() }
        let snapshot = withExtendedLifetime(app) { recorder.snapshot() }
        var askedBy: [String: Set<String>] = [:]
        var asks: [String: Set<String>] = [:]
        for lookup in snapshot.lookups {
            guard let provider = lookup.provider, let providing = snapshot.node(provider), let requester = snapshot.node(lookup.requester) else { continue }
            askedBy["\(providing.shortType).\(lookup.name)", default: []].insert(requester.type)
            asks[requester.shortType, default: []].insert("\(providing.type).\(lookup.name)")
        }
        let rules = try RuleSetReaderTests.read("rules:\n  max-fan-in: 1\n  max-fan-out: 1\n")
        let found = RulesEngine(rules: rules).findings(in: RulesInput(snapshot: snapshot, origin: .run))
        let expected = askedBy.filter { $0.value.count > 1 }.map { "max-fan-in: \($0.key) answers \($0.value.count) component types" }
            + asks.filter { $0.value.count > 1 }.map { "max-fan-out: \($0.key) resolves from \($0.value.count) providers" }
        #expect(found.map(\.baselineEntry).sorted() == expected.sorted())
        #expect(found.contains { $0.subject == "AppComponent.analytics answers 3 component types" })
    }
}
