import GraphInspectCheckContract

/// Which provider declarations run no code that can reach the graph: no getter, a value of a
/// type outside the graph, and an initializer made of literals and constructions of types
/// outside the graph whose initializers do the same. Deleting one changes only who answers its name (`query impact`
/// walks that over the graph); deleting any other may change what code runs, so `query`
/// reads the sources again without it.
extension StaticGraphBuilder {
    /// The positions of every app provider declaration that may run such code, sorted; `inert`
    /// judges statements by every name the sources declare.
    func declarationsRunningCode(inert: InertStatements) -> [SourcePosition] {
        var found: Set<SourcePosition> = []
        // By name first: a type read out of the table is copied whole, and few are components.
        for name in index.types.keys where index.isAppType(name) && index.isComponent(name) {
            guard let properties = index.types[name]?.properties else { continue }
            for property in properties.values where !property.isStatic && runsCode(property, inert: inert) {
                found.insert(property.position)
            }
        }
        return found.sorted()
    }

    func runsCode(_ property: PropertyDecl, inert: InertStatements) -> Bool {
        if property.getter != nil { return true }
        // A value of the graph's (or of a type not known) may flow on from a read of it, and a
        // read becomes a lookup once the declaration goes.
        var valueType = property.type?.name
        if valueType == nil, case .call(.name(let name, _), _, _)? = property.initializer { valueType = name }
        guard let valueType, !index.isGraphType(valueType), valueType != "Any", valueType != "AnyObject" else { return true }
        guard let initializer = property.initializer else { return false }
        var visiting: Set<String> = []
        return !isInert(initializer, inert: inert, visiting: &visiting)
    }

    /// Whether evaluating the expression can do nothing the analysis sees: make a graph object,
    /// look up, or call code of the app that might.
    private func isInert(_ expr: Expr, inert: InertStatements, visiting: inout Set<String>) -> Bool {
        switch expr {
        case .nilLiteral, .literal, .typeRef, .implicitMember, .dynamicString:
            return true
        case .name(let name, _):
            // A type's name; a variable's value could be anything.
            return index.types[name] != nil
        case .member(let base, _, _), .cast(let base, _):
            return isInert(base, inert: inert, visiting: &visiting)
        case .anyOf(let list), .effects(let list):
            return list.allSatisfy { isInert($0, inert: inert, visiting: &visiting) }
        case .call(.name(let name, _), let arguments, _):
            guard arguments.allSatisfy({ isInert($0.value, inert: inert, visiting: &visiting) }) else { return false }
            // A type the sources do not declare (Foundation's `URL`) cannot reach the app's graph.
            guard let type = index.types[name] else { return true }
            return !type.isLibrary && !index.isGraphType(name) && constructsInertly(type, inert: inert, visiting: &visiting)
        case .call(.member(let base, _, _), let arguments, _):
            // A method of a type outside the sources (`URL(string:)!.appending`), on an inert base.
            guard case .name(let name, _) = base, index.types[name] == nil else { return false }
            return arguments.allSatisfy { isInert($0.value, inert: inert, visiting: &visiting) }
        default:
            return false
        }
    }

    /// Whether making a value of the type runs only inert code: its initializers' statements and
    /// its stored properties' initializers. A type met again while deciding is not inert.
    private func constructsInertly(_ type: TypeDecl, inert: InertStatements, visiting: inout Set<String>) -> Bool {
        guard visiting.insert(type.name).inserted else { return false }
        defer { visiting.remove(type.name) }
        for property in type.properties.values where !property.isStatic {
            if let initializer = property.initializer, !isInert(initializer, inert: inert, visiting: &visiting) { return false }
        }
        for initializer in type.initializers {
            // A statement that calls only code outside the sources, with constants, runs nothing
            // the analysis sees (and an edit adding one must not change this answer).
            for statement in initializer.body where !inert.isInert(statement, in: initializer) {
                switch statement.unguarded {
                case .bind(_, _, let value): if let value, !isInert(value, inert: inert, visiting: &visiting) { return false }
                case .assign(_, let value), .evaluate(let value), .returns(let value): if !isInert(value, inert: inert, visiting: &visiting) { return false }
                case .guarded: break  // never nested
                }
            }
        }
        return true
    }
}
