/// Statements the flow analysis runs without any effect on what it finds, judged from the names
/// the sources declare alone: a call of code outside the sources (`print`, `NSLog`,
/// `assertionFailure`, a method of a local that never holds an object) or of the sources'
/// functions that run nothing (`GraphFreeFunctions`), whose arguments are
/// constants, `self`, the function's own variables read whole (`print(pages + 1)`), members of
/// locals that never hold an object (`print(all.count)`), or values of other such calls.
///
/// Why it holds: such a statement makes no object (no type of the sources is constructed, no
/// closure is made), calls no function of the sources, looks nothing up and writes no slot. What
/// it reads is dropped: a variable read whole is only read, a member is taken only of a value
/// that holds no object (so no property read or lookup starts from it), and a parameter declared
/// as a type the sources declare is not among them (reading one nothing passes, in an object made
/// outside the sources, makes the object it stands for). The analysis leaves these statements out of what it runs
/// (`FlowAnalysis.analysedBody`), so a reading is the same with or without one by construction,
/// not by an argument about the order steps run in; that lets an edit that adds or removes one
/// reuse the last reading (`LastReading.stillHolds`), and `InertDeclarations` leaves them out of
/// what an initializer runs.
struct InertStatements {
    /// Every name the sources read (and the library's stand-ins) declare: types (whole and last
    /// part), free functions, members of every type, and top-level variables.
    let declared: Set<String>
    /// The types of the graph among them (components, holders, modules, routers and what derives
    /// from the library's types): a member of a value written as one may be a lookup. Nil: any
    /// type the sources declare may be one.
    let graphTypes: Set<String>?
    /// The sources' functions that run nothing (`GraphFreeFunctions`): a call of one by its
    /// bare name is inert.
    let graphFree: Set<String>
    /// Each function's `ObjectFreeLocals` and body without inert statements, made once: its
    /// statements are judged one by one, by the coarse run and the exact run.
    private let judged = ObjectFreeLocals.Memo()

    init(declared: Set<String>, graphTypes: Set<String>? = nil, graphFree: Set<String> = []) {
        self.declared = declared
        self.graphTypes = graphTypes
        self.graphFree = graphFree
    }

    /// The judge of sources read whole: their declared names, the graph's types, and the
    /// functions that run nothing, found with them.
    static func of(index: TypeIndex, freeFunctions: [String: [FunctionIR]], topLevel: [FunctionIR]) -> InertStatements {
        let declared = declaredNames(types: index.types.everything, freeFunctions: freeFunctions, topLevel: topLevel)
        let graphTypes = graphTypeNames(in: index)
        let graphFree = GraphFreeFunctions.names(types: index.types.everything, freeFunctions: freeFunctions, topLevel: topLevel, declared: declared, graphTypes: graphTypes)
        return InertStatements(declared: declared, graphTypes: graphTypes, graphFree: graphFree)
    }

    /// The graph's types in the index (`graphTypes`).
    static func graphTypeNames(in index: TypeIndex) -> Set<String> {
        Set(index.types.keys.filter { index.isGraphType($0) })
    }

    /// Whether a value written as `type` may be an object of the graph.
    func mayBeOfTheGraph(_ type: WrittenType) -> Bool {
        graphTypes?.contains(type.name) ?? declared.contains(type.name)
    }

    /// The names declared by these tables (the reader's, or the index's).
    static func declaredNames(types: [String: TypeDecl], freeFunctions: [String: [FunctionIR]], topLevel: [FunctionIR]) -> Set<String> {
        var names: Set<String> = []
        for (name, type) in types {
            names.insert(name)
            for part in name.split(separator: ".") { names.insert(String(part)) }
            names.formUnion(type.properties.keys)
            names.formUnion(type.methods.keys)
            names.formUnion(type.cases.keys)
        }
        names.formUnion(freeFunctions.keys)
        for function in topLevel { names.formUnion(function.locals.keys) }
        return names
    }

    /// The function's body without its inert statements: judged once for each function while
    /// this judge lives (the coarse and the exact run share it).
    func leavingOutInert(_ function: FunctionIR) -> [Statement] {
        judged.body(of: function) {
            var kept: [Statement] = []
            var leftOut = false
            for statement in function.body {
                if isInert(statement, in: function) { leftOut = true } else { kept.append(statement) }
            }
            return leftOut ? kept : function.body
        }
    }

    /// Whether running `statement` in `function` (any context) can change nothing the analysis does.
    /// The locals it takes members of are gathered first and judged once the rest holds: finding
    /// which locals hold no object reads the whole function.
    func isInert(_ statement: Statement, in function: FunctionIR) -> Bool {
        guard case .evaluate(let expr) = statement.unguarded else { return false }
        return isInertValue(expr, in: function)
    }

    /// Whether every statement of `function` is quiet: it touches nothing but the function's own
    /// locals that never hold an object (`ObjectFreeLocals`) and its result, which then holds
    /// none. A quiet statement is an inert one, such a local bound or assigned an inert value, or
    /// a return of an inert value that holds no object. A function of only these runs nothing
    /// (`GraphFreeFunctions`). Each statement is judged first as if every local it names held no
    /// object, and the locals are found (reading the whole function) only when all pass.
    func runsNothing(_ function: FunctionIR) -> Bool {
        var locals: Set<String> = [], returned: [Expr] = []
        for statement in function.body {
            switch statement.unguarded {
            case .evaluate(let value):
                guard isInertValue(value, in: function, locals: &locals) else { return false }
            case .bind(let name, _, let value):
                if let value, !isInertValue(value, in: function, locals: &locals) { return false }
                if name != "_" { locals.insert(name) }
            case .assign(.name(let name, _), let value):
                guard isInertValue(value, in: function, locals: &locals) else { return false }
                locals.insert(name)
            case .assign:
                return false
            case .returns(let value):
                guard isInertValue(value, in: function, locals: &locals) else { return false }
                returned.append(value)
            case .guarded:
                break  // never nested
            }
        }
        guard !locals.isEmpty || !returned.isEmpty else { return true }
        let objectFree = judged.locals(of: function, inert: self)
        return locals.isSubset(of: objectFree)
            && returned.allSatisfy { ObjectFreeLocals.holdsNoObject($0, objectFree: objectFree, in: function, inert: self) }
    }

    /// An expression whose value is made and dropped with no effect.
    private func isInertValue(_ expr: Expr, in function: FunctionIR) -> Bool {
        var locals: Set<String> = []
        guard isInertValue(expr, in: function, locals: &locals) else { return false }
        return locals.isEmpty || locals.isSubset(of: judged.locals(of: function, inert: self))
    }

    /// An expression whose value is made and dropped with no effect, if `locals` hold no object.
    private func isInertValue(_ expr: Expr, in function: FunctionIR, locals: inout Set<String>) -> Bool {
        switch expr {
        case .nilLiteral, .literal, .selfRef, .superRef, .typeRef, .dynamicString, .unknown:
            return true
        case .name(let name, _):
            return isOutside(name, in: function) || isVariableReadWhole(name, in: function)
        case .member(let base, _, _):
            return holdsNoObject(base, in: function, locals: &locals)
        case .call(let callee, let arguments, _):
            guard callsOutside(callee, in: function, locals: &locals) else { return false }
            for argument in arguments where !isInertValue(argument.value, in: function, locals: &locals) { return false }
            return true
        case .cast(let value, _):
            return isInertValue(value, in: function, locals: &locals)
        case .anyOf(let list), .effects(let list):
            for item in list where !isInertValue(item, in: function, locals: &locals) { return false }
            return true
        case .implicitMember, .closure:
            // A key the reader turns into a string, a closure: values it follows.
            return false
        }
    }

    /// An expression that can hold no object, so a member of it is neither a property read nor
    /// a lookup: rooted at a name the sources do not declare, or at a local the analysis never
    /// gives an object (`ObjectFreeLocals`; gathered in `locals`, to be judged).
    private func holdsNoObject(_ expr: Expr, in function: FunctionIR, locals: inout Set<String>) -> Bool {
        switch expr {
        case .name(let name, _):
            if isOutside(name, in: function) { return true }
            guard function.locals[name] != nil else { return false }
            locals.insert(name)
            return true
        case .member(let inner, _, _), .call(.member(let inner, _, _), _, _):
            return hasAnUndeclaredType(inner, in: function) && isInertValue(expr, in: function, locals: &locals)
        case .call, .literal, .nilLiteral, .dynamicString:
            return isInertValue(expr, in: function, locals: &locals)
        default:
            return false
        }
    }

    /// Whether the type the compiler gives the expression, as the analysis reads it, is none the
    /// sources declare: so no member of it is declared as a value of the graph, and a member of a
    /// member is no lookup either (`FlowAnalysis.staticType`).
    private func hasAnUndeclaredType(_ expr: Expr, in function: FunctionIR) -> Bool {
        switch expr {
        case .name(let name, _):
            if isOutside(name, in: function) { return true }
            let written = function.parameters.first { $0.name == name }?.type ?? function.locals[name] ?? nil
            return written.map { !declared.contains($0.name) } ?? true
        case .member(let inner, _, _), .call(.member(let inner, _, _), _, _):
            return hasAnUndeclaredType(inner, in: function)
        case .call(.name(let name, _), _, _):
            return !declared.contains(name)
        case .literal, .nilLiteral, .dynamicString:
            return true
        default:
            return false
        }
    }

    /// A local or parameter of the function, read as a value and dropped: never a parameter
    /// declared as a type the sources declare, which stands for an object made outside them
    /// where nothing passes one (`FlowAnalysis.evaluateName`).
    private func isVariableReadWhole(_ name: String, in function: FunctionIR) -> Bool {
        var isVariable = function.locals[name] != nil
        for parameter in function.parameters where parameter.name == name {
            if let type = parameter.type, declared.contains(type.name) { return false }
            isVariable = true
        }
        return isVariable
    }

    /// A callee that runs no code of the sources that matters: a name they do not declare, a
    /// function that runs nothing, or a method of a value that holds no object (never an initializer).
    private func callsOutside(_ callee: Expr, in function: FunctionIR, locals: inout Set<String>) -> Bool {
        switch callee {
        case .name(let name, _):
            return callsNothing(name, in: function)
        case .member(let base, let name, _):
            return name != "init" && holdsNoObject(base, in: function, locals: &locals)
        default:
            return false
        }
    }

    /// Whether `name(...)` runs nothing of the sources: code outside them, or a graph-free
    /// function (not a variable of the function, which may hold a closure). Its value holds no
    /// object: a graph-free function returns none.
    func callsNothing(_ name: String, in function: FunctionIR) -> Bool {
        if isOutside(name, in: function) { return true }
        return graphFree.contains(name) && function.locals[name] == nil && !function.parameters.contains { $0.name == name }
    }

    /// A name that is no variable of the function and nothing the sources declare.
    private func isOutside(_ name: String, in function: FunctionIR) -> Bool {
        Self.isOutside(name, in: function, declared: declared)
    }

    static func isOutside(_ name: String, in function: FunctionIR, declared: Set<String>) -> Bool {
        !declared.contains(name) && function.locals[name] == nil && !function.parameters.contains { $0.name == name }
    }
}

extension InertStatements: StatementFilter {
    func leavesOut(_ statement: Statement, at index: Int, in function: FunctionIR) -> Bool {
        isInert(statement, in: function)
    }
}
