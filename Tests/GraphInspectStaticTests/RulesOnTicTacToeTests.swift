import Foundation
import GraphInspect
import GraphInspectCheckContract
import GraphInspectRules
import GraphInspectRulesYAML
@testable import GraphInspectStatic
import GraphInspectStyleTicTacToe
import Testing

/// On needle's tic-tac-toe (ported, Examples/Styles/TicTacToe), the
/// issue's rules file reports the forbidden lookup at its line and the unused provider at its
/// declaration from the sources, and the same two findings from a run of the app.
@Suite struct RulesOnTicTacToeTests {
    static let yaml = """
        rules:
          forbidden-lookup:
            - requester: "Game*"
              provider: "Root*"
              severity: error
          unused-provider: error
        """

    static func rules(_ yaml: String = yaml) throws -> RuleSet {
        try RuleSetReader(path: "graphinspect.yml").read(try YAMLRulesParser.parse(yaml, path: "graphinspect.yml"))
    }

    static func readAndRun() throws -> (sources: RulesInput, run: RulesInput) {
        let files = try FidelityTests.files("Examples/Styles/TicTacToe").map { StaticReader.SourceFile(path: $0.path, module: "GraphInspectStyleTicTacToe", text: $0.text) }
        let graph = StaticReader.graph(of: files)
        let run = FidelityTests.record { TicTacToeApp.run() }
        return (RulesInput(snapshot: graph.snapshot, places: graph.places, origin: .sources), RulesInput(snapshot: run, origin: .run))
    }

    @Test func theSameTwoFindingsFromTheSourcesAndFromARun() throws {
        let (sources, run) = try Self.readAndRun()
        let engine = RulesEngine(rules: try Self.rules())
        let read = engine.findings(in: sources), ran = engine.findings(in: run)
        let expected = [
            "forbidden-lookup: GameComponent resolves `analytics` from RootComponent",
            "unused-provider: RootComponent.networkService",
        ]
        #expect(read.map(\.baselineEntry) == expected)
        #expect(ran.map(\.baselineEntry).sorted() == expected)
        // The lookup at its line (the `resolve` call), the provider at its declaration.
        let source = try String(contentsOfFile: FidelityTests.root.appendingPathComponent("Examples/Styles/TicTacToe/Game.swift").path, encoding: .utf8)
        let lookupLine = try #require(source.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("resolve(\"analytics\")") }) + 1
        #expect(read[0].position?.line == lookupLine && read[0].position?.file.hasSuffix("TicTacToe/Game.swift") == true)
        #expect(read[1].position?.file.hasSuffix("TicTacToe/Root.swift") == true && read[1].position?.line == 13)
        // The run knows the lookup's line too (`resolve` captures it), not the declaration.
        let ranLookup = try #require(ran.first { $0.rule == "forbidden-lookup" })
        #expect(ranLookup.position?.line == lookupLine)
        #expect(ran.first { $0.rule == "unused-provider" }?.position == nil)
        // The static graph agrees with the run fact for fact.
        let files = try FidelityTests.files("Examples/Styles/TicTacToe").map { StaticReader.SourceFile(path: $0.path, module: "GraphInspectStyleTicTacToe", text: $0.text) }
        _ = FidelityTests.expectAgreement("tic-tac-toe", files, run.snapshot)
    }

    /// Every other rule on the same app: each finding true of the app as written (the game's own
    /// score stream shadows the logged-in one's, as needle's sample warns), and the reading and
    /// the run agree.
    @Test func everyRuleAgreesBetweenTheSourcesAndTheRun() throws {
        let (sources, run) = try Self.readAndRun()
        let engine = RulesEngine(rules: try Self.rules("""
            rules:
              max-hops: 1
              max-depth: 2
              max-children: 1
              shadowing: warning
              router-required: error
            """))
        let read = engine.findings(in: sources).map(\.baselineEntry).sorted(), ran = engine.findings(in: run).map(\.baselineEntry).sorted()
        #expect(read == [
            "max-depth: GameComponent at depth 3 of the component tree",
            "max-depth: ScoreSheetComponent at depth 3 of the component tree",
            "max-hops: GameComponent resolves `analytics` from RootComponent, 2 hops",
            "shadowing: GameComponent.mutableScoreStream shadows LoggedInComponent.mutableScoreStream",
        ])
        #expect(ran == read)
    }
}

/// The names a file reads as members, for `unused-provider`.
@Suite struct MemberReadsTests {
    @Test func identifiersAfterADotAreRead() {
        let text = """
            let c = F10Component(parent: p)
            c.f10Analytics.track("built")   // .inComment counts too
            let x = a?.b!.c_1 + 1.5 + .zero
            let é = .ünïcode
            """
        #expect(MemberReads.scan(text) == ["b", "c_1", "f10Analytics", "inComment", "track", "zero", "ünïcode"])
        #expect(MemberReads.scan("") == [] && MemberReads.scan("...") == [] && MemberReads.scan("a.") == [])
    }
}
