import Foundation
import GraphInspectCheckContract
import GraphInspectRules
import GraphInspectRulesYAML
@testable import GraphInspectStatic
import Testing

/// A request's rules held by the one entry: their findings are in the reading and in the cache
/// with the reader's, so the same files and rules again are the whole run's, findings and counts
/// and all; a changed rules file or baseline reads again.
@Suite struct StaticCheckRulesTests {
    static let rules = """
        rules:
          forbidden-lookup:
            - requester: "Game*"
              provider: "Root*"
              severity: error
          unused-provider: error
        """

    /// The tic-tac-toe port's sources, as one module.
    static func files() throws -> [StaticReader.SourceFile] {
        try FidelityTests.files("Examples/Styles/TicTacToe").map { StaticReader.SourceFile(path: $0.path, module: "GraphInspectStyleTicTacToe", text: $0.text) }
    }

    /// The rules in `text` (and the baseline in `baseline`), written to `folder` and read as
    /// `check` reads them.
    static func held(_ text: String, baseline: String? = nil, in folder: String) throws -> ReadingRules {
        YAMLRulesParser.install()
        let path = folder + "/graphinspect.yml"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let baselinePath = folder + "/graphinspect-rules-baseline.txt"
        if let baseline { try baseline.write(toFile: baselinePath, atomically: true, encoding: .utf8) }
        return try HeldRules(path: path, baselinePath: baseline == nil ? nil : baselinePath).forReadings()
    }

    static func run(_ files: [StaticReader.SourceFile], cache: String?, rules: ReadingRules, findingsOnly: Bool = false) throws -> StaticCheck.Result {
        var request = StaticCheck.Request(files: files, options: LastReadingTests.options(cache))
        request.rules = rules
        request.findingsOnly = findingsOnly
        return try StaticCheck().run(request)
    }

    static func ruleIDs(_ diagnostics: [StaticDiagnostic]) -> [String] {
        diagnostics.compactMap(\.ruleID).filter { $0 != "closure-cycle" }
    }

    @Test func theRulesFindingsAreKeptWithTheReadingAndAChangedRuleReadsAgain() throws {
        let files = try Self.files()
        let folder = CheckCacheTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cache = folder + "/cache"
        let rules = try Self.held(Self.rules, in: folder)
        let plain = try Self.run(files, cache: nil, rules: rules)

        let cold = try Self.run(files, cache: cache, rules: rules)
        #expect(cold.reuse.answeredBy == nil)
        #expect(Self.ruleIDs(try #require(cold.reading).diagnostics) == ["forbidden-lookup", "unused-provider"])
        #expect(cold.reading?.rules == RulesTally(errors: 2, warnings: 0, known: 0))
        LastReadingTests.expectSame(try #require(cold.reading), try #require(plain.reading), "cold, held to the rules")

        // The same files and rules: the last reading as it was kept, the rules' findings and
        // counts in it; for the build tool's findings alone too.
        let warm = try Self.run(files, cache: cache, rules: rules)
        #expect(warm.reuse.answeredBy == .wholeRun)
        LastReadingTests.expectSame(try #require(warm.reading), try #require(plain.reading), "warm")
        #expect(warm.reading?.rules == cold.reading?.rules)
        let findings = try Self.run(files, cache: cache, rules: rules, findingsOnly: true)
        #expect(findings.reuse.answeredBy == .wholeRun)
        #expect(findings.findings == plain.findings)
        #expect(findings.findings.rules == RulesTally(errors: 2, warnings: 0, known: 0))

        // A rule turned off: the kept reading is not this one's; the rules' findings change.
        let off = try Self.held(Self.rules.replacingOccurrences(of: "unused-provider: error", with: "unused-provider: off"), in: folder)
        let changed = try Self.run(files, cache: cache, rules: off)
        #expect(changed.reuse.reason(.wholeRun) == "the files, their texts or the options differ from the last reading's")
        #expect(Self.ruleIDs(try #require(changed.reading).diagnostics) == ["forbidden-lookup"])
        #expect(changed.reading?.rules == RulesTally(errors: 1, warnings: 0, known: 0))
        #expect(try Self.run(files, cache: cache, rules: off).reuse.answeredBy == .wholeRun)

        // A baseline listing the forbidden lookup: known, not reported; read again, then kept.
        let known = try Self.held(Self.rules, baseline: "forbidden-lookup: GameComponent resolves `analytics` from RootComponent\n", in: folder)
        let baselined = try Self.run(files, cache: cache, rules: known)
        #expect(baselined.reuse.answeredBy == nil)
        #expect(Self.ruleIDs(try #require(baselined.reading).diagnostics) == ["unused-provider"])
        #expect(baselined.reading?.rules == RulesTally(errors: 1, warnings: 0, known: 1))
        let again = try Self.run(files, cache: cache, rules: known)
        #expect(again.reuse.answeredBy == .wholeRun && again.reading?.rules == baselined.reading?.rules)
    }

    /// Writing a baseline: the findings named for it and counted, none reported; not the reading
    /// that reports them, so the cache keeps them apart.
    @Test func writingABaselineNamesEveryFindingAndReportsNone() throws {
        let files = try Self.files()
        let folder = CheckCacheTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        YAMLRulesParser.install()
        let path = folder + "/graphinspect.yml"
        try Self.rules.write(toFile: path, atomically: true, encoding: .utf8)
        let held = try HeldRules(path: path)
        let reported = try Self.run(files, cache: folder + "/cache", rules: held.forReadings())
        let writing = try Self.run(files, cache: folder + "/cache", rules: held.forReadings(writingBaseline: true))
        #expect(writing.reuse.answeredBy == nil)
        #expect(Self.ruleIDs(try #require(writing.reading).diagnostics).isEmpty)
        #expect(writing.reading?.rules == RulesTally(known: 2, entries: [
            "forbidden-lookup: GameComponent resolves `analytics` from RootComponent", "unused-provider: RootComponent.networkService",
        ]))
        #expect(Self.ruleIDs(try #require(reported.reading).diagnostics).count == 2)
    }
}
