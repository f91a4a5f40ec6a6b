import Foundation
import GraphInspectCheckContract

/// The one way into the static reader: a request in (the sources, how to read them, the rules),
/// a result out (the reading or its findings, and what was reused). It owns the whole pipeline:
/// scan, read, analyse, draw, and the rules' findings; before the plain path it tries each way
/// of answering from what an editor's session keeps in memory and from what the cache kept (a
/// strategy each, in order), and reports which answered and why the others could not
/// (`ReuseReport`). `check`, `query`, the build tool and the editor's session call only this.
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
        /// The rules the reading is held to (`StaticReading.hold(to:)`), their findings kept in the
        /// cache with the reader's; nil for none.
        public var rules: ReadingRules?
        /// Whether only the findings are wanted (the build tool): a kept reading is then not decoded.
        public var findingsOnly = false
        /// Whether the caller keeps the analysis for its next reading (`EditorSession`): a reading
        /// kept after edits of bodies, which makes none, is not used, and the result carries what
        /// to keep (`Result.inMemory`).
        var keepsAnalysis = false
        /// What the caller keeps in memory of its last reading: the strategies that answer from it
        /// are tried first (`inMemory`).
        var inMemory: InMemoryReading?
        /// The cache the caller is still writing (`EditorSession`): waited for before the cache is read.
        var cacheBeingWritten: DispatchGroup?

        public init(paths: [String], options: StaticReader.Options = StaticReader.Options()) {
            self.paths = paths
            self.options = options
        }

        public init(files: [StaticReader.SourceFile], options: StaticReader.Options = StaticReader.Options()) {
            self.paths = []
            self.files = files
            self.options = options
        }

        /// The options the reading runs with: the request's, carrying its rules.
        var readingOptions: StaticReader.Options {
            var options = options
            options.rules = rules
            return options
        }
    }

    /// What the check found, and how.
    public struct Result {
        /// The reading; nil when only the findings were asked for.
        public var reading: StaticReading?
        /// The findings (held to the rules, when there are rules) and the summary line.
        public var findings: StaticReading.Findings
        public var reuse: ReuseReport
        /// What to keep in memory for the next reading, when the request keeps the analysis: the
        /// in-memory strategy's answer, or what the plain path analysed (nil when the answer was
        /// a reading the cache kept, which makes no analysis: the caller keeps what it kept).
        var inMemory: InMemoryReading?
    }

    /// The ways to answer from what an editor's session keeps in memory, tried first.
    static let inMemory: [any ReuseStrategy] = [UnchangedInMemoryStrategy(), BodyEditsInMemoryStrategy(), ProviderEditInMemoryStrategy()]
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
        let options = request.readingOptions
        return if let edit = request.edit { try editing(files, edit, options: options) } else { answer(files, options: options, request: request) }
    }

    /// The sources read (needle's, or the architecture's), each way to reuse tried first: from
    /// memory when the caller keeps a reading there, from the cache when there is one.
    func answer(_ files: [StaticReader.SourceFile], options: StaticReader.Options, request: Request) -> Result {
        if let needle = NeedleReading.reading(of: files, options: options) { return Result(needle, findingsOnly: request.findingsOnly, warnings: nil, reuse: ReuseReport()) }
        let context = ReuseContext(
            files: files, options: options, keepsAnalysis: request.keepsAnalysis, inMemory: request.inMemory, cacheBeingWritten: request.cacheBeingWritten
        )
        var report = ReuseReport()
        var drawn: StaticReader.Analysed?
        // Those that answer from memory; those that need the cache's last reading alone, until
        // one answers; then those that need the files read (a reading kept whose parts do not
        // read back goes on to them).
        let stages = (request.inMemory == nil ? [] : [Self.inMemory]) + (options.cachePath == nil ? [] : [Self.fromLastReading, Self.fromReadFiles])
        stages: for stage in stages {
            for strategy in stage {
                switch strategy.answer(context) {
                case .inMemory(let next):
                    report.answeredBy = strategy.name
                    report.unreachedRecordsReused = context.unreachedRecordsReused
                    var result = Result(next.reading, findingsOnly: request.findingsOnly, warnings: nil, reuse: report)
                    result.inMemory = next
                    return result
                case .kept(let last):
                    if let result = kept(last, request: request, context: context) {
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
        let cache = context.cache
        let made = StaticReader.analysed(files, options: options, cache: cache, prepared: cache == nil ? nil : (context.prepared, context.texts), drawn: drawn)
        var result = Result(made.reading, findingsOnly: request.findingsOnly, warnings: cache?.problems.map(\.description), reuse: report)
        if request.keepsAnalysis, made.analysed.analysis.relevance == nil {
            let fixedPoint = FixedPointReading(prepared: made.prepared, analysis: made.analysed.analysis, constructed: made.analysed.constructed)
            result.inMemory = InMemoryReading(files: files, fixedPoint: fixedPoint, reading: result.reading ?? made.reading)
        }
        return finished(result, report: report, context: context)
    }

    /// The answer of a kept reading: its findings alone, or the whole reading when its parts read back.
    private func kept(_ last: LastReading, request: Request, context: ReuseContext) -> Result? {
        let warnings = context.cache?.problems.map(\.description) ?? []
        if request.findingsOnly {
            return Result(reading: nil, findings: .init(diagnostics: last.diagnostics, summary: last.summary, warnings: warnings, rules: last.rules), reuse: ReuseReport())
        }
        guard let parts = last.decodedParts() else { return nil }
        var reading = StaticReading(snapshot: parts.snapshot, diagnostics: last.diagnostics, facts: parts.facts, summary: last.summary, places: parts.places)
        reading.rules = last.rules
        return Result(reading, findingsOnly: false, warnings: warnings, reuse: ReuseReport())
    }

    /// `result` with the report and what the cache counted.
    private func finished(_ result: Result, report: ReuseReport, context: ReuseContext) -> Result {
        var result = result
        result.reuse = report
        result.reuse.partialRounds = context.partialRounds
        result.reuse.contributionsFromCache = context.cache?.hits ?? 0
        result.reuse.contributionsParsed = context.cache?.misses ?? 0
        return result
    }

    /// The reading with `edit` made to the files: files the edit leaves alone come from the cache
    /// when there is one; nothing is written to it.
    private func editing(_ files: [StaticReader.SourceFile], _ edit: ProviderEdit, options: StaticReader.Options) throws(StaticReader.ReadError) -> Result {
        let files = try StaticReader.edited(files, edit)
        if let needle = NeedleReading.reading(of: files, options: options) { return Result(needle, findingsOnly: false, warnings: nil, reuse: ReuseReport()) }
        let cache = options.cachePath.map { CheckCache(directory: $0, build: options.cacheIdentity) }
        let prepared = StaticReader.prepare(files, options: options, cache: cache, texts: cache == nil ? [] : StaticReader.textKeys(files))
        var reading = StaticReader.reading(StaticReader.graph(of: prepared))
        if let rules = options.rules { reading.hold(to: rules) }
        return Result(reading, findingsOnly: false, warnings: nil, reuse: ReuseReport())
    }
}

extension StaticCheck.Result {
    /// A result of `reading`; `warnings` (the cache's problems) replace the reading's when given.
    init(_ reading: StaticReading, findingsOnly: Bool, warnings: [String]?, reuse: ReuseReport) {
        var reading = reading
        if let warnings { reading.warnings = warnings }
        self.init(
            reading: findingsOnly ? nil : reading,
            findings: .init(diagnostics: reading.diagnostics, summary: reading.summary, warnings: reading.warnings, rules: reading.rules),
            reuse: reuse
        )
    }
}
