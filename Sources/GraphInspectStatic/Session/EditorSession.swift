import Foundation
import GraphInspectCheckContract

extension StaticReader {
    /// A language server's readings, one after another, each of the workspace with the editor's
    /// unsaved text: the same reading `check` makes of that text (`EditorSessionTests`).
    ///
    /// It asks the entry (`StaticCheck`) for each reading, giving it what it keeps in memory of
    /// the last (`InMemoryReading`): the entry answers from that first (an edit of bodies that
    /// keeps the fixed point, a provider edit: `InMemoryStrategies`), else from the cache, else
    /// reads the files whole, and gives back what to keep for the next.
    /// Not thread-safe: one server thread asks.
    public final class EditorSession {
        /// How the last reading was made.
        public enum Path: Sendable, Equatable {
            /// The same texts as the reading before.
            case unchanged
            /// From the last fixed point, only the lookups recorded again.
            case fromFixedPoint
            /// A provider edit: the analysis settled again in memory (`ReuseReport.Strategy.providerEditInMemory`).
            case providerEdit
            /// Read as `check` reads, from the cache's last reading or not.
            case whole
        }

        public private(set) var lastPath = Path.whole
        /// How the entry made the last reading.
        public private(set) var lastReuse = ReuseReport()
        /// What the last reading kept in memory for the next.
        private var kept: InMemoryReading?
        /// The cache being written on a thread of its own, if it is.
        private var saving: DispatchGroup?
        /// The key of the rules the last reading was held to: readings held to others start afresh.
        private var rulesKey: String?

        public init() {}

        /// Waits until the cache a reading left to write is written: before the process ends (a
        /// reading that reads the cache waits for it in the entry: `Request.cacheBeingWritten`).
        public func waitForSaving() {
            saving?.wait()
            saving = nil
        }

        /// The reading of `paths` with the editor's `texts` (by path), held to `rules` as `check`
        /// holds it, and what is left to do once its findings are published (`finish`: the cache
        /// written on a thread of its own, so neither the findings nor the next request wait for it).
        public func reading(
            _ paths: [String], cachePath: String?, texts: [String: String], rules: ReadingRules? = nil
        ) throws(StaticReader.ReadError) -> (reading: StaticReading, finish: () -> Void) {
            var files = try StaticReader.files(in: paths)
            for index in files.indices {
                if let text = texts[files[index].path] { files[index].text = text }
            }
            return reading(of: files, cachePath: cachePath, rules: rules)
        }

        func reading(of files: [SourceFile], cachePath: String?, rules: ReadingRules? = nil) -> (reading: StaticReading, finish: () -> Void) {
            if rules?.key != rulesKey {
                kept = nil
                rulesKey = rules?.key
            }
            let deferred = DeferredCacheSave()
            var request = StaticCheck.Request(files: files, options: Options(cachePath: cachePath))
            request.options.deferredSave = deferred
            request.rules = rules
            request.keepsAnalysis = true
            request.inMemory = kept
            request.cacheBeingWritten = saving
            let result = StaticCheck().answer(files, options: request.readingOptions, request: request)
            lastReuse = result.reuse
            lastPath = switch result.reuse.answeredBy {
            case .unchangedInMemory: .unchanged
            case .bodyEditsInMemory: .fromFixedPoint
            case .providerEditInMemory: .providerEdit
            default: .whole
            }
            if let next = result.inMemory { kept = next }
            // A request for more than the findings has the reading.
            let reading = result.reading!
            if result.reuse.answeredInMemory { return (reading, {}) }
            let finish = { [self] in
                let group = DispatchGroup()
                group.enter()
                let thread = Thread {
                    deferred.run()
                    group.leave()
                }
                thread.stackSize = ParallelWork.stackSize
                thread.start()
                saving = group
            }
            return (reading, finish)
        }
    }
}
