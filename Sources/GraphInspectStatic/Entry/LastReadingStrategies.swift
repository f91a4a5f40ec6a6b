/// The strategies that answer from the cache's last reading alone, before any file is read.

/// The last reading was made of these very files: it is this run's as it is, and nothing is written.
struct WholeRunStrategy: ReuseStrategy {
    var name: ReuseReport.Strategy { .wholeRun }

    func answer(_ context: ReuseContext) -> ReuseAnswer {
        guard let last = context.last else { return .declined("the cache keeps no last reading") }
        guard last.runKey == context.runKey else { return .declined("the files, their texts or the options differ from the last reading's") }
        context.cache?.reuseLastReadingWhole()
        return .kept(last)
    }
}

/// The files differ from the last reading's only in texts, and no edit can change what it says
/// (`LastReading.stillHolds`): kept with the new texts, so the next run finds them the same.
struct StillHoldsStrategy: ReuseStrategy {
    var name: ReuseReport.Strategy { .stillHolds }

    func answer(_ context: ReuseContext) -> ReuseAnswer {
        guard var last = context.last, let edits = context.edits else { return .declined(KeptReadingDecline.noEdits(context)) }
        guard let entries = last.stillHolds(after: edits) else { return .declined("an edit may change what the reading says") }
        for (index, entry) in entries { last.files[index] = entry }
        return .kept(context.keep(last))
    }
}

/// One file added or removed a provider: the last reading patched without the analysis
/// (`LastReading.afterProviderEdit`).
struct ProviderEditStrategy: ReuseStrategy {
    var name: ReuseReport.Strategy { .providerEdit }

    func answer(_ context: ReuseContext) -> ReuseAnswer {
        guard let last = context.last, let edits = context.edits else { return .declined(KeptReadingDecline.noEdits(context)) }
        guard let patched = last.afterProviderEdit(edits) else { return .declined("the edits are not one provider added or removed that the reading can absorb") }
        return .kept(context.keep(patched))
    }
}

/// Edits moved only positions the last reading names (`LastReading.afterPositionsMoved`).
struct MovedPositionsStrategy: ReuseStrategy {
    var name: ReuseReport.Strategy { .movedPositions }

    func answer(_ context: ReuseContext) -> ReuseAnswer {
        guard let last = context.last, let edits = context.edits else { return .declined(KeptReadingDecline.noEdits(context)) }
        guard let moved = last.afterPositionsMoved(edits) else { return .declined("the edits change more than positions") }
        return .kept(context.keep(moved))
    }
}

/// Edits of bodies that keep the fixed point the cache keeps, judged over the edited files and
/// those the judgment asks for alone (`StaticReader.keptFromPart`).
struct JudgedInPartStrategy: ReuseStrategy {
    var name: ReuseReport.Strategy { .judgedInPart }

    func answer(_ context: ReuseContext) -> ReuseAnswer {
        guard let last = context.last, let edits = context.edits, let cache = context.cache else { return .declined(KeptReadingDecline.noEdits(context)) }
        guard let kept = StaticReader.keptFromPart(
            last, edits: edits, files: context.files, texts: context.texts, options: context.options, cache: cache, rounds: &context.partialRounds
        ) else { return .declined("no fixed point to judge from, or the part read cannot show the edits keep the reading") }
        return .kept(context.keep(kept))
    }
}

/// Why the strategies that judge edits against the last reading have nothing to judge.
enum KeptReadingDecline {
    static func noEdits(_ context: ReuseContext) -> String {
        context.last == nil ? "the cache keeps no last reading" : "the files differ from the last reading's in more than texts, or in too many"
    }
}
