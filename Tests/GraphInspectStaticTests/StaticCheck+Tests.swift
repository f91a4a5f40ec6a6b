import GraphInspectCheckContract
@testable import GraphInspectStatic

/// The tests' calls of the static reader's one entry (`StaticCheck`).
extension StaticCheck {
    /// The reading of `files`, and what was reused to make it.
    static func check(_ files: [StaticReader.SourceFile], options: StaticReader.Options) -> (reading: StaticReading, reuse: ReuseReport) {
        let result = StaticCheck().answer(files, options: options, request: Request(files: files, options: options))
        return (result.reading!, result.reuse)
    }

    static func reading(of files: [StaticReader.SourceFile], options: StaticReader.Options) -> StaticReading {
        check(files, options: options).reading
    }

    /// The findings alone, as the build tool asks, and what was reused.
    static func findingsAndReuse(of files: [StaticReader.SourceFile], options: StaticReader.Options) -> (findings: StaticReading.Findings, reuse: ReuseReport) {
        var request = Request(files: files, options: options)
        request.findingsOnly = true
        let result = StaticCheck().answer(files, options: options, request: request)
        return (result.findings, result.reuse)
    }

    static func findings(of files: [StaticReader.SourceFile], options: StaticReader.Options) -> StaticReading.Findings {
        findingsAndReuse(of: files, options: options).findings
    }

    static func reading(_ paths: [String], options: StaticReader.Options = StaticReader.Options()) throws -> StaticReading {
        try StaticCheck().run(Request(paths: paths, options: options)).reading!
    }

    static func findings(_ paths: [String], options: StaticReader.Options = StaticReader.Options()) throws -> StaticReading.Findings {
        var request = Request(paths: paths, options: options)
        request.findingsOnly = true
        return try StaticCheck().run(request).findings
    }
}

/// What the tests ask of a report, each read from which strategy answered.
extension ReuseReport {
    /// How the last reading was kept: as it was, or with what edits changed.
    enum Kept: Equatable { case unchanged, edited }

    /// nil when the reading was drawn again or read whole.
    var reused: Kept? {
        answeredBy == .wholeRun ? .unchanged : keptLastReading ? .edited : nil
    }

    /// Whether edits of bodies kept the last reading at the fixed point (its records, not drawn again).
    var keptRecordsAtFixedPoint: Bool { answeredBy == .judgedInPart || answeredBy == .bodyEditsKept }
    var readInPart: Bool { answeredBy == .judgedInPart }
    var misses: Int { contributionsParsed }
    var hits: Int { contributionsFromCache }
}
