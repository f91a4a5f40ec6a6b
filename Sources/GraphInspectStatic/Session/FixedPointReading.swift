import GraphInspectCheckContract

/// A settled reading that can answer the next edit from its fixed point: what each file read
/// contributed, the analysis settled over them, and what the sources construct. An editor's
/// session keeps one in memory (`EditorSession`); a check starts from the one its cache keeps
/// (`SettledState`, `StaticReader.fromFixedPoint`).
///
/// Edits of function bodies whose statements removed and added leave the fixed point as it was
/// (`BodyEdit`, `FlowAnalysis+Incremental`: a lookup typed, a statement that reads what the code
/// already holds) are answered by recording the lookups again at that point and drawing the
/// graph, without settling every file again. Each edit is judged on its own: what one removes
/// contributes nothing at the fixed point, and what one adds adds nothing to it, so together
/// they leave it the least fixed point.
struct FixedPointReading {
    var prepared: StaticReader.PreparedSources
    var analysis: FlowAnalysis
    var constructed: [String: Int]

    /// The reading of the files `edit` gives, which differ from the ones read only in texts, from
    /// this fixed point when each edited file's bodies changed in ways that keep it (`BodyEdit`);
    /// nil otherwise (this reading stays whole, to answer another edit). Whether each is an edit
    /// of bodies alone is asked before the reader is made again. An editor's session leaves the
    /// families of component types to the cache (`reading`'s `drawsFamilies`).
    func afterBodyEdits(_ edit: InMemoryEdit) -> (FixedPointReading, StaticGraph)? {
        guard let read = edit.read, read.allSatisfy({ BodyEdit(before: $0.before, after: $0.after) != nil }), let prepared = edit.prepared,
              let state = analysis.settledState() else { return nil }
        return Self.reading(
            from: state, judgedBy: analysis.inert, edits: read.map { ($0.index, $0.before) }, prepared: prepared, files: edit.files,
            constructed: constructed, drawsFamilies: false
        )
    }

    /// The reading of `prepared` (the files as they are now, read) from `state`, the fixed point
    /// of the same files before `edits` (each edited file's index among the files given, and
    /// what it contributed then, its functions numbered as now), judged by the names `inert`
    /// judged the run that reached it by. Nil when an edit may change the fixed point.
    /// `drawsFamilies`: the graph lists the families of component types (`prepared.typeFiles`),
    /// as a reading the cache keeps does; an editor's session leaves that to the cache.
    static func reading(
        from state: SettledState, judgedBy judged: InertStatements, edits: [(index: Int, before: FileContribution)], prepared: StaticReader.PreparedSources,
        files: [StaticReader.SourceFile], constructed: [String: Int], drawsFamilies: Bool
    ) -> (FixedPointReading, StaticGraph)? {
        guard let kept = Self.kept(from: state, judgedBy: judged, edits: edits, now: Now(prepared), files: files, constructed: constructed) else { return nil }
        let analysis = kept.analysis
        // The unreached functions' records are reused but for the edited files', whose positions moved.
        guard analysis.record(reusing: state.unreachedRecords, rerunning: kept.rerun) else { return nil }
        var prepared = prepared
        if !drawsFamilies { prepared.typeFiles = [:] }
        let graph = StaticReader.drawn(analysis, reader: prepared.reader, prepared: prepared)
        return (FixedPointReading(prepared: prepared, analysis: analysis, constructed: constructed), graph)
    }

    /// Whether `edits` (as `reading` takes them) leave the reading drawn at `state` as it was
    /// but for the edited files' positions: the fixed point stands, and each edited function's
    /// runs record what they recorded before (`FlowAnalysis.records`), with its positions moved.
    /// `meetsLoops`: that reading met loops of components or holders, so what the runs call
    /// matters too (`buildsItself`). When it holds: each edited file's position before (in the
    /// text `state` was reached with) where it is now, and the analysis that judged it. Nil
    /// otherwise: the graph must be drawn (`reading`). Also the names of the functions edited.
    static func keepsRecords(
        from state: SettledState, judgedBy judged: InertStatements, edits: [(index: Int, before: FileContribution)], now: Now,
        files: [StaticReader.SourceFile], constructed: [String: Int], meetsLoops: Bool
    ) -> (moved: [SourcePosition: SourcePosition], analysis: FlowAnalysis, edited: Set<String>)? {
        // The last pass that drew it changed the state past the fixed point: its records are not
        // the fixed point's alone.
        guard state.unreachedFunctions != nil else { return nil }
        var before: FlowAnalysis.FunctionRecords?
        guard let kept = Self.kept(from: state, judgedBy: judged, edits: edits, now: now, files: files, constructed: constructed, beforeMoving: { analysis, changes in
            before = analysis.records(of: changes.map(\.old))
            return before != nil
        }) else { return nil }
        let paths = Set(edits.map { files[$0.index].path })
        guard let after = kept.analysis.records(of: kept.changes.map(\.new)),
              var was = before?.moved(in: paths, by: { kept.moved[$0] }) else { return nil }
        if !meetsLoops { was.calls = after.calls }
        guard was == after else { return nil }
        return (kept.moved, kept.analysis, Set(kept.changes.map(\.new.name)))
    }

    /// The files as the judgment reads them now: the reader, each edited file's contribution by
    /// its index among the files given, and `part` when the reader holds some files only
    /// (`PartialReading`): what it asked for beyond them, and how many functions all of them number.
    struct Now {
        var reader: SourceReader
        var contribution: (Int) -> FileContribution?
        var part: (tracker: NameTracker, functionCount: Int)?

        init(reader: SourceReader, contribution: @escaping (Int) -> FileContribution?, part: (tracker: NameTracker, functionCount: Int)?) {
            self.reader = reader
            self.contribution = contribution
            self.part = part
        }

        /// Every file read, as `prepared` holds them.
        init(_ prepared: StaticReader.PreparedSources) {
            self.init(reader: prepared.reader, contribution: { index in prepared.kept.firstIndex(of: index).map { prepared.contributions[$0 + 1] } }, part: nil)
        }
    }

    /// The analysis of `prepared` at `state` when `edits` keep it the fixed point, with the edited
    /// files' positions moved: the edits' changed runs, where each edited file's positions went,
    /// and the functions of the edited files. `beforeMoving` runs once the statements the edits
    /// remove are judged, while the state's positions are still the ones before; false gives up.
    private static func kept(
        from state: SettledState, judgedBy judged: InertStatements, edits: [(index: Int, before: FileContribution)], now: Now,
        files: [StaticReader.SourceFile], constructed: [String: Int], beforeMoving: (FlowAnalysis, [BodyEdit.Change]) -> Bool = { _, _ in true }
    ) -> (analysis: FlowAnalysis, changes: [BodyEdit.Change], moved: [SourcePosition: SourcePosition], rerun: Set<Int>)? {
        let reader = now.reader
        let types = TypeIndex(types: reader.types, shadowed: reader.shadowed, tracker: now.part?.tracker)
        // The names the fixed point was judged by. Declarations keep their shape (`BodyEdit`), so
        // the names they declare and the graph's types stay. What the fixed point ran of the other
        // functions must run again as it did: the same statements left out, so the same names,
        // and the same functions that run nothing (checked below).
        let inert = InertStatements(declared: judged.declared, graphTypes: judged.graphTypes, graphFree: judged.graphFree)
        let analysis = FlowAnalysis(reader: reader, mode: .exact(nil), index: types, constructed: constructed, inert: inert)
        guard analysis.canAdopt(state, functionCount: now.part?.functionCount) else { return nil }
        analysis.adopt(state)
        var changes: [BodyEdit.Change] = [], moved: [SourcePosition: SourcePosition] = [:], rerun: Set<Int> = []
        for (index, before) in edits {
            guard let after = now.contribution(index) else { return nil }
            guard let edit = BodyEdit(before: before, after: after), !edit.constructs(types.types) else { return nil }
            // Only top-level code's locals could change the names `InertStatements` counts.
            func topLevelLocals(_ contribution: FileContribution) -> Set<String> {
                Set(contribution.changes.flatMap { change -> [String] in if case .topLevel(let function) = change { Array(function.locals.keys) } else { [] } })
            }
            guard topLevelLocals(before) == topLevelLocals(after) else { return nil }
            // What the edit removes must add nothing at the fixed point, in any context.
            for change in edit.changes where !analysis.probe(change.removedStatements, of: change.old, mode: .mustDoNothing) { return nil }
            changes += edit.changes
            moved.merge(edit.moved) { first, _ in first }
            rerun.formUnion(after.functions.map(\.id))
        }
        // The functions that run nothing (`GraphFreeFunctions`) still do if each edited one among
        // them does: the set may no longer be the largest, which decides only what is left out,
        // not what is found.
        for change in changes where judged.graphFree.contains(change.new.name) {
            guard inert.runsNothing(change.new) else { return nil }
        }
        guard beforeMoving(analysis, changes) else { return nil }
        guard analysis.moveSettledPositions(files: Set(edits.map { files[$0.index].path }), move: { moved[$0] }) else { return nil }
        // What the edits add must add nothing to it.
        for change in changes where !analysis.probe(change.addedStatements, of: change.new, mode: .mustAddNothing) { return nil }
        return (analysis, changes, moved, rerun)
    }
}
