import GraphInspectCheckContract

/// A provider added, removed, renamed or moved (any edit of one file's stored properties alone,
/// `PropertyEdit`), answered from the reading kept in memory.
///
/// Such an edit may move the fixed point (a removed provider's value is no longer made), so the
/// analysis settles again from nothing over the sources read now: settling is the cheap part of
/// an analysis, as little of an app's code is reached from where its trees are built. The cost is
/// in the last pass, which runs every function nothing reaches, once each, to note its lookups
/// (`FlowAnalysis.record`); those runs are reused. When the new fixed point is the old one but
/// for what only the changed properties lead to (`FixedPointMatch`), a function that names none
/// of them records what it recorded before, its sites renamed, and only the others run again.
/// Otherwise every function runs: the reading is the same either way, only its cost differs.
///
/// What the analysis is given beside the reader is the kept reading's, patched: the types the
/// sources construct, counted again in the changed properties alone, and the names statements
/// are judged inert by (`InertStatements`) with the added names declared. A judge that declares
/// more names, or knows fewer functions that run nothing, leaves fewer statements out, which
/// changes nothing found (each statement it leaves out is inert by any judge).
extension FixedPointReading {
    /// The reading of `prepared`, the `files` given read after `edit` of the file at `path`
    /// (which now contributes `functions`, numbered as before); what to keep for the next; and
    /// how many functions nothing reaches were not run again.
    func afterPropertyEdit(
        _ edit: PropertyEdit, of path: String, functions: [FunctionIR], now prepared: StaticReader.PreparedSources, files: [StaticReader.SourceFile]
    ) -> (next: FixedPointReading, graph: StaticGraph, recordsReused: Int) {
        let reader = prepared.reader
        let index = TypeIndex(types: reader.types, shadowed: reader.shadowed)
        let made = constructions(after: edit, in: reader)
        let inert = judge(after: edit, reader: reader)
        let kept = tables(after: edit, functions: functions, in: reader)
        let analysis = FlowAnalysis(reader: reader, mode: .exact(nil), index: index, constructed: made, inert: inert, tables: kept)
        analysis.settle()
        guard let reused = recordReusing(self.analysis, in: analysis, edit: edit, path: path, files: files) else {
            // A function run again changed the fixed point: every function runs, from nothing.
            let fresh = FlowAnalysis(reader: reader, mode: .exact(nil), index: index, constructed: made, inert: inert, tables: analysis.functionTables)
            fresh.run()
            return finished(fresh, prepared: prepared, constructed: made, recordsReused: 0)
        }
        return finished(analysis, prepared: prepared, constructed: made, recordsReused: reused)
    }

    /// The last pass of `new`, reusing what the unreached functions recorded in `old`'s where the
    /// two fixed points match: how many records were reused; nil when a function run again
    /// changed the new fixed point. Those of the edited file run again (their places moved), and
    /// those that name a changed property, looked for in the files whose text holds its name.
    private func recordReusing(_ old: FlowAnalysis, in new: FlowAnalysis, edit: PropertyEdit, path: String, files: [StaticReader.SourceFile]) -> Int? {
        guard let records = old.unreachedRecords, let match = FixedPointMatch(old: old, new: new, edit: edit, file: path) else {
            new.record()
            return 0
        }
        let naming = PropertyEdit.files(files, holding: edit.names)
        var rerun: Set<Int> = []
        for id in records.keys {
            guard let function = new.functionsByID[id] else { continue }
            let file = function.position.file
            if file == path || (naming.contains(file) && PropertyEdit.mentions(function, anyOf: edit.names)) { rerun.insert(id) }
        }
        let reusable = match.recordsRenamed(records, rerunning: rerun)
        guard new.record(reusing: reusable, rerunning: rerun) else { return nil }
        return reusable.keys.count { id in new.functionsByID[id].map(new.isUnreached) ?? false }
    }

    private func finished(_ analysis: FlowAnalysis, prepared: StaticReader.PreparedSources, constructed: [String: Int], recordsReused: Int)
        -> (next: FixedPointReading, graph: StaticGraph, recordsReused: Int)
    {
        var prepared = prepared
        prepared.typeFiles = [:]
        let graph = StaticReader.drawn(analysis, reader: prepared.reader, prepared: prepared)
        return (FixedPointReading(prepared: prepared, analysis: analysis, constructed: constructed), graph, recordsReused)
    }

    /// The kept analysis's function tables with the edited file's functions in place of its old
    /// ones: the same functions, as an edit of properties with no getter adds or removes none;
    /// nil (made again) where a changed name is also a getter's (another declaration of it, which
    /// the edit may uncover or hide).
    private func tables(after edit: PropertyEdit, functions: [FunctionIR], in reader: SourceReader) -> FlowAnalysis.FunctionTables? {
        for (owner, name) in edit.declarations {
            guard self.prepared.reader.types[owner]?.properties[name]?.getter == nil, reader.types[owner]?.properties[name]?.getter == nil else { return nil }
        }
        return FlowAnalysis.FunctionTables(of: analysis).replacing(Dictionary(functions.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first }))
    }

    /// The types the sources construct (`Constructions.count`), counted again in the changed
    /// properties alone: each declaration's value counted out as the kept reader had it, and in
    /// as `reader` has it.
    private func constructions(after edit: PropertyEdit, in reader: SourceReader) -> [String: Int] {
        var made = constructed
        var out = Constructions(types: self.prepared.reader.types), into = Constructions(types: reader.types)
        var seen: Set<String> = []
        for (owner, name) in edit.declarations where seen.insert(owner + "." + name).inserted {
            if let value = self.prepared.reader.types[owner]?.properties[name]?.initializer { out.count(value) }
            if let value = reader.types[owner]?.properties[name]?.initializer { into.count(value) }
        }
        for (type, count) in out.made { made[type, default: 0] -= count }
        for (type, count) in into.made { made[type, default: 0] += count }
        return made.filter { $0.value > 0 }
    }

    /// The kept analysis's judge of inert statements, declaring every changed name (those added
    /// must be; one removed and still declared only leaves statements in); the functions that run
    /// nothing are kept unless one of them names a changed property (which may now read it),
    /// then none is.
    private func judge(after edit: PropertyEdit, reader: SourceReader) -> InertStatements {
        let judged = analysis.inert
        let mentioned = GraphFreeFunctions.mentions(of: judged.graphFree, in: reader)
        return InertStatements(
            declared: judged.declared.union(edit.names), graphTypes: judged.graphTypes,
            graphFree: mentioned.isDisjoint(with: edit.names) ? judged.graphFree : []
        )
    }
}
