/// The strategies that answer from the fixed point the cache keeps, once the files are read.

/// Edits of bodies that keep the fixed point, judged over every file read: the last reading kept
/// with positions moved (`StaticReader.keptAfterBodyEdits`), not drawn again.
struct BodyEditsKeptStrategy: ReuseStrategy {
    var name: ReuseReport.Strategy { .bodyEditsKept }

    func answer(_ context: ReuseContext) -> ReuseAnswer {
        // An editor's session starts its next reading from the analysis, which this does not keep.
        guard !context.keepsAnalysis else { return .declined("the caller keeps the analysis, which a kept reading does not make") }
        guard let cache = context.cache else { return .declined("no cache") }
        guard let kept = StaticReader.keptAfterBodyEdits(context.prepared, files: context.files, texts: context.texts, options: context.options, cache: cache)
        else { return .declined("no fixed point for these files, or the edits change what the reading says") }
        return .kept(kept)
    }
}

/// The graph drawn from the fixed point the cache keeps, the lookups recorded again
/// (`StaticReader.fromFixedPoint`): the analysis is not run whole.
struct DrawnFromFixedPointStrategy: ReuseStrategy {
    var name: ReuseReport.Strategy { .drawnFromFixedPoint }

    func answer(_ context: ReuseContext) -> ReuseAnswer {
        guard let cache = context.cache else { return .declined("no cache") }
        guard let drawn = StaticReader.fromFixedPoint(context.prepared, files: context.files, texts: context.texts, options: context.options, cache: cache)
        else { return .declined("no fixed point for these files, or the edits do not keep it") }
        return .drawn(drawn)
    }
}
