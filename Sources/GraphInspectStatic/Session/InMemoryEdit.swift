/// The files a request gives, against the reading kept in memory: which texts changed, each of
/// those files read again (its functions numbered as the ones it replaces), and the sources as
/// read now, each made once, when first asked for, for every in-memory strategy.
final class InMemoryEdit {
    let kept: InMemoryReading
    let files: [StaticReader.SourceFile]
    /// The indices of the files whose texts changed.
    let edited: [Int]

    /// Nil when the files differ from the kept reading's in more than texts.
    init?(kept: InMemoryReading, files: [StaticReader.SourceFile]) {
        guard files.count == kept.files.count else { return nil }
        var edited: [Int] = []
        for (index, file) in files.enumerated() {
            let was = kept.files[index]
            guard file.path == was.path, file.module == was.module else { return nil }
            if file.text != was.text { edited.append(index) }
        }
        self.kept = kept
        self.files = files
        self.edited = edited
    }

    /// One edited file: what it contributed to the kept reading, what it contributes now (its
    /// functions numbered alike), and its scan now.
    struct File {
        var index: Int
        var before: FileContribution
        var after: FileContribution
        var scan: FileScan
    }

    /// Each edited file, read again; nil when one cannot take the place of the one kept: it was
    /// not read (its module cannot see the library), its imports, what it sees or the types it
    /// declares at top level changed (which decide which modules are read and how names resolve),
    /// or it numbers other functions.
    private(set) lazy var read: [File]? = {
        let prepared = kept.fixedPoint.prepared
        var read: [File] = []
        for index in edited {
            guard let at = prepared.kept.firstIndex(of: index).map({ $0 + 1 }) else { return nil }
            let file = files[index]
            let scan = FileScan(file.text), was = prepared.scans[index]
            guard scan.imports == was.imports, scan.seesLibrary == was.seesLibrary, scan.topLevelTypes == was.topLevelTypes else { return nil }
            let before = prepared.contributions[at]
            let after = FileContribution.read(source: file.text, path: file.path, module: file.module, scope: prepared.scope)
            guard before.functions.count == after.functions.count else { return nil }
            for (was, now) in zip(before.functions, after.functions) { now.id = was.id }
            read.append(File(index: index, before: before, after: after, scan: scan))
        }
        return read
    }()

    /// The sources as read now: the kept ones with each edited file's contribution and scan in
    /// place of its old ones, `memberReads` gathered again from them (a name no file reads as a
    /// member any more leaves it), and the reader made again from every contribution.
    private(set) lazy var prepared: StaticReader.PreparedSources? = read.map { read in
        var next = kept.fixedPoint.prepared
        for file in read {
            guard let at = next.kept.firstIndex(of: file.index).map({ $0 + 1 }) else { continue }
            next.contributions[at] = file.after
            next.scans[file.index] = file.scan
        }
        next.memberReads = StaticReader.memberReads(scans: next.scans, contributions: next.contributions)
        var reader = SourceReader()
        for (offset, contribution) in next.contributions.enumerated() {
            let module = offset == 0 ? RuntimeDeclarations.module : files[next.kept[offset - 1]].module
            reader.apply(contribution, module: module, isLibrary: offset == 0, numbered: true)
        }
        next.reader = reader
        return next
    }
}
