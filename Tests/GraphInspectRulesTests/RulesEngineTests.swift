import GraphInspect
import GraphInspectCheckContract
import GraphInspectRules
import GraphInspectSample
import Testing

/// Each rule on graphs made for it: it finds what breaks it and nothing else, says where, and
/// names its finding the same way from a reading of the sources and from a run.
@Suite struct RulesEngineTests {
    /// A graph written as events: components by type with their parent and providers, lookups.
    struct Graph {
        var events: [GraphEvent] = []
        var next: UInt64 = 0

        mutating func component(_ type: String, parent: ObjectID? = nil, provides: [(String, String)] = []) -> ObjectID {
            next += 1
            let id = ObjectID(next)
            events.append(.created(NodeCreated(
                id: id, kind: .component, type: "App." + type, parent: parent,
                providers: provides.map { Provider(name: $0.0, type: "App." + $0.1, form: .stored) }
            )))
            return id
        }

        mutating func node(_ type: String, kind: NodeKind, holder: ObjectID? = nil, key: String? = nil) -> ObjectID {
            next += 1
            let id = ObjectID(next)
            events.append(.created(NodeCreated(id: id, kind: kind, type: "App." + type, key: key, parent: holder)))
            if let holder { events.append(.moduleAttached(ModuleAttachment(holder: holder, module: id))) }
            return id
        }

        mutating func lookup(_ requester: ObjectID, _ name: String, walk: [ObjectID], provider: ObjectID?, at line: Int? = nil) {
            events.append(.lookup(DependencyLookup(
                requester: requester, name: name, type: "App.X", walk: walk, provider: provider, cacheHit: false,
                location: line.map { SourceLocation(file: "App/Game.swift", line: $0) }
            )))
        }

        var snapshot: GraphSnapshot { GraphSnapshot(events: events) }
    }

    static func findings(_ yaml: String, _ graph: Graph, origin: RulesInput.Origin = .run, places: SourcePlaces = SourcePlaces()) throws -> [RuleFinding] {
        let rules = try RuleSetReaderTests.read(yaml)
        return RulesEngine(rules: rules).findings(in: RulesInput(snapshot: graph.snapshot, places: places, origin: origin))
    }

    /// root -> loggedIn -> game; the game asks the root for analytics and its parent for scores.
    static func needleShaped() -> (Graph, root: ObjectID, loggedIn: ObjectID, game: ObjectID) {
        var graph = Graph()
        let root = graph.component("RootComponent", provides: [("analytics", "Analytics"), ("networkService", "NetworkService"), ("players", "Players")])
        let loggedIn = graph.component("LoggedInComponent", parent: root, provides: [("scores", "Scores")])
        let game = graph.component("GameComponent", parent: loggedIn, provides: [("scores", "Scores")])
        graph.lookup(game, "analytics", walk: [game, loggedIn, root], provider: root, at: 47)
        graph.lookup(game, "scores", walk: [game], provider: game, at: 46)
        graph.lookup(loggedIn, "players", walk: [loggedIn, root], provider: root)
        graph.lookup(loggedIn, "scores", walk: [loggedIn], provider: loggedIn)
        return (graph, root, loggedIn, game)
    }

    @Test func forbiddenLookupAtItsLineWithItsPath() throws {
        let (graph, _, _, _) = Self.needleShaped()
        let found = try Self.findings("rules:\n  forbidden-lookup:\n    - requester: \"Game*\"\n      provider: \"Root*\"\n", graph)
        #expect(found.map(\.baselineEntry) == ["forbidden-lookup: GameComponent resolves `analytics` from RootComponent"])
        #expect(found.first?.position == SourcePosition(file: "App/Game.swift", line: 47, column: 0))
        #expect(found.first?.severity == .error)
        #expect(found.first?.details.first == "  lookup path: GameComponent -> LoggedInComponent -> RootComponent")
        #expect(found.first?.diagnostic.formatted().hasPrefix("App/Game.swift:47: error: GameComponent resolves `analytics` from RootComponent, which the rules forbid (requester `Game*`, provider `Root*`)\n") == true)
        // A name pattern narrows it; a module pattern names the module; scoped out by path.
        #expect(try Self.findings("rules:\n  forbidden-lookup:\n    - requester: \"Game*\"\n      name: \"play*\"\n", graph).isEmpty)
        #expect(try Self.findings("rules:\n  forbidden-lookup:\n    - requester: \"App.*\"\n      provider: \"App.Root*\"\n", graph).count == 2)
        #expect(try Self.findings("rules:\n  forbidden-lookup:\n    - provider: \"Root*\"\n      paths: \"Other/**\"\n", graph).isEmpty)
        #expect(try Self.findings("rules:\n  forbidden-lookup:\n    - provider: \"Root*\"\n      severity: off\n", graph).isEmpty)
    }

    @Test func hopsCountTheWalkToTheProvider() throws {
        let (graph, _, _, _) = Self.needleShaped()
        let found = try Self.findings("rules:\n  max-hops: {limit: 1, severity: warning}\n", graph)
        #expect(found.map(\.baselineEntry) == ["max-hops: GameComponent resolves `analytics` from RootComponent, 2 hops"])
        #expect(found.first?.severity == .warning)
        #expect(found.first?.message == "GameComponent resolves `analytics` 2 hops up, from RootComponent; the rules allow at most 1")
        #expect(try Self.findings("rules:\n  max-hops: 2\n", graph).isEmpty)
    }

    /// Statically, a provider is used when any lookup names it; in a run, when one resolved from it.
    @Test func unusedProvidersDifferBySourceAndRun() throws {
        let (graph, _, _, _) = Self.needleShaped()
        let places = SourcePlaces(providers: ["App.RootComponent": ["networkService": SourcePosition(file: "App/Root.swift", line: 13, column: 9)]])
        let statically = try Self.findings("rules:\n  unused-provider: error\n", graph, origin: .sources, places: places)
        #expect(statically.map(\.baselineEntry) == ["unused-provider: RootComponent.networkService"])
        #expect(statically.first?.position == SourcePosition(file: "App/Root.swift", line: 13, column: 9))
        // In the run, LoggedInComponent's scores were resolved (by itself); GameComponent's too.
        let run = try Self.findings("rules:\n  unused-provider: error\n", graph, origin: .run)
        #expect(run.map(\.baselineEntry) == ["unused-provider: RootComponent.networkService"])
        #expect(run.first?.position == nil)
        #expect(try Self.findings("rules:\n  unused-provider:\n    types: \"Lobby*\"\n", graph).isEmpty)
        // Read as a member anywhere in the sources (`component.networkService`): used.
        var read = places
        read.memberReads = ["networkService"]
        #expect(try Self.findings("rules:\n  unused-provider: error\n", graph, origin: .sources, places: read).isEmpty)
    }

    /// Same name and type below: shadowing. Same name, another type: not (a lookup matches both).
    @Test func shadowingNeedsTheSameNameAndType() throws {
        var (graph, _, loggedIn, _) = Self.needleShaped()
        _ = graph.component("ScoreSheetComponent", parent: loggedIn, provides: [("scores", "ScoreSummary")])
        let found = try Self.findings("rules:\n  shadowing: warning\n", graph)
        #expect(found.map(\.baselineEntry) == ["shadowing: GameComponent.scores shadows LoggedInComponent.scores"])
        #expect(found.first?.details.first == "  chain: GameComponent -> LoggedInComponent")
    }

    @Test func depthChildrenAndRouters() throws {
        var graph = Graph()
        let root = graph.node("AppHolder", kind: .holder)
        let profile = graph.node("ProfileHolder", kind: .holder, holder: root, key: "profile")
        let home = graph.node("HomeModule", kind: .module, holder: root, key: "home")
        _ = graph.node("AvatarModule", kind: .module, holder: profile, key: "avatar")
        _ = graph.node("DetailsModule", kind: .module, holder: profile, key: "details")
        graph.next += 1
        graph.events.append(.created(NodeCreated(id: ObjectID(graph.next), kind: .router, type: "App.HomeRouter")))
        graph.events.append(.routerAttached(RouterAttachment(module: home, router: ObjectID(graph.next))))
        let deep = try Self.findings("rules:\n  max-depth: 2\n", graph)
        // Each branch past the limit, once, at its first node past it.
        #expect(deep.map(\.baselineEntry) == ["max-depth: AvatarModule at depth 3 of the module tree", "max-depth: DetailsModule at depth 3 of the module tree"])
        #expect(deep.first?.message == "the module tree is 3 deep below AppHolder; the rules allow 2: AvatarModule is at depth 3")
        #expect(try Self.findings("rules:\n  max-depth: 3\n", graph).isEmpty)
        let crowded = try Self.findings("rules:\n  max-children: 1\n", graph)
        #expect(crowded.map(\.baselineEntry) == ["max-children: AppHolder holds 2 modules", "max-children: ProfileHolder holds 2 modules"])
        #expect(try Self.findings("rules:\n  max-children: 2\n", graph).isEmpty)
        let routers = try Self.findings("rules:\n  router-required:\n    types: \"*Module\"\n", graph)
        #expect(routers.map(\.baselineEntry) == ["router-required: AvatarModule has no router", "router-required: DetailsModule has no router"])
    }

    /// A 10,000-deep chain, every component providing the same name: one walk, no recursion, the
    /// one finding past the depth limit, and every shadowing found.
    @Test func aTenThousandDeepChainIsWalkedOnce() throws {
        var graph = Graph()
        var parent: ObjectID?
        for level in 0..<10_000 { parent = graph.component("Level\(level)", parent: parent, provides: [("config", "Config")]) }
        let found = try Self.findings("rules:\n  max-depth: 50\n  shadowing: warning\n", graph)
        #expect(found.filter { $0.rule == "max-depth" }.map(\.subject) == ["Level50 at depth 51 of the component tree"])
        #expect(found.filter { $0.rule == "shadowing" }.count == 9_999)
        #expect(found.first { $0.rule == "max-depth" }?.details.first?.contains("... 41 more ...") == true)
    }

    /// A parent chain that loops (only a corrupt recording has one) ends, and finds nothing false.
    @Test func aCyclicParentChainEnds() throws {
        let a = NodeCreated(id: ObjectID(1), kind: .component, type: "App.A", parent: ObjectID(2), providers: [Provider(name: "x", type: "App.X", form: .stored)])
        let b = NodeCreated(id: ObjectID(2), kind: .component, type: "App.B", parent: ObjectID(1), providers: [Provider(name: "x", type: "App.X", form: .stored)])
        let snapshot = GraphSnapshot(nodes: [GraphNode(created: a), GraphNode(created: b)], events: [.created(a), .created(b)])
        let rules = try RuleSetReaderTests.read("rules:\n  max-depth: 1\n  shadowing: warning\n  unused-provider: error\n")
        let found = RulesEngine(rules: rules).findings(in: RulesInput(snapshot: snapshot, origin: .run))
        #expect(found.map(\.baselineEntry) == ["unused-provider: A.x", "unused-provider: B.x"])
    }

    /// Names with quotes, newlines and `<` stay on one line, quoted, in every finding.
    @Test func hostileNamesStayOnOneLine() throws {
        var graph = Graph()
        let root = graph.component("Root", provides: [("a\"b\nc<d>", "X")])
        let child = graph.component("Child", parent: root)
        graph.lookup(child, "a\"b\nc<d>", walk: [child, root], provider: root)
        let found = try Self.findings("rules:\n  forbidden-lookup:\n    - provider: Root\n  max-hops: 0\n", graph)
        #expect(found.count == 2)
        for finding in found {
            #expect(!finding.message.contains("\n") && !finding.subject.contains("\n"), "\(finding.message)")
            #expect(finding.message.contains(#""a\"b\nc<d>""#))
        }
    }

    /// The bundled sample's run, every rule on: nothing the rules' own definitions do not make
    /// true (each checked here against the snapshot independently).
    @Test func theSamplesRunGivesOnlyTrueFindings() throws {
        let recorder = GraphRecorder()
        let app = GraphObservation.withObserver(recorder) { SampleApp.run() }
        let snapshot = withExtendedLifetime(app) { recorder.snapshot() }
        let rules = try RuleSetReaderTests.read("rules:\n  unused-provider: error\n  shadowing: warning\n  max-hops: 1\n  router-required: warning\n")
        let found = RulesEngine(rules: rules).findings(in: RulesInput(snapshot: snapshot, origin: .run))
        let resolved = Set(snapshot.lookups.compactMap { lookup in lookup.provider.map { "\(snapshot.node($0)!.shortType).\(lookup.name)" } })
        for finding in found where finding.rule == "unused-provider" {
            #expect(!resolved.contains(finding.subject), "\(finding.subject) was resolved in the run")
        }
        for finding in found where finding.rule == "max-hops" {
            #expect(snapshot.lookups.contains { lookup in
                guard let provider = lookup.provider, let hops = lookup.walk.firstIndex(of: provider) else { return false }
                return hops > 1 && finding.subject.hasPrefix(snapshot.node(lookup.requester)!.shortType + " resolves `\(lookup.name)`")
            })
        }
        for finding in found where finding.rule == "router-required" {
            let type = String(finding.subject.prefix { $0 != " " })
            #expect(snapshot.nodes.filter { $0.shortType == type }.contains { $0.router == nil })
        }
        #expect(found.contains { $0.rule == "unused-provider" } && found.contains { $0.rule == "max-hops" })
    }
}
