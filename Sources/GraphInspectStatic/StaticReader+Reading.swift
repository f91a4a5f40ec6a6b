import Foundation
import GraphInspectCheckContract

extension StaticReader {
    /// What `graphinspect check` prints and draws for the sources under `paths`. With a cache
    /// whose last reading still holds (`LastReading.stillHolds`), nothing is parsed or analysed.
    public static func reading(_ paths: [String], options: Options = Options()) throws(StaticReader.ReadError) -> StaticReading {
        reading(of: try files(in: paths), options: options)
    }

    static func reading(of files: [SourceFile], options: Options) -> StaticReading {
        reading(of: files, options: options, cache: options.cachePath.map { CheckCache(directory: $0, build: options.cacheIdentity) })
    }

    static func reading(of files: [SourceFile], options: Options, cache: CheckCache?) -> StaticReading {
        guard let cache else { return analysed(files, options: options, cache: nil).reading }
        if let kept = keptReading(files, options: options, cache: cache) { return kept }
        var reading: StaticReading
        switch madeOrKept(files, options: options, cache: cache) {
        case .made(let made): reading = made
        case .kept(let last):
            guard let parts = last.decodedParts() else {
                reading = analysed(files, options: options, cache: cache).reading
                break
            }
            reading = StaticReading(snapshot: parts.snapshot, diagnostics: last.diagnostics, facts: parts.facts, summary: last.summary, places: parts.places)
        }
        reading.warnings = cache.problems.map(\.description)
        return reading
    }

    /// What reading `files` through `cache` gives when its last reading does not hold as it is:
    /// that reading kept with positions moved, when edits of bodies keep what it says
    /// (`keptAfterBodyEdits`), else a reading made (`analysed`).
    enum MadeOrKept {
        case made(StaticReading)
        case kept(LastReading)
    }

    static func madeOrKept(_ files: [SourceFile], options: Options, cache: CheckCache) -> MadeOrKept {
        let texts = textKeys(files)
        let prepared = prepare(files, options: options, cache: cache, texts: texts)
        if let kept = keptAfterBodyEdits(prepared, files: files, texts: texts, options: options, cache: cache) { return .kept(kept) }
        return .made(analysed(files, options: options, cache: cache, prepared: (prepared, texts)).reading)
    }

    /// The cache's last reading of `files`, when it holds (`lastReadingThatHolds`), with the
    /// cache's warnings.
    static func keptReading(_ files: [SourceFile], options: Options, cache: CheckCache) -> StaticReading? {
        guard let last = lastReadingThatHolds(files, options: options, cache: cache), let parts = last.decodedParts() else { return nil }
        return StaticReading(
            snapshot: parts.snapshot, diagnostics: last.diagnostics, facts: parts.facts, summary: last.summary,
            warnings: cache.problems.map(\.description), places: parts.places
        )
    }

    /// The reading of the sources under `paths` with one provider declaration deleted or moved
    /// (`DeclarationEdit`), as `check` would read them once a person made the edit: files the
    /// edit leaves alone come from the cache when there is one; nothing is written to it.
    public static func reading(_ paths: [String], options: Options = Options(), editing edit: ProviderEdit) throws(StaticReader.ReadError) -> StaticReading {
        let files = try edited(try files(in: paths), edit)
        let cache = options.cachePath.map { CheckCache(directory: $0, build: options.cacheIdentity) }
        let prepared = prepare(files, options: options, cache: cache, texts: cache == nil ? [] : textKeys(files))
        return reading(graph(of: prepared))
    }

    /// What `check` reads of the sources under `paths` when some files' text is not what is on
    /// disk (an editor's unsaved text, by path): those files are read from `texts`.
    public static func reading(_ paths: [String], options: Options = Options(), texts: [String: String]) throws(StaticReader.ReadError) -> StaticReading {
        var files = try files(in: paths)
        for index in files.indices {
            if let text = texts[files[index].path] { files[index].text = text }
        }
        return reading(of: files, options: options)
    }

    /// The static graph of `files` with one provider declaration deleted or moved.
    public static func graph(of files: [SourceFile], editing edit: ProviderEdit) throws(StaticReader.ReadError) -> StaticGraph {
        graph(of: try edited(files, edit))
    }

    static func edited(_ files: [SourceFile], _ edit: ProviderEdit) throws(StaticReader.ReadError) -> [SourceFile] {
        var files = files
        do {
            try DeclarationEdit.apply(edit, to: &files)
        } catch {
            throw .cannotEdit(error.description)
        }
        return files
    }

    /// The findings and summary line for the sources under `paths`, with no graph: what the build
    /// plugin prints. With a cache whose last reading still holds, nothing is parsed or analysed.
    public static func findings(_ paths: [String], options: Options = Options()) throws(StaticReader.ReadError) -> StaticReading.Findings {
        findings(of: try files(in: paths), options: options)
    }

    /// `cache`: the one at `options.cachePath`, when made already (to ask it how the run went).
    static func findings(of files: [SourceFile], options: Options, cache given: CheckCache? = nil) -> StaticReading.Findings {
        guard let cachePath = options.cachePath else {
            let reading = analysed(files, options: options, cache: nil).reading
            return StaticReading.Findings(diagnostics: reading.diagnostics, summary: reading.summary)
        }
        let cache = given ?? CheckCache(directory: cachePath, build: options.cacheIdentity)
        if let last = lastReadingThatHolds(files, options: options, cache: cache) {
            return StaticReading.Findings(diagnostics: last.diagnostics, summary: last.summary, warnings: cache.problems.map(\.description))
        }
        switch madeOrKept(files, options: options, cache: cache) {
        case .made(let reading):
            return StaticReading.Findings(diagnostics: reading.diagnostics, summary: reading.summary, warnings: cache.problems.map(\.description))
        case .kept(let last):
            return StaticReading.Findings(diagnostics: last.diagnostics, summary: last.summary, warnings: cache.problems.map(\.description))
        }
    }

    /// The cache's last reading when it is also the reading of `files`: read over the same files
    /// (kept as it is), over files edited in ways that cannot change it (kept again with the
    /// new texts, so the next run finds them the same), or made from it without the analysis
    /// (a provider added or removed, positions moved in a file it names).
    static func lastReadingThatHolds(_ files: [SourceFile], options: Options, cache: CheckCache) -> LastReading? {
        guard var last = cache.lastReading() else { return nil }
        let texts = textKeys(files)
        let key = runKey(files, texts: texts, options)
        if last.runKey == key {
            cache.reuseLastReadingWhole()
            return last
        }
        guard let edited = last.editedFiles(files, texts: texts, optionsKey: optionsKey(options)) else { return nil }
        let reading = last
        var scopeKeys: [String: String] = [:]
        // What the text the reading was made from contributes: kept in its entry, else cached.
        let edits = EditedFiles(edited, reading: reading) { index in
            let entry = reading.files[index]
            return LastReading.contribution(of: entry) {
                let text = entry.analysed ?? entry.text
                let key = contributionKey(path: entry.path, module: entry.module, text: text.description, scope: reading.scope, scopeKeys: &scopeKeys)
                return cache.contributions(for: [key], threads: 1)[0]
            }
        }
        if let entries = last.stillHolds(after: edits) {
            for (index, entry) in entries { last.files[index] = entry }
        } else if let patched = last.afterProviderEdit(edits) ?? last.afterPositionsMoved(edits) {
            last = patched
        } else if let kept = keptFromPart(last, edits: edits, files: files, texts: texts, options: options, cache: cache) {
            last = kept
            cache.readFromFixedPoint = true
            cache.keptRecordsAtFixedPoint = true
            cache.readInPart = true
        } else {
            return nil
        }
        last.runKey = key
        cache.store(last)
        cache.saveLastReadingOnly()
        return last
    }

    /// Reads `files` and builds the reading (with the additional findings), with what was prepared
    /// and analysed on the way (`prepared`: the files already prepared, with their texts' keys);
    /// with a cache, keeps it for the next run and saves the cache.
    static func analysed(_ files: [SourceFile], options: Options, cache: CheckCache?, prepared given: (PreparedSources, [CacheKey])? = nil)
        -> (reading: StaticReading, graph: StaticGraph, prepared: PreparedSources, analysis: FlowAnalysis, constructed: [String: Int])
    {
        let texts = given?.1 ?? (cache == nil ? [] : textKeys(files))
        let prepared = given?.0 ?? prepare(files, options: options, cache: cache, texts: texts)
        // Read from the cache before it starts writing: nothing may change it while it writes.
        var kept: (graph: StaticGraph, analysis: FlowAnalysis, constructed: [String: Int])?
        if let cache { kept = fromFixedPoint(prepared, files: files, texts: texts, options: options, cache: cache) }
        if options.deferredSave == nil { cache?.startSavingContributions() }
        let (graph, analysis, constructed) = kept ?? analysed(prepared)
        var reading = reading(graph)
        if let also = options.alsoFind { reading.diagnostics = (reading.diagnostics + also.find(reading)).sorted() }
        if options.leavesMemoryToExit { leftToExit.keep(LeftToExit(prepared: prepared, graph: graph, analysis: analysis)) }
        if let cache {
            let made = reading
            // Taken now: an editor's session moves the analysis into its next reading.
            var settled = analysis.settledState()
            settled?.index = ReadingIndex(prepared)
            let saving = { save(made, graph: graph, prepared: prepared, settled: settled, files: files, texts: texts, options: options, cache: cache) }
            if let deferred = options.deferredSave { deferred.add(saving) } else { saving() }
        }
        return (reading, graph, prepared, analysis, constructed)
    }

    /// Keeps `reading` as the cache's last reading, with what the files of component types
    /// contribute, and saves the cache.
    private static func save(
        _ reading: StaticReading, graph: StaticGraph, prepared: PreparedSources, settled: SettledState?, files: [SourceFile], texts: [CacheKey], options: Options,
        cache: CheckCache
    ) {
        let parts = LastReading.encode(LastReading.ReadingParts(snapshot: reading.snapshot, facts: reading.facts, places: reading.places))
        // The files of component types keep what they contribute in the reading itself: a
        // provider edit there is judged without loading every file's contribution.
        var entries = prepared.entries
        for (position, shape) in keepUnsaved(prepared, in: cache, threads: options.threads) { entries[prepared.kept[position]].shape = shape }
        let familyFiles = Set(graph.families.flatMap(\.files))
        var scopeKeys: [String: String] = [:]
        for index in entries.indices where familyFiles.contains(entries[index].path) && entries[index].shape != nil {
            let entry = entries[index]
            let key = contributionKey(path: entry.path, module: entry.module, text: entry.text.description, scope: prepared.scope, scopeKeys: &scopeKeys)
            entries[index].contribution = cache.keptContribution(key)
        }
        let key = runKey(files, texts: texts, options)
        if let settled { cache.store(settled, for: key) }
        cache.store(LastReading(
            runKey: key, optionsKey: optionsKey(options), files: entries, scope: prepared.scope,
            diagnostics: reading.diagnostics, summary: reading.summary, declaredNames: LastReading.encodedNames(graph.declaredNames),
            graphTypeNames: LastReading.encodedNames(graph.graphTypeNames),
            graphFreeNames: LastReading.encodedNames(graph.graphFreeNames),
            graphFreeMentions: LastReading.encodedNames(GraphFreeFunctions.mentions(of: graph.graphFreeNames, in: prepared.reader)), families: graph.families, parts: parts
        ))
        cache.save()
    }

    /// Frees the readings `Options.leavesMemoryToExit` left for the exit: for a process that reads
    /// again and again and must not grow (the benchmark, between the readings it times).
    public static func releaseMemoryLeftToExit() {
        leftToExit.release()
    }

    /// A reading kept alive until the process exits (`Options.leavesMemoryToExit`).
    final class LeftToExit: @unchecked Sendable {
        let prepared: PreparedSources
        let graph: StaticGraph?
        let analysis: FlowAnalysis

        init(prepared: PreparedSources, graph: StaticGraph?, analysis: FlowAnalysis) {
            self.prepared = prepared
            self.graph = graph
            self.analysis = analysis
        }
    }

    /// The readings left for the exit; a lock guards them, as readings may end on any thread.
    final class LeftToExitStore: @unchecked Sendable {
        private let lock = NSLock()
        private var kept: [LeftToExit] = []

        func keep(_ reading: LeftToExit) {
            lock.withLock { kept.append(reading) }
        }

        /// Keeps any values (`keptFromPart`'s fixed point and reader) until the exit.
        func keep(values: [Any]) {
            let box = Values(values)
            lock.withLock { boxes.append(box) }
        }

        private final class Values: @unchecked Sendable {
            let values: [Any]
            init(_ values: [Any]) { self.values = values }
        }
        private var boxes: [Values] = []

        func release() {
            let released = lock.withLock { () -> ([LeftToExit], [Values]) in
                defer {
                    kept = []
                    boxes = []
                }
                return (kept, boxes)
            }
            withExtendedLifetime(released) {}
        }
    }

    static let leftToExit = LeftToExitStore()

    /// What decides a whole reading: every file's path, module and text (by its digest), and how
    /// it was pruned.
    static func runKey(_ files: [SourceFile], texts: [CacheKey], _ options: Options) -> CacheKey {
        CacheKey([optionsKey(options)] + zip(files, texts).flatMap { [$0.path, $0.module, $1.description] })
    }

    /// What decides a reading beside the files: how it was pruned, and what finds more.
    static func optionsKey(_ options: Options) -> String {
        "\(options.pruning)\u{0}" + (options.alsoFind?.key ?? "")
    }

    /// The reading of a built graph: its snapshot, findings, facts and summary line.
    static func reading(_ graph: StaticGraph) -> StaticReading {
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
        return StaticReading(snapshot: graph.snapshot, diagnostics: graph.diagnostics, facts: graph.facts, summary: line, places: graph.places)
    }
}
