import Foundation
import GraphInspectCheckContract

extension StaticReader {
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

    /// Reads `files` and builds the reading (held to `options.rules`), with what was prepared
    /// and analysed on the way (`prepared`: the files already prepared, with their texts' keys;
    /// `drawn`: the graph and analysis a strategy drew from the fixed point); with a cache, keeps
    /// it for the next run and saves the cache.
    static func analysed(_ files: [SourceFile], options: Options, cache: CheckCache?, prepared given: (PreparedSources, [CacheKey])? = nil, drawn: Analysed? = nil)
        -> (reading: StaticReading, prepared: PreparedSources, analysed: Analysed)
    {
        let texts = given?.1 ?? (cache == nil ? [] : textKeys(files))
        let prepared = given?.0 ?? prepare(files, options: options, cache: cache, texts: texts)
        if options.deferredSave == nil { cache?.startSavingContributions() }
        let (graph, analysis, constructed) = drawn ?? analysed(prepared)
        var reading = reading(graph)
        if let rules = options.rules { reading.hold(to: rules) }
        if options.leavesMemoryToExit { leftToExit.keep(LeftToExit(prepared: prepared, graph: graph, analysis: analysis)) }
        if let cache {
            let made = reading
            // Taken now: an editor's session moves the analysis into its next reading.
            var settled = analysis.settledState()
            settled?.index = ReadingIndex(prepared)
            let saving = { save(made, graph: graph, prepared: prepared, settled: settled, files: files, texts: texts, options: options, cache: cache) }
            if let deferred = options.deferredSave { deferred.add(saving) } else { saving() }
        }
        return (reading, prepared, (graph, analysis, constructed))
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
            graphFreeMentions: LastReading.encodedNames(GraphFreeFunctions.mentions(of: graph.graphFreeNames, in: prepared.reader)), families: graph.families, parts: parts,
            rules: reading.rules
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
        "\(options.pruning)\u{0}" + (options.rules?.key ?? "")
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
