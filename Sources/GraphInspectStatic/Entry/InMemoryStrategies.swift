import GraphInspectCheckContract

/// The strategies that answer from the reading an editor's session keeps in memory
/// (`InMemoryReading`), tried before any that reads the cache: each answers with the reading
/// to keep for the next request.

/// The files are the ones the kept reading was made of: it is this request's as it is.
struct UnchangedInMemoryStrategy: ReuseStrategy {
    var name: ReuseReport.Strategy { .unchangedInMemory }

    func answer(_ context: ReuseContext) -> ReuseAnswer {
        guard let edit = context.inMemoryEdit else { return .declined(InMemoryAnswer.noEdit(context)) }
        guard edit.edited.isEmpty else { return .declined("files were edited since the kept reading") }
        return .inMemory(edit.kept)
    }
}

/// Edits of bodies that keep the kept fixed point: the lookups recorded again at it, the graph
/// drawn (`FixedPointReading.afterBodyEdits`).
struct BodyEditsInMemoryStrategy: ReuseStrategy {
    var name: ReuseReport.Strategy { .bodyEditsInMemory }

    func answer(_ context: ReuseContext) -> ReuseAnswer {
        guard let edit = context.inMemoryEdit else { return .declined(InMemoryAnswer.noEdit(context)) }
        guard let (next, graph) = edit.kept.fixedPoint.afterBodyEdits(edit) else {
            return .declined("an edited file changed more than bodies, or its edit may move the fixed point")
        }
        return .inMemory(InMemoryReading(files: edit.files, fixedPoint: next, reading: InMemoryAnswer.reading(graph, context)))
    }
}

/// One file's stored properties edited (a provider added, removed, renamed or moved): the
/// analysis settled again, the unreached functions that name no changed property not run again
/// (`FixedPointReading.afterPropertyEdit`).
struct ProviderEditInMemoryStrategy: ReuseStrategy {
    var name: ReuseReport.Strategy { .providerEditInMemory }

    func answer(_ context: ReuseContext) -> ReuseAnswer {
        guard let edit = context.inMemoryEdit else { return .declined(InMemoryAnswer.noEdit(context)) }
        guard let read = edit.read, read.count == 1, let file = read.first,
              let change = PropertyEdit(before: file.before, after: file.after) else {
            return .declined("the edits are not one file's stored properties alone")
        }
        guard let prepared = edit.prepared else { return .declined("the edited file cannot be read in memory") }
        let (next, graph, reused) = edit.kept.fixedPoint.afterPropertyEdit(
            change, of: edit.files[file.index].path, functions: file.after.functions, now: prepared, files: edit.files
        )
        context.unreachedRecordsReused = reused
        return .inMemory(InMemoryReading(files: edit.files, fixedPoint: next, reading: InMemoryAnswer.reading(graph, context)))
    }
}

/// Why the in-memory strategies have nothing to answer from, and the reading of what they drew.
enum InMemoryAnswer {
    static func noEdit(_ context: ReuseContext) -> String {
        context.inMemory == nil ? "no reading is kept in memory" : "the files differ from the kept reading's in more than texts"
    }

    /// The reading of a graph drawn in memory, held to the request's rules as the plain path holds it.
    static func reading(_ graph: StaticGraph, _ context: ReuseContext) -> StaticReading {
        var reading = StaticReader.reading(graph)
        if let rules = context.options.rules { reading.hold(to: rules) }
        return reading
    }
}
