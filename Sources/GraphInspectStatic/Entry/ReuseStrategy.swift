import Foundation
import GraphInspectCheckContract

/// One way to answer a check from what an editor's session keeps in memory or the cache kept,
/// tried in order before the plain path (`StaticCheck.inMemory`, `fromLastReading`,
/// `fromReadFiles`): it answers, or says why it could not.
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
    /// The reading made from what an editor's session keeps in memory, and what to keep next.
    case inMemory(InMemoryReading)
    case declined(String)
}

extension StaticReader {
    /// A run analysis: the graph, the settled analysis it was drawn from, and what the sources construct.
    typealias Analysed = (graph: StaticGraph, analysis: FlowAnalysis, constructed: [String: Int])
}

/// What the strategies of one check share, each part made once when first asked for: the files,
/// the reading an editor's session keeps in memory and the files edited since it, the cache and
/// its last reading, the files edited since that, and (for those that need the files read) the
/// sources prepared, which the plain path then reuses.
final class ReuseContext {
    let files: [StaticReader.SourceFile]
    let options: StaticReader.Options
    /// Whether the caller keeps the analysis (an editor's session): a kept reading without one will not do.
    let keepsAnalysis: Bool
    /// What the caller keeps in memory of its last reading (`StaticCheck.Request.inMemory`).
    let inMemory: InMemoryReading?
    /// The cache the caller is still writing, waited for before the cache is opened.
    private let cacheBeingWritten: DispatchGroup?
    /// Rounds `judgedInPart` took.
    var partialRounds = 0
    /// Records of functions nothing reaches that `providerEditInMemory` reused.
    var unreachedRecordsReused = 0

    init(
        files: [StaticReader.SourceFile], options: StaticReader.Options, keepsAnalysis: Bool, inMemory: InMemoryReading? = nil,
        cacheBeingWritten: DispatchGroup? = nil
    ) {
        self.files = files
        self.options = options
        self.keepsAnalysis = keepsAnalysis
        self.inMemory = inMemory
        self.cacheBeingWritten = cacheBeingWritten
    }

    /// The cache at `options.cachePath` (nil without one), opened when first asked for: never,
    /// when a strategy answers from memory.
    private(set) lazy var cache: CheckCache? = options.cachePath.map { path in
        cacheBeingWritten?.wait()
        return CheckCache(directory: path, build: options.cacheIdentity)
    }

    /// The files edited since the reading kept in memory, when they differ from its files in texts alone.
    private(set) lazy var inMemoryEdit: InMemoryEdit? = inMemory.flatMap { InMemoryEdit(kept: $0, files: files) }
    private(set) lazy var texts: [CacheKey] = StaticReader.textKeys(files)
    private(set) lazy var runKey: CacheKey = StaticReader.runKey(files, texts: texts, options)
    private(set) lazy var last: LastReading? = cache?.lastReading()
    /// The files edited since the last reading, when they differ from its files only in texts.
    private(set) lazy var edited: [EditedFiles.File]? = last?.editedFiles(files, texts: texts, optionsKey: StaticReader.optionsKey(options))
    /// What judging those edits reads from the last run, read at most once.
    private(set) lazy var edits: EditedFiles? = edited.flatMap { edited in
        guard let reading = last, let cache else { return nil }
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
    /// The files read (`StaticReader.prepare`), through the cache.
    private(set) lazy var prepared: StaticReader.PreparedSources = StaticReader.prepare(files, options: options, cache: cache, texts: texts)

    /// Keeps `last`, made for these files, as the cache's last reading, and writes it alone.
    func keep(_ last: LastReading) -> LastReading {
        var last = last
        last.runKey = runKey
        cache?.store(last)
        cache?.saveLastReadingOnly()
        return last
    }
}
