/// What reading part of the files a fixed point was reached with needs to know of all of them
/// (`PartialReading`): the number each file's functions start after, and which files declare,
/// extend or add members to each type name, or declare each free function. The check cache keeps
/// it beside the fixed point (`SettledState.index`); an edit of bodies changes none of it.
struct ReadingIndex: Equatable {
    /// How many functions the files number, the runtime's stand-ins' first.
    var functionCount: Int
    /// By each file read's index among the files given: the number before its first function's.
    var functionBase: [Int: Int]
    /// By type name (and `NameTracker.functionKey` of each free function's): the indices among
    /// the files given of the files that add to it, in order.
    var files: [String: [Int]]

    init(functionCount: Int, functionBase: [Int: Int], files: [String: [Int]]) {
        self.functionCount = functionCount
        self.functionBase = functionBase
        self.files = files
    }

    /// The index of what `prepared` read, numbered as `SourceReader.apply` numbers it. Each name is
    /// filed whole (every file adding to it) and in parts (`NameTracker`'s keys): its header (the
    /// files declaring it or adding conformances, and the first file adding to it, whose module
    /// and kind stand until a declaration says otherwise), each member, and whether it exists
    /// (that first file): a question about a type that 3,000 files extend with members of one
    /// name reads none of them.
    init(_ prepared: StaticReader.PreparedSources) {
        var base = prepared.contributions.first?.functionCount ?? 0
        let library = prepared.contributions.first?.typesTouched ?? []
        var functionBase: [Int: Int] = [:], files: [String: [Int]] = [:]
        func file(_ key: String, _ index: Int) {
            if files[key]?.last != index { files[key, default: []].append(index) }
        }
        func owner(_ change: FileContribution.Change) -> String? {
            switch change {
            case .declared(let name, _, _, _, _), .extended(let name, _): name
            case .initializer(let owner, _), .method(let owner, _), .enumCase(let owner, _, _), .property(let owner, _, _): owner
            case .closureAlias(let name), .renaming(let name, _): name
            case .free, .topLevel, .escapesBranchDecisions: nil
            }
        }
        // Each name whole, and each free function.
        for (position, index) in prepared.kept.enumerated() {
            let contribution = prepared.contributions[position + 1]
            functionBase[index] = base
            base += contribution.functionCount
            for change in contribution.changes {
                if let name = owner(change) {
                    file(name, index)
                } else if case .free(let function) = change {
                    file(NameTracker.functionKey(function.name), index)
                }
            }
        }
        // The parts of each name more than one file adds to (one file's are asked for whole).
        for (position, index) in prepared.kept.enumerated() {
            for change in prepared.contributions[position + 1].changes {
                guard let name = owner(change), let all = files[name], all.count > 1 else { continue }
                if all[0] == index, !library.contains(name) {
                    // The first file to add to it: where it exists, and what it is until declared.
                    file(NameTracker.existenceKey(name), index)
                    file(NameTracker.headerKey(name), index)
                }
                switch change {
                case .declared: file(NameTracker.headerKey(name), index)
                case .extended(_, let inherited): if !inherited.isEmpty { file(NameTracker.headerKey(name), index) }
                case .initializer: file(NameTracker.memberKey("init", of: name), index)
                case .method(_, let function): file(NameTracker.memberKey(function.name, of: name), index)
                case .enumCase(_, let member, _): file(NameTracker.memberKey(member, of: name), index)
                case .property(_, let property, _): file(NameTracker.memberKey(property.name, of: name), index)
                case .free, .topLevel, .escapesBranchDecisions, .closureAlias, .renaming: break
                }
            }
        }
        self.init(functionCount: base, functionBase: functionBase, files: files)
    }

    /// Whether some file outside `loaded` adds to what `key` names.
    /// A part of a name one file adds to (filed whole only) is that file's.
    func isPartial(_ key: String, loaded: Set<Int>) -> Bool {
        if let indices = files[key] { return !indices.allSatisfy(loaded.contains) }
        guard let name = NameTracker.name(ofPart: key), let indices = files[name], indices.count == 1 else { return false }
        return !loaded.contains(indices[0])
    }

    /// The files to read for what a key names (see `isPartial`).
    func files(for key: String) -> [Int] {
        if let indices = files[key] { return indices }
        guard let name = NameTracker.name(ofPart: key), let indices = files[name], indices.count == 1 else { return [] }
        return indices
    }
}
