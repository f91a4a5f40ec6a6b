import GraphInspectCheckContract

/// One way to answer a check from what the cache kept, tried in order before the plain path
/// (`StaticCheck.strategies`): it answers, or says why it could not.
protocol ReuseStrategy: Sendable {
    var name: ReuseReport.Strategy { get }
    /// The answer from what `context` holds, or why there is none.
    func answer(_ context: ReuseContext) -> ReuseAnswer
}

/// What a strategy gives.
enum ReuseAnswer {
    /// The cache's last reading, kept for these files (the cache already told to keep it).
    case kept(LastReading)
    /// The graph drawn from a kept analysis; the plain path makes the reading and keeps it.
    case drawn(StaticReader.Analysed)
    case declined(String)
}

extension StaticReader {
    /// A run analysis: the graph, the settled analysis it was drawn from, and what the sources construct.
    typealias Analysed = (graph: StaticGraph, analysis: FlowAnalysis, constructed: [String: Int])
}

/// What the strategies of one check share, each part made once when first asked for: the files,
/// the cache and its last reading, the files edited since, and (for those that need the files
/// read) the sources prepared, which the plain path then reuses.
final class ReuseContext {
    let files: [StaticReader.SourceFile]
    let options: StaticReader.Options
    let cache: CheckCache
    /// Whether the caller keeps the analysis (an editor's session): a kept reading without one will not do.
    let keepsAnalysis: Bool
    /// Rounds `judgedInPart` took.
    var partialRounds = 0

    init(files: [StaticReader.SourceFile], options: StaticReader.Options, cache: CheckCache, keepsAnalysis: Bool) {
        self.files = files
        self.options = options
        self.cache = cache
        self.keepsAnalysis = keepsAnalysis
    }

    private(set) lazy var texts: [CacheKey] = StaticReader.textKeys(files)
    private(set) lazy var runKey: CacheKey = StaticReader.runKey(files, texts: texts, options)
    private(set) lazy var last: LastReading? = cache.lastReading()
    /// The files edited since the last reading, when they differ from its files only in texts.
    private(set) lazy var edited: [EditedFiles.File]? = last?.editedFiles(files, texts: texts, optionsKey: StaticReader.optionsKey(options))
    /// What judging those edits reads from the last run, read at most once.
    private(set) lazy var edits: EditedFiles? = edited.flatMap { edited in
        last.map { reading in
            let cache = cache
            var scopeKeys: [String: String] = [:]
            // What the text the reading was made from contributes: kept in its entry, else cached.
            return EditedFiles(edited, reading: reading) { index in
                let entry = reading.files[index]
                return LastReading.contribution(of: entry) {
                    let text = entry.analysed ?? entry.text
                    let key = StaticReader.contributionKey(path: entry.path, module: entry.module, text: text.description, scope: reading.scope, scopeKeys: &scopeKeys)
                    return cache.contributions(for: [key], threads: 1)[0]
                }
            }
        }
    }
    /// The files read (`StaticReader.prepare`), through the cache.
    private(set) lazy var prepared: StaticReader.PreparedSources = StaticReader.prepare(files, options: options, cache: cache, texts: texts)

    /// Keeps `last`, made for these files, as the cache's last reading, and writes it alone.
    func keep(_ last: LastReading) -> LastReading {
        var last = last
        last.runKey = runKey
        cache.store(last)
        cache.saveLastReadingOnly()
        return last
    }
}
