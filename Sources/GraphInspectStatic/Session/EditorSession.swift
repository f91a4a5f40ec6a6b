import Foundation
import GraphInspectCheckContract

extension StaticReader {
    /// A language server's readings, one after another, each of the workspace with the editor's
    /// unsaved text: the same reading `check` makes of that text (`EditorSessionTests`).
    ///
    /// It keeps the last analysis in memory. An edit of one file's function bodies whose
    /// statements removed and added leave the analysis's fixed point as it was (`BodyEdit`,
    /// `FlowAnalysis+Incremental`: a lookup typed, a statement that reads what the code already
    /// holds) is answered by recording the lookups again at that point and drawing the graph,
    /// without settling every file again. Any other edit is read as `check` reads it, through the
    /// cache when there is one, and the analysis made then is kept for the next.
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
            if let state {
                switch state.next(files) {
                case .unchanged:
                    lastPath = .unchanged
                    return (state.reading, {})
                case .read(let next):
                    self.state = next
                    lastPath = .fromFixedPoint
                    return (next.reading, {})
                case .notKept:
                    // The state is spent: a fixed point moved into another run is not kept twice.
                    self.state = nil
                case .cannot:
                    break
                }
            }
            lastPath = .whole
            waitForSaving()
            let deferred = DeferredCacheSave()
            var options = Options(cachePath: cachePath)
            options.deferredSave = deferred
            let cache = cachePath.map { CheckCache(directory: $0, build: options.cacheIdentity) }
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
            if let cache, let kept = keptReading(files, options: options, cache: cache) { return (kept, finish) }
            let made = StaticReader.analysed(files, options: options, cache: cache)
            var reading = made.reading
            reading.warnings = cache?.problems.map(\.description) ?? []
            state = made.analysis.relevance == nil
                ? State(files: files, prepared: made.prepared, analysis: made.analysis, constructed: made.constructed, reading: reading) : nil
            return (reading, finish)
        }
    }
}

/// What an editor session keeps of its last reading: the files it read, what each contributed,
/// and the settled analysis.
private struct State {
    var files: [StaticReader.SourceFile]
    var prepared: StaticReader.PreparedSources
    var analysis: FlowAnalysis
    var constructed: [String: Int]
    var reading: StaticReading

    enum Next {
        case unchanged
        case read(State)
        /// Not read from the fixed point, which this attempt spent.
        case notKept
        /// Not read from the fixed point, which is still whole.
        case cannot
    }

    /// The reading of `files`, from this one's fixed point when one file's bodies changed in ways
    /// that keep it.
    func next(_ files: [StaticReader.SourceFile]) -> Next {
        guard files.count == self.files.count else { return .cannot }
        var edited: [Int] = []
        for (index, file) in files.enumerated() {
            let was = self.files[index]
            guard file.path == was.path, file.module == was.module else { return .cannot }
            if file.text != was.text { edited.append(index) }
        }
        guard let index = edited.first else { return .unchanged }
        guard edited.count == 1, let at = prepared.kept.firstIndex(of: index).map({ $0 + 1 }) else { return .cannot }
        let file = files[index]
        // What decides which modules are read and how type names resolve stays; the names read
        // as members (`SourcePlaces.memberReads`) are gathered again.
        let scan = FileScan(file.text), was = prepared.scans[index]
        guard scan.imports == was.imports, scan.seesLibrary == was.seesLibrary, scan.topLevelTypes == was.topLevelTypes else { return .cannot }
        let before = prepared.contributions[at]
        let after = FileContribution.read(source: file.text, path: file.path, module: file.module, scope: prepared.scope)
        // Numbered as the functions they replace, so they compare alike.
        let functions = (before.functions, after.functions)
        guard functions.0.count == functions.1.count else { return .cannot }
        for (was, now) in zip(functions.0, functions.1) { now.id = was.id }
        guard let edit = BodyEdit(before: before, after: after), !edit.constructs(analysis.index.types) else { return .cannot }
        // What the edit removes must add nothing at the fixed point, in any context.
        for change in edit.changes where !analysis.probe(change.removedStatements, of: change.old, mode: .mustDoNothing) { return .cannot }
        var contributions = prepared.contributions
        contributions[at] = after
        var reader = SourceReader()
        for (offset, contribution) in contributions.enumerated() {
            let module = offset == 0 ? RuntimeDeclarations.module : files[prepared.kept[offset - 1]].module
            reader.apply(contribution, module: module, isLibrary: offset == 0, numbered: true)
        }
        let types = TypeIndex(types: reader.types, shadowed: reader.shadowed)
        // Declarations keep their shape (`BodyEdit`), so the names they declare and the graph's
        // types stay: only top-level code's locals could change the names `InertStatements`
        // counts. What the fixed point ran of the other functions must run again as it did: the
        // same statements left out, so the same names, and the same functions that run nothing.
        guard Set(reader.topLevel.flatMap(\.locals.keys)) == Set(analysis.topLevel.flatMap(\.locals.keys)) else { return .cannot }
        let judged = analysis.inert
        let inert = InertStatements(declared: judged.declared, graphTypes: judged.graphTypes, graphFree: judged.graphFree)
        // The functions that run nothing (`GraphFreeFunctions`) still do if each edited one among
        // them does: the set may no longer be the largest, which decides
        // only what is left out, not what is found.
        for change in edit.changes where judged.graphFree.contains(change.new.name) {
            guard inert.runsNothing(change.new) else { return .cannot }
        }
        let next = FlowAnalysis(reader: reader, mode: .exact(nil), index: types, constructed: constructed, inert: inert)
        guard next.adoptSettledState(of: analysis, file: file.path, move: { edit.moved[$0] }) else { return .notKept }
        // What it adds must add nothing to it.
        for change in edit.changes where !next.probe(change.addedStatements, of: change.new, mode: .mustAddNothing) { return .notKept }
        // The unreached functions' records are reused but for the edited file's, whose positions moved.
        guard next.record(reusing: analysis.unreachedRecords, rerunning: Set(after.functions.map(\.id))) else { return .notKept }
        var prepared = prepared
        prepared.contributions = contributions
        if scan.memberNames != was.memberNames {
            // A name the file no longer reads stays read if another file reads it.
            prepared.memberReads.formUnion(scan.memberNames)
            for name in Set(was.memberNames).subtracting(scan.memberNames)
            where !prepared.scans.indices.contains(where: { $0 != index && prepared.scans[$0].memberNames.contains(name) }) {
                prepared.memberReads.remove(name)
            }
            prepared.scans[index] = scan
        }
        // The families of component types are the cache's (`LastReading`), not the editor's.
        prepared.typeFiles = [:]
        prepared.reader = reader
        let graph = StaticReader.drawn(next, reader: reader, prepared: prepared)
        return .read(State(files: files, prepared: prepared, analysis: next, constructed: constructed, reading: StaticReader.reading(graph)))
    }
}
