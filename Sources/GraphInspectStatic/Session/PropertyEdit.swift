import GraphInspectCheckContract

/// One file edited in its types' stored instance properties alone: some added, removed, renamed,
/// moved or given another value (a provider edit, in a component), everything else the file
/// contributes the same but for positions, which move in order. Nil when anything else differs
/// (a function, a type's declaration, a static property, a property with a getter) or nothing does.
///
/// What it gives is what an analysis of the file after the edit may read differently from one of
/// the file before it: the names of the properties changed (only what names one of them can read
/// it), and where each position of the file that is not inside one of them went.
struct PropertyEdit {
    /// The names of the properties removed, added or changed, in any type.
    var names: Set<String>
    /// The same, by the type that declares each (`owner`, `name`).
    var declarations: [(owner: String, name: String)]
    /// Each position of the file before the edit, where it is after (the changed properties' own aside).
    var moved: [SourcePosition: SourcePosition]

    /// The fields the analysis and the graph's builder read by their names, not by a name the
    /// code writes (`FlowAnalysis.moduleLookup`, `StaticGraphBuilder`): a change of one of them
    /// is not judged here.
    static let fieldsReadByName: Set<String> = ["parent", "supportedModules", "key", "component", "holder", "router"]

    /// `before` and `after` are the file's contributions, their functions numbered alike.
    init?(before: FileContribution, after: FileContribution) {
        guard before.functionCount == after.functionCount else { return nil }
        let old = Self.properties(of: before), new = Self.properties(of: after)
        // The longest run of properties kept at the start and at the end; the rest changed.
        var start = 0
        while start < old.count, start < new.count, old[start].key == new[start].key { start += 1 }
        var end = 0
        while end < old.count - start, end < new.count - start, old[old.count - 1 - end].key == new[new.count - 1 - end].key { end += 1 }
        let removed = old[start..<(old.count - end)], added = new[start..<(new.count - end)]
        guard !removed.isEmpty || !added.isEmpty else { return nil }
        var declarations: [(owner: String, name: String)] = []
        for changed in [removed, added] {
            for property in changed {
                guard case .property(let owner, let decl, nil) = property.change, !decl.isStatic, decl.getter == nil,
                      !Self.fieldsReadByName.contains(decl.name) else { return nil }
                declarations.append((owner, decl.name))
            }
        }
        // All else the same, positions aside, and those positions moved in order.
        let without = (before: before.leavingOut(removed.map(\.index)), after: after.leavingOut(added.map(\.index)))
        guard without.before.shapeKey == without.after.shapeKey else { return nil }
        let from = MovedPositions.positions(without.before), to = MovedPositions.positions(without.after)
        guard from.count == to.count else { return nil }
        self.declarations = declarations
        names = Set(declarations.map(\.name))
        moved = Dictionary(zip(from, to), uniquingKeysWith: { first, _ in first })
    }

    /// A contribution's properties in order: where each is among its changes, and what it is
    /// wherever it is written (its owner, name, type, form and value, positions left out).
    private static func properties(of contribution: FileContribution) -> [(index: Int, change: FileContribution.Change, key: [UInt8])] {
        contribution.changes.indices.compactMap { index in
            let change = contribution.changes[index]
            guard case .property = change else { return nil }
            var out = CacheBytesWriter()
            out.positions = .omitted
            FileContribution(changes: [change], functionCount: 0).write(to: &out)
            return (index, change, out.bytes)
        }
    }

    /// The paths of the files whose text holds one of `names` anywhere: only their functions
    /// can name one (`mentions`), found in their bytes before any function is walked.
    static func files(_ files: [StaticReader.SourceFile], holding names: Set<String>) -> Set<String> {
        let needles = names.map { Array($0.utf8) }.filter { !$0.isEmpty }
        var found: Set<String> = []
        for file in files {
            var text = file.text
            if text.withUTF8({ bytes in needles.contains { holds(bytes, $0) } }) { found.insert(file.path) }
        }
        return found
    }

    /// Whether `bytes` hold `needle` (not empty) somewhere.
    private static func holds(_ bytes: UnsafeBufferPointer<UInt8>, _ needle: [UInt8]) -> Bool {
        guard bytes.count >= needle.count else { return false }
        let first = needle[0], last = bytes.count - needle.count
        var at = 0
        while at <= last {
            if bytes[at] == first {
                var matched = 1
                while matched < needle.count, bytes[at + matched] == needle[matched] { matched += 1 }
                if matched == needle.count { return true }
            }
            at += 1
        }
        return false
    }

    /// Whether a function's body names one of `names`: as a name, a member, an argument's label,
    /// a closure's capture or a string (`resolve("name")`). Only such code can read one of the
    /// properties changed, or be judged otherwise now that they changed.
    static func mentions(_ function: FunctionIR, anyOf names: Set<String>) -> Bool {
        if function.locals.keys.contains(where: names.contains) || function.parameters.contains(where: { names.contains($0.name) }) { return true }
        var found = false
        for statement in function.body where !found {
            if case .bind(let name, _, _) = statement.unguarded, names.contains(name) { return true }
            statement.visitExpressions { expr in
                guard !found else { return }
                switch expr {
                case .name(let name, _), .member(_, let name, _), .implicitMember(let name): found = names.contains(name)
                case .literal(_, let text?): found = names.contains(text)
                case .call(_, let arguments, _): found = arguments.contains { $0.label.map(names.contains) ?? false }
                case .closure(let parameters, _, _, let captures): found = (parameters + captures).contains(where: names.contains)
                default: break
                }
            }
        }
        return found
    }
}

extension FileContribution {
    /// The contribution without the changes at `indices` (properties, which number no function).
    func leavingOut(_ indices: [Int]) -> FileContribution {
        let left = Set(indices)
        return FileContribution(
            changes: changes.indices.filter { !left.contains($0) }.map { changes[$0] }, functionCount: functionCount, syntaxError: syntaxError
        )
    }
}
