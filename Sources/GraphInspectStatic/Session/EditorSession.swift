import Foundation
import GraphInspectCheckContract

extension StaticReader {
    /// A language server's readings, one after another, each of the workspace with the editor's
    /// unsaved text: the same reading `check` makes of that text (`EditorSessionTests`).
    ///
    /// It keeps the last analysis in memory (`FixedPointReading`). An edit of function bodies
    /// that leaves the analysis's fixed point as it was is answered by recording the lookups
    /// again at that point and drawing the graph, without settling every file again. Any other
    /// edit is read as `check` reads it, through the cache when there is one, and the analysis
    /// made then is kept for the next.
    /// Not thread-safe: one server thread asks.
    public final class EditorSession {
        /// How the last reading was made.
        public enum Path: Sendable, Equatable {
            /// The same texts as the reading before.
            case unchanged
            /// From the last fixed point, only the lookups recorded again.
            case fromFixedPoint
            /// Read as `check` reads, from the cache's last reading or not.
            case whole
        }

        public private(set) var lastPath = Path.whole
        private var state: State?
        /// The cache being written on a thread of its own, if it is.
        private var saving: DispatchGroup?

        public init() {}

        /// Waits until the cache a reading left to write is written: before a reading that reads
        /// the cache, and before the process ends.
        public func waitForSaving() {
            saving?.wait()
            saving = nil
        }

        /// The reading of `paths` with the editor's `texts` (by path), and what is left to do
        /// once its findings are published (`finish`: the cache written on a thread of its own, so
        /// neither the findings nor the next request wait for it).
        public func reading(_ paths: [String], cachePath: String?, texts: [String: String]) throws(StaticReader.ReadError) -> (reading: StaticReading, finish: () -> Void) {
            var files = try StaticReader.files(in: paths)
            for index in files.indices {
                if let text = texts[files[index].path] { files[index].text = text }
            }
            return reading(of: files, cachePath: cachePath)
        }

        func reading(of files: [SourceFile], cachePath: String?) -> (reading: StaticReading, finish: () -> Void) {
            if let needle = NeedleReading.reading(of: files, options: StaticReader.Options()) { return (needle, {}) }
            if let state {
                switch state.next(files) {
                case .unchanged:
                    lastPath = .unchanged
                    return (state.reading, {})
                case .read(let next):
                    self.state = next
                    lastPath = .fromFixedPoint
                    return (next.reading, {})
                case .cannot:
                    break
                }
            }
            lastPath = .whole
            waitForSaving()
            let deferred = DeferredCacheSave()
            var options = Options(cachePath: cachePath)
            options.deferredSave = deferred
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
            var request = StaticCheck.Request(files: files, options: options)
            request.keepsAnalysis = true
            let made = StaticCheck().answer(files, options: options, request: request)
            // A request for more than the findings has the reading.
            let reading = made.reading!
            guard let (prepared, analysed) = made.made else { return (reading, finish) }
            state = analysed.analysis.relevance == nil
                ? State(files: files, fixedPoint: FixedPointReading(prepared: prepared, analysis: analysed.analysis, constructed: analysed.constructed), reading: reading) : nil
            return (reading, finish)
        }
    }
}

/// What an editor session keeps of its last reading: the files it read, its fixed point, and the
/// reading.
private struct State {
    var files: [StaticReader.SourceFile]
    var fixedPoint: FixedPointReading
    var reading: StaticReading

    enum Next {
        case unchanged
        case read(State)
        /// Not read from the fixed point, which is still whole.
        case cannot
    }

    /// The reading of `files`, from this one's fixed point when the edited files' bodies changed
    /// in ways that keep it.
    func next(_ files: [StaticReader.SourceFile]) -> Next {
        guard files.count == self.files.count else { return .cannot }
        var edited: [Int] = []
        for (index, file) in files.enumerated() {
            let was = self.files[index]
            guard file.path == was.path, file.module == was.module else { return .cannot }
            if file.text != was.text { edited.append(index) }
        }
        guard !edited.isEmpty else { return .unchanged }
        // The families of component types are the cache's (`LastReading`), not the editor's.
        guard let (next, graph) = fixedPoint.next(editing: edited, of: files, drawsFamilies: false) else { return .cannot }
        return .read(State(files: files, fixedPoint: next, reading: StaticReader.reading(graph)))
    }
}
