import Foundation
import GraphInspectCheckContract

extension StaticReader {
    /// What `graphinspect check` prints and draws for the sources under `paths`.
    public static func reading(_ paths: [String], options: Options = Options()) throws(StaticReader.ReadError) -> StaticReading {
        let files = try files(in: paths)
        let cache = options.cachePath.map { CheckCache(directory: $0) }
        let texts = cache == nil ? [] : textKeys(files)
        let prepared = prepare(files, options: options, cache: cache, texts: texts)
        cache?.startSavingContributions()
        let graph = graph(of: prepared)
        var reading = reading(graph)
        if options.leavesMemoryToExit { leftToExit.keep(LeftToExit(prepared: prepared, graph: graph)) }
        if let cache {
            cache.store(findings: CheckCache.CachedFindings(diagnostics: reading.diagnostics, summary: reading.summary), for: runKey(files, texts: texts, options))
            cache.save()
            reading.warnings = cache.problems.map(\.description)
        }
        return reading
    }

    /// The findings and summary line for the sources under `paths`, with no graph: what the build
    /// plugin prints. With a cache that holds a reading of exactly these files, nothing is parsed
    /// or run again.
    public static func findings(_ paths: [String], options: Options = Options()) throws(StaticReader.ReadError) -> StaticReading.Findings {
        let files = try files(in: paths)
        let cache = options.cachePath.map { CheckCache(directory: $0) }
        let texts = cache == nil ? [] : textKeys(files)
        let key = cache == nil ? nil : runKey(files, texts: texts, options)
        if let cache, let key, let kept = cache.findings(for: key) {
            return StaticReading.Findings(diagnostics: kept.diagnostics, summary: kept.summary, warnings: cache.problems.map(\.description))
        }
        let prepared = prepare(files, options: options, cache: cache, texts: texts)
        cache?.startSavingContributions()
        let graph = graph(of: prepared)
        var reading = reading(graph)
        if let also = options.alsoFind { reading.diagnostics = (reading.diagnostics + also.find(reading)).sorted() }
        if options.leavesMemoryToExit { leftToExit.keep(LeftToExit(prepared: prepared, graph: graph)) }
        guard let cache, let key else { return StaticReading.Findings(diagnostics: reading.diagnostics, summary: reading.summary) }
        cache.store(findings: CheckCache.CachedFindings(diagnostics: reading.diagnostics, summary: reading.summary), for: key)
        cache.save()
        return StaticReading.Findings(diagnostics: reading.diagnostics, summary: reading.summary, warnings: cache.problems.map(\.description))
    }

    /// Frees the readings `Options.leavesMemoryToExit` left for the exit: for a process that reads
    /// again and again and must not grow (the benchmark, between the readings it times).
    public static func releaseMemoryLeftToExit() {
        leftToExit.release()
    }

    /// A reading kept alive until the process exits (`Options.leavesMemoryToExit`).
    private final class LeftToExit: @unchecked Sendable {
        let prepared: PreparedSources
        let graph: StaticGraph

        init(prepared: PreparedSources, graph: StaticGraph) {
            self.prepared = prepared
            self.graph = graph
        }
    }

    /// The readings left for the exit; a lock guards them, as readings may end on any thread.
    private final class LeftToExitStore: @unchecked Sendable {
        private let lock = NSLock()
        private var kept: [LeftToExit] = []

        func keep(_ reading: LeftToExit) {
            lock.withLock { kept.append(reading) }
        }

        func release() {
            let released = lock.withLock { () -> [LeftToExit] in
                defer { kept = [] }
                return kept
            }
            withExtendedLifetime(released) {}
        }
    }

    private static let leftToExit = LeftToExitStore()

    /// What decides a whole reading: every file's path, module and text (by its digest), and how
    /// it was pruned.
    static func runKey(_ files: [SourceFile], texts: [CacheKey], _ options: Options) -> CacheKey {
        CacheKey(["\(options.pruning)", options.alsoFind?.key ?? ""] + zip(files, texts).flatMap { [$0.path, $0.module, $1.description] })
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
