import GraphInspectCheckContract

extension StaticReader {
    /// The graph of `prepared` (the files given, read through `cache`) drawn from the fixed point
    /// the cache keeps (`SettledState`), when it is the fixed point of the files the last reading
    /// analysed and at most `mostEdited` files' bodies changed since in ways that keep it
    /// (`FixedPointReading`; edits the last reading absorbed count, as their texts are not the
    /// ones analysed): what an editor's session answers in memory, answered in a new process,
    /// from the files as `prepare` read them. Nil otherwise: the caller analyses the files whole.
    static func fromFixedPoint(_ prepared: PreparedSources, files: [SourceFile], texts: [CacheKey], options: Options, cache: CheckCache, mostEdited: Int = 16)
        -> (graph: StaticGraph, analysis: FlowAnalysis, constructed: [String: Int])?
    {
        guard prepared.pruning != .always, let last = cache.lastReading(), last.optionsKey == optionsKey(options), last.files.count == files.count,
              texts.count == files.count else { return nil }
        var edited: [Int] = []
        for (index, entry) in last.files.enumerated() {
            guard entry.path == files[index].path, entry.module == files[index].module else { return nil }
            if (entry.analysed ?? entry.text) != texts[index] { edited.append(index) }
        }
        guard !edited.isEmpty, edited.count <= mostEdited, let state = cache.settledState(for: last.analysedKey) else { return nil }
        // What each edited file contributed when the fixed point was reached, numbered as now.
        var edits: [(index: Int, before: FileContribution)] = []
        var scopeKeys: [String: String] = [:]
        for index in edited {
            let entry = last.files[index]
            guard entry.shape != nil, entry.scan == prepared.scans[index].key, let at = prepared.kept.firstIndex(of: index).map({ $0 + 1 }) else { return nil }
            let key = contributionKey(path: entry.path, module: entry.module, text: (entry.analysed ?? entry.text).description, scope: prepared.scope, scopeKeys: &scopeKeys)
            guard let before = cache.contributions(for: [key], threads: 1)[0] else { return nil }
            let now = prepared.contributions[at]
            guard before.functions.count == now.functions.count else { return nil }
            for (was, id) in zip(before.functions, now.functions.map(\.id)) { was.id = id }
            edits.append((index, before))
        }
        // Judged by the names the analysis judged by, which the reading keeps beside it.
        let inert = InertStatements(declared: last.decodedNames(), graphTypes: last.decodedGraphTypeNames(), graphFree: last.decodedGraphFreeNames())
        let constructed = Dictionary(uniqueKeysWithValues: state.constructed.map { ($0, 1) })
        guard let (next, graph) = FixedPointReading.reading(
            from: state, judgedBy: inert, edits: edits, prepared: prepared, files: files, constructed: constructed, drawsFamilies: true
        ) else { return nil }
        cache.readFromFixedPoint = true
        return (graph, next.analysis, constructed)
    }
}
