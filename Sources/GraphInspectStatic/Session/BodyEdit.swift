import GraphInspectCheckContract

/// One file edited inside function bodies only: in each function, the run of statements the edit
/// removed and the run it added (between the longest unchanged start and end of the body), and
/// where every other position of the file went. Nil when anything else differs: a declaration, a
/// property, a signature, a local something else names, or the order of anything kept.
struct BodyEdit {
    /// One function's changed run: `old` and `new` are the same function before and after.
    struct Change {
        var old: FunctionIR
        var new: FunctionIR
        var removed: Range<Int>
        var added: Range<Int>

        var removedStatements: [Statement] { Array(old.body[removed]) }
        var addedStatements: [Statement] { Array(new.body[added]) }
    }

    /// The functions whose bodies changed.
    var changes: [Change]
    /// Each position of the file before, where it is after (the changed statements' own aside).
    var moved: [SourcePosition: SourcePosition]

    init?(before: FileContribution, after: FileContribution) {
        let old = before.functions, new = after.functions
        guard old.count == new.count, before.functionCount == after.functionCount else { return nil }
        var changes: [Change] = []
        for (was, now) in zip(old, new) {
            guard let change = Self.change(was, now) else { continue }
            changes.append(change)
        }
        let leftOutBefore = Side(changes.map { ($0.old, $0.removed) }), leftOutAfter = Side(changes.map { ($0.new, $0.added) })
        guard before.shapeKey(leavingOut: leftOutBefore) == after.shapeKey(leavingOut: leftOutAfter) else { return nil }
        let from = Self.positions(before, leavingOut: leftOutBefore), to = Self.positions(after, leavingOut: leftOutAfter)
        guard from.count == to.count else { return nil }
        self.changes = changes
        moved = Dictionary(zip(from, to), uniquingKeysWith: { first, _ in first })
    }

    /// The changed run of one function's body, nil when the body is the same.
    private static func change(_ old: FunctionIR, _ new: FunctionIR) -> Change? {
        let before = old.body.map(key), after = new.body.map(key)
        guard before != after else { return nil }
        var start = 0
        while start < before.count, start < after.count, before[start] == after[start] { start += 1 }
        var end = 0
        while end < before.count - start, end < after.count - start, before[before.count - 1 - end] == after[after.count - 1 - end] { end += 1 }
        return Change(old: old, new: new, removed: start..<(before.count - end), added: start..<(after.count - end))
    }

    /// What a statement is, wherever it is written.
    private static func key(_ statement: Statement) -> [UInt8] {
        var out = CacheBytesWriter()
        out.positions = .omitted
        out.write(statement)
        return out.bytes
    }

    static func positions(_ contribution: FileContribution, leavingOut filter: Side) -> [SourcePosition] {
        var gathering = CacheBytesWriter()
        gathering.positions = .gathered
        gathering.leavingOut = filter
        contribution.write(to: &gathering)
        return Set(gathering.gathered).sorted()
    }

    /// Whether a changed statement constructs one of `types` (which would change what the
    /// analysis knows is made somewhere: `Constructions`).
    func constructs(_ types: TypeTable) -> Bool {
        var counter = Constructions(types: types)
        for change in changes {
            counter.count(change.removedStatements)
            counter.count(change.addedStatements)
        }
        return !counter.made.isEmpty
    }

    /// One side of the edit left out of a shape: the changed run of each function, and the locals
    /// only that run binds, when no statement kept names them.
    struct Side: StatementFilter {
        var runs: [ObjectIdentifier: Range<Int>] = [:]
        var locals: [ObjectIdentifier: Set<String>] = [:]

        init(_ changed: [(FunctionIR, Range<Int>)]) {
            for (function, run) in changed {
                let id = ObjectIdentifier(function)
                runs[id] = run
                var bound: Set<String> = [], named: Set<String> = []
                for (index, statement) in function.body.enumerated() {
                    if run.contains(index) {
                        Names.bound(by: statement, into: &bound)
                    } else {
                        Names.bound(by: statement, into: &named)
                        Names.named(in: statement, into: &named)
                    }
                }
                locals[id] = bound.subtracting(named).subtracting(function.parameters.map(\.name))
            }
        }

        func leavesOut(_ statement: Statement, at index: Int, in function: FunctionIR) -> Bool {
            runs[ObjectIdentifier(function)]?.contains(index) ?? false
        }

        func leavesOut(local name: String, in function: FunctionIR) -> Bool {
            locals[ObjectIdentifier(function)]?.contains(name) ?? false
        }
    }

    /// The names a statement binds (`let`, a closure's parameters) and the names it reads.
    enum Names {
        static func bound(by statement: Statement, into names: inout Set<String>) {
            if case .bind(let name, _, _) = statement.unguarded { names.insert(name) }
            statement.visitExpressions { expr in
                if case .closure(let parameters, _, _, _) = expr { names.formUnion(parameters) }
            }
        }

        static func named(in statement: Statement, into names: inout Set<String>) {
            statement.visitExpressions { expr in
                switch expr {
                case .name(let name, _): names.insert(name)
                case .closure(_, _, _, let captures): names.formUnion(captures)
                default: break
                }
            }
        }
    }
}
