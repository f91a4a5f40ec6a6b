import GraphInspectCheckContract

extension StaticReader {
    /// At most this many files may differ from the ones the last reading, or the fixed point the
    /// cache keeps, was made from for a run to start from it; with more, the analysis runs whole
    /// and keeps a fixed point of its own (each kept edit also keeps its file's contribution in
    /// the reading, so this bounds the reading's growth).
    static let mostEditedFiles = 16

    /// The graph of `prepared` (the files given, read through `cache`) drawn from the fixed point
    /// the cache keeps (`SettledState`), when it is the fixed point of the files the last reading
    /// analysed and at most `mostEdited` files' bodies changed since in ways that keep it
    /// (`FixedPointReading`; edits the last reading absorbed count, as their texts are not the
    /// ones analysed): what an editor's session answers in memory, answered in a new process,
    /// from the files as `prepare` read them. Nil otherwise: the caller analyses the files whole.
    static func fromFixedPoint(_ prepared: PreparedSources, files: [SourceFile], texts: [CacheKey], options: Options, cache: CheckCache, mostEdited: Int = mostEditedFiles)
        -> (graph: StaticGraph, analysis: FlowAnalysis, constructed: [String: Int])?
    {
        guard let found = fixedPointEdits(prepared, files: files, texts: texts, options: options, cache: cache, mostEdited: mostEdited),
              let (next, graph) = FixedPointReading.reading(
                  from: found.state, judgedBy: found.inert, edits: found.edits, prepared: prepared, files: files, constructed: found.constructed, drawsFamilies: true
              ) else { return nil }
        return (graph, next.analysis, found.constructed)
    }

    /// The cache's last reading, kept again with the edited files' positions moved, when the files
    /// edited since the fixed point the cache keeps change nothing the reading says but those
    /// positions (`FixedPointReading.keepsRecords`): the reading is then not drawn again, and only
    /// the last reading is written. Nil otherwise. Not with a rules file: its findings would have
    /// to be found again. The analysis and what was prepared are left to the exit as `analysed`
    /// leaves them.
    static func keptAfterBodyEdits(_ prepared: PreparedSources, files: [SourceFile], texts: [CacheKey], options: Options, cache: CheckCache) -> LastReading? {
        guard options.rules == nil, let found = fixedPointEdits(prepared, files: files, texts: texts, options: options, cache: cache) else { return nil }
        let now = FixedPointReading.Now(prepared)
        guard let (moved, analysis, _) = FixedPointReading.keepsRecords(
            from: found.state, judgedBy: found.inert, edits: found.edits, now: now, files: files, constructed: found.constructed,
            meetsLoops: found.last.diagnostics.contains(where: StaticWording.isLoop)
        ) else { return nil }
        let mentions = LastReading.encodedNames(GraphFreeFunctions.mentions(of: found.last.decodedGraphFreeNames(), in: prepared.reader))
        guard var reading = kept(found.last, moved: moved, texts: texts, now: now.contribution, graphFreeMentions: mentions) else { return nil }
        reading.runKey = runKey(files, texts: texts, options)
        if options.leavesMemoryToExit { leftToExit.keep(LeftToExit(prepared: prepared, graph: nil, analysis: analysis)) }
        cache.store(reading)
        cache.saveLastReadingOnly()
        return reading
    }

    /// `last` kept for the files whose texts are now `texts`, when edits of bodies left what it says
    /// but for positions (`FixedPointReading.keepsRecords`): each file edited since it was kept
    /// (by `now`, what each contributes now) moves its places, from the text the reading was kept
    /// with (`moved`: from the text the fixed point was reached with), and remembers both texts.
    /// Nil when a place or finding cannot be moved.
    static func kept(
        _ last: LastReading, moved: [SourcePosition: SourcePosition], texts: [CacheKey], now: (Int) -> FileContribution?, graphFreeMentions: [UInt8]
    ) -> LastReading? {
        var last = last
        var moves: [MovedPositions] = []
        for (index, entry) in last.files.enumerated() where entry.text != texts[index] {
            guard let now = now(index) else { return nil }
            var table = moved.filter { $0.key.file == entry.path }
            if entry.contribution != nil {
                // Kept with a text other than the one the fixed point was reached with.
                guard let was = LastReading.contribution(of: entry, fromCache: { nil }), let edit = BodyEdit(before: was, after: now) else { return nil }
                table = edit.moved
            }
            moves.append(MovedPositions(file: entry.path, moved: table))
            var kept = entry
            kept.analysed = entry.analysed ?? entry.text
            kept.text = texts[index]
            kept.inertShape = nil
            kept.shape = now.shapeKey
            var bytes = CacheBytesWriter()
            now.write(to: &bytes)
            kept.contribution = bytes.bytes
            last.files[index] = kept
        }
        guard var reading = moves.isEmpty ? last : last.moved(by: moves) else { return nil }
        reading.graphFreeMentions = graphFreeMentions
        return reading
    }

    /// What drawing from the fixed point the cache keeps starts from: the last reading, the state,
    /// each file edited since the state was reached with what it contributed then (its functions
    /// numbered as now), the names the state was judged by, and the types the sources construct.
    /// Nil when there is no such state, or the files differ from the ones it was reached with in
    /// more than `mostEdited` texts, or in anything but texts.
    private static func fixedPointEdits(_ prepared: PreparedSources, files: [SourceFile], texts: [CacheKey], options: Options, cache: CheckCache, mostEdited: Int = mostEditedFiles)
        -> (last: LastReading, state: SettledState, edits: [(index: Int, before: FileContribution)], inert: InertStatements, constructed: [String: Int])?
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
        return (last, state, edits, inert, constructed)
    }
}

