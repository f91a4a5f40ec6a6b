import GraphInspectCheckContract

extension StaticReader {
    /// What `graphinspect check` prints and draws for the sources under `paths`.
    public static func reading(_ paths: [String]) throws(StaticReader.ReadError) -> StaticReading {
        let graph = graph(of: try files(in: paths))
        let summary = graph.summary
        func count(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        let line = [
            count(summary.files, "file") + (summary.filesNotReached == 0 ? "" : " (\(summary.filesNotReached) in modules that cannot see GraphInspect, not read)"),
            count(summary.componentTypes, "component type"),
            "\(count(summary.components, "component")) in trees", count(summary.holders, "holder"),
            count(summary.modules, "module"),
            "\(summary.lookupsChecked) of \(count(summary.lookups, "lookup")) checked",
            "\(summary.moduleLookupsChecked) of \(count(summary.moduleLookups, "module lookup")) checked",
        ].joined(separator: ", ") + (summary.redeclaredOutsideTheGraph == 0 ? "" : ", \(count(summary.redeclaredOutsideTheGraph, "name")) declared twice outside the graph (types it never uses; read as one, not listed)")
        return StaticReading(snapshot: graph.snapshot, diagnostics: graph.diagnostics, facts: graph.facts, summary: line)
    }
}
