import Foundation
import GraphInspectCheckContract
import GraphInspectRules
import Testing

/// Known violations: listed ones pass, new ones fail, and a listed one no longer found fails
/// until its line is deleted (the request modules-graph-assert declined, #157).
@Suite struct RulesBaselineTests {
    static func finding(_ subject: String, rule: String = "forbidden-lookup", line: Int = 1) -> RuleFinding {
        RuleFinding(rule: rule, severity: .error, position: SourcePosition(file: "App.swift", line: line, column: 1), message: subject, details: [], subject: subject)
    }

    @Test func writtenSortedOnceEachAndReadBack() throws {
        let findings = [Self.finding("B resolves `x` from Root", line: 9), Self.finding("A resolves `x` from Root", line: 3), Self.finding("A resolves `x` from Root", line: 5)]
        let text = RulesBaseline.text(of: findings.map(\.baselineEntry))
        #expect(text.hasSuffix("\nforbidden-lookup: A resolves `x` from Root\nforbidden-lookup: B resolves `x` from Root\n"))
        let baseline = try RulesBaseline.read(text: text, path: "graphinspect-rules-baseline.txt")
        #expect(baseline.entries.map(\.text) == ["forbidden-lookup: A resolves `x` from Root", "forbidden-lookup: B resolves `x` from Root"])
        let held = baseline.hold(findings)
        #expect(held.report.isEmpty)
        #expect(held.known == 3)
    }

    @Test func newFindingsFailAndGoneEntriesFailAtTheirLine() throws {
        let baseline = try RulesBaseline.read(text: "# known\nforbidden-lookup: A resolves `x` from Root\n\nunused-provider: Root.network\n", path: "graphinspect-rules-baseline.txt")
        let held = baseline.hold([Self.finding("A resolves `x` from Root"), Self.finding("C resolves `y` from Root", line: 7)])
        #expect(held.known == 1)
        #expect(held.report.map(\.baselineEntry) == ["forbidden-lookup: C resolves `y` from Root", "rules-baseline: unused-provider: Root.network"])
        let gone = try #require(held.report.last)
        #expect(gone.position == SourcePosition(file: "graphinspect-rules-baseline.txt", line: 4, column: 1))
        #expect(gone.severity == .error)
        #expect(gone.diagnostic.formatted() == """
            graphinspect-rules-baseline.txt:4:1: error: `unused-provider: Root.network` is in the rules baseline but no longer found
              fix: delete line 4 of graphinspect-rules-baseline.txt (the violation is gone), or rewrite the baseline with --write-rules-baseline
            """)
    }

    @Test(arguments: ["forbidden lookup A", "unknown-rule: A", "shadowing:", "shadowing: "])
    func aLineThatIsNotAnEntryIsAnError(line: String) {
        #expect(throws: RulesError(path: "b.txt", line: 2, .badBaselineLine(line.trimmingCharacters(in: .whitespaces)))) {
            try RulesBaseline.read(text: "# header\n" + line + "\n", path: "b.txt")
        }
    }
}
