/// Statements the flow analysis runs without any effect on what it finds, judged from the names
/// the sources declare alone: a call of code outside the sources (`print`, `NSLog`,
/// `assertionFailure`) whose arguments are constants, `self`, the function's own variables read
/// whole (`print(pages + 1)`), or values of other such calls.
///
/// Why it holds: such a statement makes no object (no type of the sources is constructed, no
/// closure is made), calls no function of the sources, looks nothing up and writes no slot. What
/// it reads is dropped: a variable read whole is only read (no member of it is taken, so no
/// property read or lookup starts from it), and a parameter declared as a type the sources
/// declare is not among them (reading one nothing passes, in an object made outside the sources,
/// makes the object it stands for). The analysis leaves these statements out of what it runs
/// (`FlowAnalysis.analysedBody`), so a reading is the same with or without one by construction,
/// not by an argument about the order steps run in; that lets an edit that adds or removes one
/// reuse the last reading (`LastReading.stillHolds`), and `InertDeclarations` leaves them out of
/// what an initializer runs.
struct InertStatements {
    /// Every name the sources read (and the library's stand-ins) declare: types (whole and last
    /// part), free functions, members of every type, and top-level variables.
    let declared: Set<String>

    init(declared: Set<String>) {
        self.declared = declared
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

    /// Whether running `statement` in `function` (any context) can change nothing the analysis does.
    func isInert(_ statement: Statement, in function: FunctionIR) -> Bool {
        guard case .evaluate(let expr) = statement else { return false }
        return isInertValue(expr, in: function)
    }

    /// An expression whose value is made and dropped with no effect.
    private func isInertValue(_ expr: Expr, in function: FunctionIR) -> Bool {
        switch expr {
        case .nilLiteral, .literal, .selfRef, .superRef, .typeRef, .dynamicString, .unknown:
            return true
        case .name(let name, _):
            return isOutside(name, in: function) || isVariableReadWhole(name, in: function)
        case .member(let base, _, _):
            return holdsNoObject(base, in: function)
        case .call(let callee, let arguments, _):
            return callsOutside(callee, in: function) && arguments.allSatisfy { isInertValue($0.value, in: function) }
        case .cast(let value, _):
            return isInertValue(value, in: function)
        case .anyOf(let list), .effects(let list):
            return list.allSatisfy { isInertValue($0, in: function) }
        case .implicitMember, .closure:
            // A key the reader turns into a string, a closure: values it follows.
            return false
        }
    }

    /// An expression that can hold no object, so a member of it is neither a property read nor
    /// a lookup: rooted at a name the sources do not declare (never a variable, which may hold one).
    private func holdsNoObject(_ expr: Expr, in function: FunctionIR) -> Bool {
        switch expr {
        case .name(let name, _): isOutside(name, in: function)
        case .member, .call, .literal, .nilLiteral, .dynamicString: isInertValue(expr, in: function)
        default: false
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

    /// A callee that is code outside the sources: a name they do not declare, or a method of a
    /// value that holds no object (never an initializer).
    private func callsOutside(_ callee: Expr, in function: FunctionIR) -> Bool {
        switch callee {
        case .name(let name, _):
            return isOutside(name, in: function)
        case .member(let base, let name, _):
            return name != "init" && holdsNoObject(base, in: function)
        default:
            return false
        }
    }

    /// A name that is no variable of the function and nothing the sources declare.
    private func isOutside(_ name: String, in function: FunctionIR) -> Bool {
        !declared.contains(name) && function.locals[name] == nil && !function.parameters.contains { $0.name == name }
    }
}

extension InertStatements: StatementFilter {
    func leavesOut(_ statement: Statement, at index: Int, in function: FunctionIR) -> Bool {
        isInert(statement, in: function)
    }
}
