/// The files edited since the last reading was made, each read once, and what judging their
/// edits reads from the last run, each read at most once: every way the reading may absorb an
/// edit (`LastReading.stillHolds`, `LastReading.afterProviderEdit`) asks the same questions.
final class EditedFiles {
    /// One edited file: where it is among the files, its new text's digest, and what it
    /// contributes now (nil when its module is not read).
    struct File {
        var index: Int
        var source: StaticReader.SourceFile
        var text: CacheKey
        var contribution: FileContribution?
    }

    let files: [File]
    private let reading: LastReading
    private let readContribution: (Int) -> FileContribution?
    private var contributions: [Int: FileContribution?] = [:]

    /// `readContribution` gives, by a file's index, what the text the reading was made from
    /// contributes.
    init(_ files: [File], reading: LastReading, readContribution: @escaping (Int) -> FileContribution?) {
        self.files = files
        self.reading = reading
        self.readContribution = readContribution
    }

    /// Every name the sources declare, as the reading kept them.
    private(set) lazy var declaredNames: Set<String> = reading.decodedNames()
    /// What judges statements inert, by the names the reading kept (nil when it kept none: then
    /// nothing is inert).
    private(set) lazy var inert: InertStatements? = declaredNames.isEmpty ? nil : InertStatements(
        declared: declaredNames, graphTypes: reading.decodedGraphTypeNames(), graphFree: reading.decodedGraphFreeNames()
    )

    /// What the file at `index` contributed when the reading was made.
    func contributionBefore(_ index: Int) -> FileContribution? {
        if let known = contributions[index] { return known }
        let found = readContribution(index)
        contributions[index] = found
        return found
    }
}

extension LastReading {
    /// The files edited since this reading, each parsed once, when the two runs can be compared:
    /// the same options and the same files in the same modules, at most `mostEdited` edited
    /// (past that, reading again costs little more), each at a plain path (`isPlainPath`) with
    /// the same scan (so which modules are read, the module scope and the names read as members
    /// are the same). Nil otherwise.
    func editedFiles(_ files: [StaticReader.SourceFile], texts: [CacheKey], optionsKey: String, mostEdited: Int = StaticReader.mostEditedFiles) -> [EditedFiles.File]? {
        guard optionsKey == self.optionsKey, files.count == self.files.count else { return nil }
        var edited: [Int] = []
        for (index, file) in files.enumerated() {
            let entry = self.files[index]
            guard entry.path == file.path, entry.module == file.module else { return nil }
            if entry.text != texts[index] { edited.append(index) }
        }
        guard edited.count <= mostEdited else { return nil }
        var result: [EditedFiles.File] = []
        for index in edited {
            let file = files[index], entry = self.files[index]
            guard Self.isPlainPath(file.path), FileScan(file.text).key == entry.scan else { return nil }
            let contribution = entry.shape == nil ? nil : FileContribution.read(source: file.text, path: file.path, module: file.module, scope: scope)
            result.append(EditedFiles.File(index: index, source: file, text: texts[index], contribution: contribution))
        }
        return result
    }
}
