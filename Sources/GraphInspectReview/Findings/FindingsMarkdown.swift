import GraphInspect
import GraphInspectCheckContract

/// Findings (of `check`, or of a rules file held against a run) as one pull-request comment, in
/// the diff comment's style: a hidden marker line for a CI step to find it again, a summary line,
/// a table of the findings (severity, rule, place, what), each finding's path and fix folded in
/// `<details>`. No findings: a comment saying so, so an old comment can be updated to it.
public struct FindingsMarkdown: Sendable {
    /// The comment's first line.
    public static let marker = "<!-- graphinspect-findings -->"
    /// Rows the table shows; the rest are counted below it.
    public static let rowsPerTable = 50

    public init() {}

    /// The comment. `title` names what was checked (`graphinspect check`, `rules of graphinspect.yml`).
    public func write(_ findings: [StaticDiagnostic], title: String, known: Int = 0) -> String {
        var out = Self.marker + "\n"
        func count(_ severity: StaticDiagnostic.Severity) -> Int { findings.filter { $0.severity == severity }.count }
        func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        var summary = [plural(count(.error), "error"), plural(count(.warning), "warning")]
        if count(.note) > 0 { summary.append(plural(count(.note), "note")) }
        if known > 0 { summary.append("\(known) known in the baseline") }
        out += "**\(MarkdownEscaping.text(title)):** " + summary.joined(separator: ", ") + "\n"
        guard !findings.isEmpty else { return out + "\nNo findings.\n" }
        return out + "\n" + Self.table(findings)
    }

    /// The findings' table (severity, rule, place, what), each finding's path and fix folded
    /// below it: the comment's body, and the diff comment's section of new rule findings.
    static func table(_ findings: [StaticDiagnostic]) -> String {
        var out = "| | rule | where | finding |\n| --- | --- | --- | --- |\n"
        for finding in findings.prefix(Self.rowsPerTable) {
            let mark = finding.severity == .error ? "❌" : finding.severity == .warning ? "⚠️" : "ℹ️"
            let place = finding.position.isKnown ? MarkdownEscaping.code(finding.position.description) : "(not known)"
            out += "| \(mark) | \(MarkdownEscaping.code(finding.rule)) | \(place) | \(MarkdownEscaping.text(finding.message)) |\n"
        }
        if findings.count > Self.rowsPerTable { out += "\nand \(findings.count - Self.rowsPerTable) more (the command prints them all)\n" }
        let detailed = findings.prefix(Self.rowsPerTable).filter { !$0.details.isEmpty }
        if !detailed.isEmpty {
            out += "\n<details><summary>paths and fixes</summary>\n\n"
            out += MarkdownEscaping.fenced(detailed.map { $0.formatted() }.joined(separator: "\n\n"), language: "text")
            out += "\n</details>\n"
        }
        return out
    }
}
