#if canImport(GraphInspectStatic)
import GraphInspectCheckContract
import GraphInspectStatic

/// The benchmark's calls of the static reader's entry: the reading, or the findings alone, of
/// the sources under `paths`.
extension StaticCheck {
    static func reading(_ paths: [String], options: StaticReader.Options = StaticReader.Options()) throws -> StaticReading {
        try StaticCheck().run(Request(paths: paths, options: options)).reading!
    }

    static func findings(_ paths: [String], options: StaticReader.Options) throws -> StaticReading.Findings {
        try findingsAndReuse(paths, options: options).findings
    }

    /// The findings and what was reused to find them: the rows that time a kind of reuse hold
    /// the check to it.
    static func findingsAndReuse(_ paths: [String], options: StaticReader.Options) throws -> (findings: StaticReading.Findings, reuse: ReuseReport) {
        var request = Request(paths: paths, options: options)
        request.findingsOnly = true
        let result = try StaticCheck().run(request)
        return (result.findings, result.reuse)
    }
}
#endif
