@testable import GraphInspectStatic
import Testing

/// A branch on a Bool parameter is decided per object: `if online { ... }` in an init never runs
/// for the object made with `online: false`, so a lookup there is no error for it. Only a literal
/// every place making the object passes decides; any other shape counts both branches, and a
/// lookup a run may make is still reported.
@Suite struct BranchDecisionTests {
    /// A root providing `region`; a component below it that provides `pageSize`, one that does not; `Search` is
    /// what each test declares, made once under each (`online` is what the offline one passes).
    static func graph(
        _ search: String, offline: String = "online: false", online: String = "online: true", offlineType: String = "Search"
    ) -> StaticGraph {
        StaticReliabilityTests.graph(["App.swift": """
            import GraphInspect

            final class Root: Component, RootComponent {
                let region = "eu"
                init() { super.init(parent: nil) }
            }
            final class OnlineComponent: Component {
                let pageSize = 20
            }
            final class OfflineComponent: Component {}

            \(search)

            let root = Root()
            let onlineSearch = Search(component: OnlineComponent(parent: root), \(online))
            let offlineSearch = \(offlineType)(component: OfflineComponent(parent: root), \(offline))

            """])
    }

    /// The error an undecided branch leaves: the offline component asked for the page size.
    static let missing = ["missing dependency `pageSize: Int`"]

    static func expectDecided(_ graph: StaticGraph, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(graph.errors.map(\.message) == [], "\(graph.diagnostics.map { $0.formatted() })", sourceLocation: sourceLocation)
        #expect(graph.summary.lookupsChecked == 1, "\(graph.summary)", sourceLocation: sourceLocation)
    }

    static func expectUndecided(_ graph: StaticGraph, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(graph.errors.map(\.message) == missing, "\(graph.diagnostics.map { $0.formatted() })", sourceLocation: sourceLocation)
    }

    // MARK: Decided

    @Test(arguments: [
        "if online { let n: Int = component.pageSize; _ = n }",
        "if (online) { let n: Int = component.pageSize; _ = n }",
        "if !online { } else { let n: Int = component.pageSize; _ = n }",
        "if !(!online) { let n: Int = component.pageSize; _ = n }",
        "if online == true { let n: Int = component.pageSize; _ = n }",
        "if online != false { let n: Int = component.pageSize; _ = n }",
        "if false == online { return } else { let n: Int = component.pageSize; _ = n }",
        "guard online else { return }\n        let n: Int = component.pageSize\n        _ = n",
        "guard !online else { let n: Int = component.pageSize; _ = n; return }",
    ])
    func aTestOfTheParameterIsDecided(body: String) {
        Self.expectDecided(Self.graph("""
            final class Search {
                init(component: Component, online: Bool) {
                    \(body)
                }
            }
            """))
    }

    /// `else if` nests: the lookup runs only when `cached` is false and `online` true.
    @Test func anElseIfChainIsAConjunction() {
        let search = """
            final class Search {
                init(component: Component, cached: Bool, online: Bool) {
                    if cached {
                        print("cached")
                    } else if online {
                        let n: Int = component.pageSize
                        _ = n
                    }
                }
            }
            """
        Self.expectDecided(Self.graph(search, offline: "cached: false, online: false", online: "cached: false, online: true"))
        // Made cached offline: the lookup's branch is not taken either way.
        Self.expectDecided(Self.graph(search, offline: "cached: true, online: true", online: "cached: false, online: true"))
    }

    @Test func anOmittedArgumentPassesItsDefault() {
        Self.expectDecided(Self.graph("""
            final class Search {
                init(component: Component, online: Bool = false) {
                    if online { let n: Int = component.pageSize; _ = n }
                }
            }
            """, offline: ""))
    }

    /// `super.init(online: online)`, `super.init(online: false)`, `self.init(online: false)`:
    /// what the caller passes, or holds.
    @Test(arguments: [
        ("final class Search: Paging { init(component: Component, online: Bool) { super.init(component: component, online: online) } }", "online: false", "Search"),
        ("""
        final class Search: Paging {}
        final class OfflineSearch: Paging { init(component: Component, cache: Int) { super.init(component: component, online: false) } }
        """, "cache: 1", "OfflineSearch"),
        ("""
        final class Search: Paging {}
        extension Paging { convenience init(component: Component, cache: Int) { self.init(component: component, online: false) } }
        """, "cache: 1", "Search"),
    ])
    func aParameterPassedOnIsWhatTheCallerHolds(search: String, offline: String, offlineType: String) {
        Self.expectDecided(Self.graph("""
            class Paging {
                init(component: Component, online: Bool) {
                    if online { let n: Int = component.pageSize; _ = n }
                }
            }
            \(search)
            """, offline: offline, offlineType: offlineType))
    }

    // MARK: Undecided: the error stays

    @Test(arguments: [
        // Two conditions, or a call: no test.
        "if online && ready { let n: Int = component.pageSize; _ = n }",
        "if online || ready { let n: Int = component.pageSize; _ = n }",
        "if online, ready { let n: Int = component.pageSize; _ = n }",
        "if isOn(online) { let n: Int = component.pageSize; _ = n }",
        // A local of the same name: not the parameter.
        "var online = online\n        online.toggle()\n        if online { let n: Int = component.pageSize; _ = n }",
        "if ready { let online = true; if online { let n: Int = component.pageSize; _ = n } }",
        // A closure's parameter of the same name.
        "let run: (Bool) -> Void = { online in if online { let n: Int = component.pageSize; _ = n } }\n        run(true)",
    ])
    func anotherShapeCountsBothBranches(body: String) {
        Self.expectUndecided(Self.graph("""
            func isOn(_ flag: Bool) -> Bool { !flag }
            final class Search {
                init(component: Component, online: Bool, ready: Bool = true) {
                    \(body)
                }
            }
            """))
    }

    /// A flag the reading cannot name (`Bool.random()`, a variable) passes every test.
    @Test(arguments: ["online: Bool.random()", "online: offlineFlag", "online: root.isEnabled"])
    func anArgumentThatIsNoLiteralCountsBothBranches(offline: String) {
        Self.expectUndecided(Self.graph("""
            let offlineFlag = false
            extension Root { var isEnabled: Bool { false } }
            final class Search {
                init(component: Component, online: Bool) {
                    if online { let n: Int = component.pageSize; _ = n }
                }
            }
            """, offline: offline))
    }

    /// An `inout` flag may change before the test.
    @Test func anInoutParameterCountsBothBranches() {
        Self.expectUndecided(Self.graph("""
            var flag = false
            final class Search {
                init(component: Component, online: inout Bool) {
                    online = true
                    if online { let n: Int = component.pageSize; _ = n }
                }
            }
            """, offline: "online: &flag", online: "online: &flag"))
    }

    /// One `Search(...)` in a helper called with both literals: one object for the reading,
    /// made with both, so both branches count for it.
    @Test func aHelperCalledWithBothLiteralsCountsBothBranches() {
        let graph = StaticReliabilityTests.graph(["App.swift": """
            import GraphInspect

            final class Root: Component, RootComponent {
                init() { super.init(parent: nil) }
            }
            final class OnlineComponent: Component {
                let pageSize = 20
            }
            final class OfflineComponent: Component {}
            final class Search {
                init(component: Component, online: Bool) {
                    if online { let n: Int = component.pageSize; _ = n }
                }
            }
            func makeSearch(_ component: Component, online: Bool) -> Search {
                Search(component: component, online: online)
            }

            let root = Root()
            let onlineSearch = makeSearch(OnlineComponent(parent: root), online: true)
            let offlineSearch = makeSearch(OfflineComponent(parent: root), online: false)

            """])
        Self.expectUndecided(graph)
    }

    /// A lookup no context runs is noted, with why (the other lookup is checked).
    @Test func aLookupSkippedEverywhereIsNoted() {
        let graph = Self.graph("""
            final class Search {
                init(component: Component, online: Bool) {
                    let region: String = component.region
                    if online {
                        let n: Int = component.pageSize
                        let m: Int = component.resolve("pageSize", as: Int.self)
                        _ = (n, m)
                    }
                    _ = region
                }
            }
            """, online: "online: false")
        #expect(graph.errors.isEmpty, "\(graph.diagnostics.map { $0.formatted() })")
        let note = "not checked: runs only when `online` is true, and every place that makes Search passes false"
        #expect(graph.diagnostics.map { "\($0.position.line):\($0.position.column) \($0.message)" } == ["16:36 " + note, "17:36 " + note])
    }

    /// A construction under a branch is still one the sources write (`Constructions`): the
    /// holder made behind `guard nested` is made in the sources, not assumed made elsewhere.
    @Test func aConstructionUnderABranchIsMadeInTheSources() throws {
        let fixture = DefectFixtureTests.fixtures.appendingPathComponent("holder-made-by-a-builder/App.swift")
        let original = try String(contentsOf: fixture, encoding: .utf8)
        let made = """
                    AHolder(holder: holder, context: context, component: AComponent(parent: parentComponent))
                }
            """
        let behindAGuard = """
                    make(holder: holder, context: context, component: AComponent(parent: parentComponent), nested: true)
                }
                func make(holder: ModuleHolderObject?, context: any ModuleHolderContext, component: AComponent, nested: Bool) -> AHolder {
                    guard nested else { fatalError("flat") }
                    return AHolder(holder: holder, context: context, component: component)
                }
            """
        #expect(original.contains(made))
        let graph = StaticReliabilityTests.graph(["App.swift": original.replacingOccurrences(of: made, with: behindAGuard)])
        #expect(graph.errors.map(\.message) == ["missing dependency `cService: CService`"])
        #expect(!graph.diagnostics.contains { $0.message.contains("AHolder is not made") }, "\(graph.diagnostics.map(\.message))")
    }

    // MARK: The guarantee

    /// A branch is skipped only where its parameter's literals are known: on every app the tests
    /// know, each context that decides branches holds a literal (or "unknown") for each Bool
    /// parameter at the fixed point. An empty slot would hide a branch a run may take.
    @Test(arguments: PruningTests.folders.filter { !$0.contains("swift-syntax") })
    func everyDecidingContextHoldsItsLiterals(folder: String) throws {
        let path = FidelityTests.root.appendingPathComponent(folder).path
        let files = try StaticReader.files(in: [path])
        let (_, analysis, _) = StaticReader.analysed(StaticReader.prepare(files, options: StaticReader.Options(threads: 2)))
        var deciding = 0
        for case .function(let id, let context) in analysis.known {
            guard let function = analysis.functionsByID[id], analysis.decidesBranches(function, context: context) else { continue }
            for parameter in function.parameters where analysis.isLiteralKind(parameter, in: function) {
                deciding += 1
                let slot = FlowAnalysis.literalSlot(function, context: context, parameter: parameter.name)
                #expect(analysis.slots[slot]?.isEmpty == false, "\(folder): \(function.owner ?? "").\(function.name)(\(parameter.name):) in context \(context)")
            }
        }
        if folder.hasSuffix("literal-branch") || folder.hasSuffix("untaken-branch") { #expect(deciding >= 1, "\(folder)") }
    }
}
