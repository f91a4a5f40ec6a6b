import Foundation
import GraphInspectCheckContract

/// Known violations, kept in git: one finding a line (`rule: subject`, as `RuleFinding` names
/// it, without a place, so moving code does not change it), sorted. Held against a new set of
/// findings, a known one does not count, a new one does, and an entry no longer found counts
/// too, as an error saying to remove it: a baseline only shrinks by someone deleting a line.
public struct RulesBaseline: Sendable, Equatable {
    public var path: String
    /// Each entry with its line in the file.
    public var entries: [(text: String, line: Int)]

    public init(path: String, entries: [(text: String, line: Int)]) {
        self.path = path
        self.entries = entries
    }

    public static func == (a: Self, b: Self) -> Bool {
        a.path == b.path && a.entries.map(\.text) == b.entries.map(\.text) && a.entries.map(\.line) == b.entries.map(\.line)
    }

    /// Reads a baseline: `#` comments and blank lines skipped, every other line an entry whose
    /// rule id is known.
    public static func read(text: String, path: String) throws(RulesError) -> RulesBaseline {
        var entries: [(String, Int)] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.hasSuffix("\r") ? String(raw.dropLast()) : String(raw)
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            guard let colon = trimmed.range(of: ": "), RuleKind(rawValue: String(trimmed[..<colon.lowerBound])) != nil,
                !trimmed[colon.upperBound...].trimmingCharacters(in: .whitespaces).isEmpty
            else { throw RulesError(path: path, line: index + 1, .badBaselineLine(trimmed)) }
            entries.append((trimmed, index + 1))
        }
        return RulesBaseline(path: path, entries: entries)
    }

    /// The file `--write-rules-baseline` writes: a header saying what it is, then every finding's
    /// entry (`RuleFinding.baselineEntry`), sorted, each once.
    public static func text(of entries: [String]) -> String {
        let header = """
            # graphinspect rules baseline: known violations of the rules, one a line, sorted.
            # A finding listed here does not fail the build; a new one does; a line no longer
            # found fails too, until it is deleted. Rewrite it with --write-rules-baseline.
            """
        return header + "\n\n" + Set(entries).sorted().map { $0 + "\n" }.joined()
    }

    /// What is left to report: the findings not listed, and an error for each listed entry no
    /// longer found (at its line in this file); with how many findings the baseline accepted.
    public func hold(_ findings: [RuleFinding]) -> (report: [RuleFinding], known: Int) {
        let listed = Set(entries.map(\.text))
        let found = Set(findings.map(\.baselineEntry))
        let new = findings.filter { !listed.contains($0.baselineEntry) }
        var seen: Set<String> = []
        let gone = entries.filter { !found.contains($0.text) && seen.insert($0.text).inserted }.map { entry in
            RuleFinding(
                rule: "rules-baseline", severity: .error, position: SourcePosition(file: path, line: entry.line, column: 1),
                message: "`\(entry.text)` is in the rules baseline but no longer found",
                details: ["  fix: delete line \(entry.line) of \(path) (the violation is gone), or rewrite the baseline with --write-rules-baseline"],
                subject: entry.text
            )
        }
        return ((new + gone).sorted(), findings.count - new.count)
    }
}
