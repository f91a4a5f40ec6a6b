import GraphInspect
import GraphInspectCheckContract
import GraphInspectDiagram

/// `diff --format markdown`: what changed between two runs as one pull-request comment. A hidden
/// marker line (so a CI step finds its own comment to update), one summary line, then a line
/// saying so when a run crashed or failed (`EndingWords`), new rule findings (`diff --rules`), new
/// and fixed missing dependencies (each `why` report folded in `<details>`), tables of what was
/// added, removed or moved (new lookups with the components walked between requester and
/// provider), and a Mermaid picture of only the changed part, made smaller until it fits
/// Mermaid's defaults. Nothing changed: nil (no comment).
public struct DiffMarkdown: Sendable {
    /// The comment's first line, for a CI step to find the comment it posted before.
    public static let marker = "<!-- graphinspect-diff -->"
    /// Rows a table shows; the rest are counted in a line below it.
    public static let rowsPerTable = 40
    /// Mermaid's defaults: a chart of more edges (`maxEdges`) or characters (`maxTextSize`) is
    /// refused, and GitHub uses the defaults.
    public static let mermaidMaxEdges = 500
    public static let mermaidMaxCharacters = 50_000

    public init() {}

    /// The comment, or nil when the two runs have the same shape, ended alike and the new one
    /// has no new rule findings.
    /// - Parameter ruleFindings: the new run's findings of a rules file that neither its baseline
    ///   nor the old run has, as `check` words them.
    public func write(
        old: GraphSnapshot, new: GraphSnapshot, leakGrace: UInt64 = RetainedAfterDetach.defaultGrace, ruleFindings: [StaticDiagnostic] = [],
        costs: CostChanges = CostChanges()
    ) -> String? {
        var diff = GraphDiff(old: old, new: new, leakGrace: leakGrace)
        diff.newRuleFindings = ruleFindings
        let changes = ShapeChanges(diff, old: old, new: new)
        guard !changes.isEmpty || diff.endingChanged || !ruleFindings.isEmpty || !costs.isEmpty else { return nil }
        var out = Self.marker + "\n"
        out += "**graphinspect:** " + (changes.isEmpty ? "no change of shape" : changes.summary)
            + (ruleFindings.isEmpty ? "" : ", " + Self.plural(ruleFindings.count, "new rule finding"))
            + (costs.slower.isEmpty ? "" : ", " + Self.plural(costs.slower.count, "cost") + " slower") + "\n"
        if diff.endingChanged, let ending = EndingWords.comment.line(old: diff.oldEnding, new: diff.newEnding) {
            out += "\n**" + ending.lead + "**" + ending.rest + "\n"
        }
        out += rulesSection(ruleFindings)
        out += costSection("Slower", costs.slower, basis: costs.basis)
        out += missingSection("New missing dependencies", changes.newMissing, reports: changes.reports)
        out += missingSection("Fixed missing dependencies", changes.fixedMissing, reports: [:])
        out += leakSection("New leaks (retained after detach)", changes.newLeaks, reports: changes.leakReports)
        out += leakSection("Fixed leaks", changes.fixedLeaks, reports: [:])
        out += table("Components", header: ["", "component", "parent"], rows: changes.componentRows)
        out += table("Holders, modules and routers", header: ["", "kind", "name", "in"], rows: changes.treeRows)
        out += table("Providers", header: ["", "component", "provides"], rows: changes.providerRows)
        out += table("Lookups", header: ["", "requester", "asks for", "answered by"], rows: changes.lookupRows)
        out += costSection("Faster", costs.faster, basis: costs.basis)
        out += picture(GraphDiff.diagram(diff, old: old, new: new))
        return out
    }

    /// The new rule findings: `check`'s table, paths and fixes folded below it.
    private func rulesSection(_ findings: [StaticDiagnostic]) -> String {
        guard !findings.isEmpty else { return "" }
        return "\n#### New rule findings\n\n" + FindingsMarkdown.table(findings)
    }

    /// What got slower (or faster) beyond the noise, a row each.
    private func costSection(_ title: String, _ changes: [CostChanges.Change], basis: String) -> String {
        guard !changes.isEmpty else { return "" }
        let rows = changes.map { change in
            [change.what, change.name.isEmpty ? "" : MarkdownEscaping.code(change.name), ProfileDuration.text(change.old), ProfileDuration.text(change.new),
             (change.isSlower ? "+" : "-") + ProfileDuration.text(change.isSlower ? change.new - change.old : change.old - change.new),
             change.factor.map { CostChanges.Change.twoDecimals($0) + "x" } ?? (change.old == 0 ? "new" : "was under 0.1 ms")]
        }
        return table(title, header: ["what", "name", "before", "after", "change", "factor"], rows: rows)
            + "\n_Beyond the noise: \(basis); graphinspect's docs/profile.md says how it is judged._\n"
    }

    private static func plural(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }

    private func missingSection(_ title: String, _ lookups: [ShapeChanges.Lookup], reports: [ShapeChanges.Lookup: String]) -> String {
        guard !lookups.isEmpty else { return "" }
        var out = "\n#### \(title)\n\n"
        for lookup in lookups.prefix(Self.rowsPerTable) {
            out += "- " + MarkdownEscaping.code(Self.shown(lookup.requester)) + " asks for " + MarkdownEscaping.code(lookup.asked) + "\n"
            if let report = reports[lookup] {
                out += Self.folded(report)
            }
        }
        if lookups.count > Self.rowsPerTable { out += "- and \(lookups.count - Self.rowsPerTable) more\n" }
        return out
    }

    private func leakSection(_ title: String, _ paths: [String], reports: [String: String]) -> String {
        guard !paths.isEmpty else { return "" }
        var out = "\n#### \(title)\n\n"
        for path in paths.prefix(Self.rowsPerTable) {
            out += "- " + MarkdownEscaping.code(Self.shown(path)) + "\n"
            if let report = reports[path] {
                out += Self.folded(report)
            }
        }
        if paths.count > Self.rowsPerTable { out += "- and \(paths.count - Self.rowsPerTable) more\n" }
        return out
    }

    /// A report folded under its list item: `why`, opened on click.
    private static func folded(_ report: String) -> String {
        "  <details><summary>why</summary>\n\n" + MarkdownEscaping.fenced(report, language: "text").split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "  " + $0 }.joined(separator: "\n") + "\n  </details>\n"
    }

    private func table(_ title: String, header: [String], rows: [[String]]) -> String {
        guard !rows.isEmpty else { return "" }
        var out = "\n#### \(title)\n\n"
        out += "| " + header.joined(separator: " | ") + " |\n"
        out += "|" + header.map { _ in " --- |" }.joined() + "\n"
        for row in rows.prefix(Self.rowsPerTable) { out += "| " + row.joined(separator: " | ") + " |\n" }
        if rows.count > Self.rowsPerTable { out += "\nand \(rows.count - Self.rowsPerTable) more rows (`graphinspect diff` prints them all)\n" }
        return out
    }

    /// The changed part with one hop around it; without the hop; with lookups as lines; then
    /// fewer changed nodes, until Mermaid takes it.
    private func picture(_ whole: Diagram) -> String {
        let total = whole.changedNodeCount
        guard total > 0 else { return "" }
        var attempts: [(Diagram, String?)] = [
            (whole.changedPart(hops: 1), nil),
            (whole.changedPart(hops: 0), "the changed nodes only: with their neighbours the chart is larger than Mermaid draws"),
            (whole.changedPart(hops: 0).foldingLookups(above: 0), "the changed nodes only, lookups as lines: the chart is larger than Mermaid draws otherwise"),
        ]
        var limit = total / 2
        while limit >= 1 {
            attempts.append((whole.changedPart(hops: 0, limit: limit).foldingLookups(above: 0), "\(limit) of the \(total) changed nodes: all of them are more than Mermaid draws"))
            limit /= 2
        }
        for (part, note) in attempts {
            var drawn = part
            drawn.summary = nil
            let chart = MermaidWriter().write(drawn)
            guard drawn.edges.count <= Self.mermaidMaxEdges, chart.count <= Self.mermaidMaxCharacters else { continue }
            return "\n#### The changed part\n\n" + (note.map { "_Drawn: \($0)._\n\n" } ?? "")
                + "Added in green, removed in red (dashed), moved or answered by another provider in orange.\n\n"
                + MarkdownEscaping.fenced(chart, language: "mermaid")
        }
        return "\n#### The changed part\n\n_Not drawn: even one changed node with its lookups is more than Mermaid draws._\n"
    }

    /// A path as a reader wants it: without the kind and the root mark.
    static func shown(_ chain: String) -> String {
        var shown = chain
        // A path is its kind, a space and its chain (`component ^->App->Home`).
        let kind = ShapeChanges.kind(of: shown)
        if shown.dropFirst(kind.count).hasPrefix(" ^") { shown.removeFirst(kind.count + 1) }
        if shown.hasPrefix("^->") { shown.removeFirst(3) }
        return shown.isEmpty || shown == "^" ? "(a root)" : shown
    }
}
