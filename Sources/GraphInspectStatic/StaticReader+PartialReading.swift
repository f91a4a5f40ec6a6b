import GraphInspectCheckContract

extension StaticReader {
    /// At most this many rounds, each reading the files the round before asked for.
    static let mostPartialRounds = 8
    /// At most this many files read beyond the edited ones are kept for the next judgment.
    static let mostPartFilesKept = 32

    /// The last reading kept after edits of bodies, judged over part of the files: the files
    /// edited since the fixed point the cache keeps, and those whose types or free functions the
    /// judgment asks for, read from the cache (`ReadingIndex` says which file adds to which name,
    /// and how each numbers its functions). The judgment is `keptAfterBodyEdits`'s, over a reader
    /// of those files alone; every name it asks for is told to a `NameTracker`, and one asked for
    /// that some file left out adds to reads those files and judges again. So an answer stands
    /// only when every type and function it read is whole, as the reader of every file holds it.
    ///
    /// Nil (the files are then read whole) when the cache keeps no such fixed point or index, an
    /// edited file's contribution is not at hand, the judgment asks about every type, the files
    /// it asks for grow past an eighth of them, or it does not keep the reading. `rounds` counts
    /// the judgments made.
    static func keptFromPart(
        _ last: LastReading, edits: EditedFiles, files: [SourceFile], texts: [CacheKey], options: Options, cache: CheckCache, rounds: inout Int
    ) -> LastReading? {
        guard options.pruning != .always, options.rules == nil, last.optionsKey == optionsKey(options), last.files.count == files.count,
              let state = cache.settledState(for: last.analysedKey), let index = state.index else { return nil }
        let edited = last.files.indices.filter { (last.files[$0].analysed ?? last.files[$0].text) != texts[$0] }
        guard !edited.isEmpty, edited.count <= mostEditedFiles else { return nil }
        var scopeKeys: [String: String] = [:]
        func key(_ index: Int, _ text: CacheKey) -> CacheKey {
            contributionKey(path: files[index].path, module: files[index].module, text: text.description, scope: last.scope, scopeKeys: &scopeKeys)
        }
        func bytes(_ contribution: FileContribution) -> [UInt8] {
            var out = CacheBytesWriter()
            contribution.write(to: &out)
            return out.bytes
        }
        func decoded(_ bytes: [UInt8]) -> FileContribution? {
            var input = CacheBytesReader(bytes)
            guard let contribution = try? FileContribution.read(from: &input), input.isAtEnd else { return nil }
            return contribution
        }
        // What each file edited since the fixed point contributes now, as bytes (read afresh each
        // round: applying a contribution numbers its functions).
        let parsed = Dictionary(edits.files.compactMap { file in file.contribution.map { (file.index, $0) } }, uniquingKeysWith: { first, _ in first })
        var nowBytes: [Int: [UInt8]] = [:]
        for file in edited {
            let entry = last.files[file]
            guard entry.shape != nil, index.functionBase[file] != nil else { return nil }
            if let contribution = parsed[file] {
                nowBytes[file] = bytes(contribution)
            } else if entry.text == texts[file], let kept = entry.contribution {
                nowBytes[file] = kept
            } else if entry.text == texts[file], let cached = cache.contributions(for: [key(file, entry.text)], threads: 1)[0] {
                nowBytes[file] = bytes(cached)
            } else {
                return nil
            }
        }
        let beforeKeys = edited.map { key($0, last.files[$0].analysed ?? last.files[$0].text) }
        let libraryKey = contributionKey(path: "<GraphInspect>", module: RuntimeDeclarations.module, text: RuntimeDeclarations.source, scope: last.scope, scopeKeys: &scopeKeys)
        let inert = InertStatements(declared: last.decodedNames(), graphTypes: last.decodedGraphTypeNames(), graphFree: last.decodedGraphFreeNames())
        let constructed = Dictionary(uniqueKeysWithValues: state.constructed.map { ($0, 1) })
        let meetsLoops = last.diagnostics.contains(where: StaticWording.isLoop)
        // With the files the last such judgment read: it mostly asks for the same names.
        var loaded = Set(edited).union(last.partFiles.filter(files.indices.contains))
        for _ in 0..<mostPartialRounds {
            let others = loaded.subtracting(edited).sorted()
            let read = cache.contributions(for: [libraryKey] + others.map { key($0, texts[$0]) } + beforeKeys, threads: 1)
            let library = read[0] ?? FileContribution.read(
                source: RuntimeDeclarations.source, path: "<GraphInspect>", module: RuntimeDeclarations.module, isLibrary: true, scope: last.scope
            )
            var contributions: [Int: FileContribution] = [:]
            for (file, contribution) in zip(others, read[1...]) {
                guard let contribution else { return nil }
                contributions[file] = contribution
            }
            var now: [Int: FileContribution] = [:]
            for file in edited {
                guard let bytes = nowBytes[file], let contribution = decoded(bytes) else { return nil }
                contributions[file] = contribution
                now[file] = contribution
            }
            var reader = SourceReader()
            reader.apply(library, module: RuntimeDeclarations.module, isLibrary: true, after: 0)
            for file in loaded.sorted() {
                guard let contribution = contributions[file], let base = index.functionBase[file] else { return nil }
                reader.apply(contribution, module: files[file].module, after: base)
            }
            // What each edited file contributed when the fixed point was reached, numbered as now.
            var fixedPointEdits: [(index: Int, before: FileContribution)] = []
            for (file, before) in zip(edited, read.suffix(edited.count)) {
                guard let before, let after = now[file], before.functions.count == after.functions.count else { return nil }
                for (was, id) in zip(before.functions, after.functions.map(\.id)) { was.id = id }
                fixedPointEdits.append((file, before))
            }
            rounds += 1
            let part = loaded
            let tracker = NameTracker { index.isPartial($0, loaded: part) }
            let judged = FixedPointReading.keepsRecords(
                from: state, judgedBy: inert, edits: fixedPointEdits,
                now: FixedPointReading.Now(reader: reader, contribution: { now[$0] }, part: (tracker, index.functionCount)),
                files: files, constructed: constructed, meetsLoops: meetsLoops
            )
            guard !tracker.askedForEverything else { return nil }
            if !tracker.missed.isEmpty {
                // Asked for names the part does not hold whole: judged again with their files.
                loaded.formUnion(tracker.missed.flatMap(index.files(for:)))
                guard loaded.count <= max(64, files.count / 8) else { return nil }
                continue
            }
            // A function that runs nothing edited: what its judgment reads may have changed, and
            // only every file says it again (`GraphFreeFunctions.mentions`).
            guard let (moved, analysis, changed) = judged, changed.isDisjoint(with: inert.graphFree) else { return nil }
            if options.leavesMemoryToExit { leftToExit.keep(values: [state, analysis, reader]) }
            var reading = kept(last, moved: moved, texts: texts, now: { now[$0] }, graphFreeMentions: last.graphFreeMentions)
            reading?.partFiles = Array(loaded.subtracting(edited).sorted().prefix(mostPartFilesKept))
            return reading
        }
        return nil
    }
}
