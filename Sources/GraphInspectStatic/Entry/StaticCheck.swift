import GraphInspectCheckContract

/// The one way into the static reader: a request in (the sources, how to read them, the rules),
/// a result out (the reading or its findings, and what was reused). It owns the whole pipeline:
/// scan, read, analyse, draw, and the rules' findings; before the plain path it tries each way
/// of answering from what the cache kept (`strategies`), in order, and reports which answered
/// and why the others could not (`ReuseReport`). `check`, `query`, the build tool and the
/// editor's session call only this.
public struct StaticCheck {
    /// What to read and how.
    public struct Request: Sendable {
        /// Swift files or folders (`StaticReader.files(in:)`); ignored when `files` is given.
        public var paths: [String]
        /// The files themselves, already found and read.
        public var files: [StaticReader.SourceFile]?
        /// Text that is not what is on disk (an editor's unsaved buffers), by path.
        public var unsaved: [String: String] = [:]
        /// A provider declaration deleted or moved before reading (`query impact`): the cache is
        /// read, never written, and nothing is reused whole.
        public var edit: ProviderEdit?
        public var options: StaticReader.Options
        /// The rules held against the reading; nil for none.
        public var rules: Rules?
        /// Whether only the findings are wanted (the build tool): a kept reading is then not decoded.
        public var findingsOnly = false
        /// Whether the caller keeps the analysis for its next reading (`EditorSession`): a reading
        /// kept after edits of bodies, which makes none, is not used.
        var keepsAnalysis = false

        public init(paths: [String], options: StaticReader.Options = StaticReader.Options()) {
            self.paths = paths
            self.options = options
        }

        public init(files: [StaticReader.SourceFile], options: StaticReader.Options = StaticReader.Options()) {
            self.paths = []
            self.files = files
            self.options = options
        }
    }

    /// A rules file held against the reading, with what decides its findings beside the sources.
    public struct Rules: Sendable {
        /// The rules' and baseline's text: part of the cached reading's key, so a changed rule reads again.
        public var key: String
        /// The rules' findings in a reading; kept in the cached reading with the reader's.
        public var find: @Sendable (StaticReading) -> [StaticDiagnostic]
        /// The findings at the severities the rules give them (`closure-cycle: error`).
        public var restate: @Sendable ([StaticDiagnostic]) -> [StaticDiagnostic]

        public init(
            key: String, find: @escaping @Sendable (StaticReading) -> [StaticDiagnostic],
            restate: @escaping @Sendable ([StaticDiagnostic]) -> [StaticDiagnostic]
        ) {
            self.key = key
            self.find = find
            self.restate = restate
        }
    }

    /// What the check found, and how.
    public struct Result {
        /// The reading; nil when only the findings were asked for.
        public var reading: StaticReading?
        /// The findings (restated by the rules, when there are rules) and the summary line.
        public var findings: StaticReading.Findings
        public var reuse: ReuseReport
        /// What the plain path read and analysed, when it ran (what an editor's session keeps).
        var made: (prepared: StaticReader.PreparedSources, analysed: StaticReader.Analysed)?
    }

    /// The ways to answer from what the cache kept, in the order tried: those that need only the
    /// last reading first, then those that need the files read.
    static let fromLastReading: [any ReuseStrategy] = [
        WholeRunStrategy(), StillHoldsStrategy(), ProviderEditStrategy(), MovedPositionsStrategy(), JudgedInPartStrategy(),
    ]
    static let fromReadFiles: [any ReuseStrategy] = [BodyEditsKeptStrategy(), DrawnFromFixedPointStrategy()]

    public init() {}

    /// Reads the request's sources and answers it.
    /// - Throws: `StaticReader.ReadError` when the sources cannot be found or read, or the edit made.
    public func run(_ request: Request) throws(StaticReader.ReadError) -> Result {
        var files: [StaticReader.SourceFile]
        if let given = request.files { files = given } else { files = try StaticReader.files(in: request.paths) }
        if !request.unsaved.isEmpty {
            for index in files.indices {
                if let text = request.unsaved[files[index].path] { files[index].text = text }
            }
        }
        var options = request.options
        if let rules = request.rules { options.alsoFind = StaticReader.AdditionalFindings(key: rules.key, find: rules.find) }
        var result = if let edit = request.edit { try editing(files, edit, options: options) } else { answer(files, options: options, request: request) }
        if let rules = request.rules { result.findings.diagnostics = rules.restate(result.findings.diagnostics) }
        return result
    }

    /// The sources read (needle's, or the architecture's), each way to reuse tried first with a cache.
    func answer(_ files: [StaticReader.SourceFile], options: StaticReader.Options, request: Request) -> Result {
        if let needle = NeedleReading.reading(of: files, options: options) { return Result(needle, findingsOnly: request.findingsOnly, warnings: nil, reuse: ReuseReport()) }
        guard let cachePath = options.cachePath else {
            let made = StaticReader.analysed(files, options: options, cache: nil)
            return Result(made.reading, findingsOnly: request.findingsOnly, warnings: nil, reuse: ReuseReport(), made: (made.prepared, made.analysed))
        }
        let cache = CheckCache(directory: cachePath, build: options.cacheIdentity)
        let context = ReuseContext(files: files, options: options, cache: cache, keepsAnalysis: request.keepsAnalysis)
        var report = ReuseReport()
        var drawn: StaticReader.Analysed?
        // Those that need the last reading alone, until one answers; then those that need the
        // files read (a reading kept whose parts do not read back goes on to them).
        stages: for stage in [Self.fromLastReading, Self.fromReadFiles] {
            for strategy in stage {
                switch strategy.answer(context) {
                case .kept(let last):
                    if let result = kept(last, request: request, cache: cache) {
                        report.answeredBy = strategy.name
                        return finished(result, report: report, context: context)
                    }
                    report.declined.append(.init(strategy: strategy.name, reason: "the reading it kept does not read back"))
                    continue stages
                case .drawn(let analysed):
                    report.answeredBy = strategy.name
                    drawn = analysed
                    break stages
                case .declined(let reason):
                    report.declined.append(.init(strategy: strategy.name, reason: reason))
                }
            }
        }
        let made = StaticReader.analysed(files, options: options, cache: cache, prepared: (context.prepared, context.texts), drawn: drawn)
        let result = Result(made.reading, findingsOnly: request.findingsOnly, warnings: cache.problems.map(\.description), reuse: report, made: (made.prepared, made.analysed))
        return finished(result, report: report, context: context)
    }

    /// The answer of a kept reading: its findings alone, or the whole reading when its parts read back.
    private func kept(_ last: LastReading, request: Request, cache: CheckCache) -> Result? {
        let warnings = cache.problems.map(\.description)
        if request.findingsOnly {
            return Result(reading: nil, findings: .init(diagnostics: last.diagnostics, summary: last.summary, warnings: warnings), reuse: ReuseReport())
        }
        guard let parts = last.decodedParts() else { return nil }
        let reading = StaticReading(snapshot: parts.snapshot, diagnostics: last.diagnostics, facts: parts.facts, summary: last.summary, places: parts.places)
        return Result(reading, findingsOnly: false, warnings: warnings, reuse: ReuseReport())
    }

    /// `result` with the report and what the cache counted.
    private func finished(_ result: Result, report: ReuseReport, context: ReuseContext) -> Result {
        var result = result
        result.reuse = report
        result.reuse.partialRounds = context.partialRounds
        result.reuse.contributionsFromCache = context.cache.hits
        result.reuse.contributionsParsed = context.cache.misses
        return result
    }

    /// The reading with `edit` made to the files: files the edit leaves alone come from the cache
    /// when there is one; nothing is written to it.
    private func editing(_ files: [StaticReader.SourceFile], _ edit: ProviderEdit, options: StaticReader.Options) throws(StaticReader.ReadError) -> Result {
        let files = try StaticReader.edited(files, edit)
        let cache = options.cachePath.map { CheckCache(directory: $0, build: options.cacheIdentity) }
        let prepared = StaticReader.prepare(files, options: options, cache: cache, texts: cache == nil ? [] : StaticReader.textKeys(files))
        return Result(StaticReader.reading(StaticReader.graph(of: prepared)), findingsOnly: false, warnings: nil, reuse: ReuseReport())
    }
}

extension StaticCheck.Result {
    /// A result of `reading`; `warnings` (the cache's problems) replace the reading's when given.
    init(
        _ reading: StaticReading, findingsOnly: Bool, warnings: [String]?, reuse: ReuseReport,
        made: (prepared: StaticReader.PreparedSources, analysed: StaticReader.Analysed)? = nil
    ) {
        var reading = reading
        if let warnings { reading.warnings = warnings }
        self.init(
            reading: findingsOnly ? nil : reading, findings: .init(diagnostics: reading.diagnostics, summary: reading.summary, warnings: reading.warnings),
            reuse: reuse, made: made
        )
    }
}
