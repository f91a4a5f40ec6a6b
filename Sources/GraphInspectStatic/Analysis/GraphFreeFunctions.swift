/// The names of the sources' functions a call of which changes nothing the analysis finds: every
/// function declared by the name (a free function, or a method of any type: a protocol's
/// requirement, an override, each overload) has only quiet statements (`InertStatements.runsNothing`:
/// inert ones, locals that never hold an object bound to inert values, returns of such values),
/// calls of other such functions among them. `print(try await loadAll(pages: 2).count)`, where
/// `loadAll` gathers pages from `load`, a protocol's requirement nothing implements, is then as
/// inert as `print(2)`.
///
/// Why a call of one is inert: entering such a function binds its parameters, which it only
/// reads whole or drops (a local written from one is not object-free); runs its statements,
/// which make nothing, look nothing up, call nothing that does, and write only its own locals,
/// which no closure reads (a closure is no inert value); and gives a result that holds no object,
/// the same whichever caller runs it in a context. So a call left out (`FlowAnalysis.analysedBody`)
/// changes nothing another statement reads. The set is the largest such: a name is dropped while
/// one of its functions has a statement that is not quiet given the names still kept, so
/// functions calling each other stay. A name that also names a type, a property, an enum case, a
/// top-level variable or a method of the library's types is never among them: a call by it may
/// construct an object, call a closure a property holds, or be a lookup.
///
/// An edit that adds or removes inert statements keeps the set: each function's statements are
/// quiet or not as before, so the set is still the largest. `LastReading` keeps it, so an edit is
/// judged as the analysis judges it.
enum GraphFreeFunctions {
    static func names(
        types: [String: TypeDecl], freeFunctions: [String: [FunctionIR]], topLevel: [FunctionIR],
        declared: Set<String>, graphTypes: Set<String>?
    ) -> Set<String> {
        var functions: [String: [FunctionIR]] = freeFunctions
        var excluded: Set<String> = ["init"]
        for (name, type) in types {
            excluded.insert(name)
            for part in name.split(separator: ".") { excluded.insert(String(part)) }
            excluded.formUnion(type.properties.keys)
            excluded.formUnion(type.cases.keys)
            if type.isLibrary { excluded.formUnion(type.methods.keys) }
            for (method, list) in type.methods { functions[method, default: []] += list }
        }
        for function in topLevel { excluded.formUnion(function.locals.keys) }
        // A statement writing anything but a local (`x.y = 1`) is never quiet.
        var kept = Set(functions.compactMap { name, list -> String? in
            guard !excluded.contains(name), list.allSatisfy({ $0.body.allSatisfy(\.mayBeQuiet) }) else { return nil }
            return name
        })
        // A function is judged again only when a name it calls by itself is dropped: the judgment
        // reads the set only there (`InertStatements.callsNothing`). Most names are dropped in
        // the first round, so what the rest call is gathered after it.
        var calls: [String: Set<String>] = [:]
        var toJudge = kept
        while !toJudge.isEmpty {
            let judge = InertStatements(declared: declared, graphTypes: graphTypes, graphFree: kept)
            let dropped = toJudge.filter { name in functions[name, default: []].contains { !judge.runsNothing($0) } }
            guard !dropped.isEmpty else { break }
            kept.subtract(dropped)
            toJudge = kept.filter { name in
                if calls[name] == nil { calls[name] = functions[name, default: []].reduce(into: []) { $0.formUnion(BareCalls.names(in: $1.body)) } }
                return !calls[name, default: []].isDisjoint(with: dropped)
            }
        }
        return kept
    }

    /// Every name the functions called `names` are judged by: their parameters' and locals' names
    /// and written types, and every name, member and type their bodies write. A name declared
    /// anew (a provider added) can change how one of them is judged only if it is among these.
    static func mentions(of names: Set<String>, in reader: SourceReader) -> Set<String> {
        var functions: [FunctionIR] = []
        for name in names { functions += reader.freeFunctions[name] ?? [] }
        // Each type's methods once (not every type for each name: thousands of each).
        for type in reader.types.values {
            for (name, list) in type.methods where names.contains(name) { functions += list }
        }
        var mentioned: Set<String> = []
        for function in functions {
            for parameter in function.parameters {
                mentioned.insert(parameter.name)
                if let type = parameter.type { mentioned.insert(type.name) }
            }
            for (name, type) in function.locals {
                mentioned.insert(name)
                if let type = type ?? nil { mentioned.insert(type.name) }
            }
            for statement in function.body {
                if case .bind(let name, let type, _) = statement.unguarded {
                    mentioned.insert(name)
                    if let type { mentioned.insert(type.name) }
                }
                statement.visitExpressions { expr in
                    switch expr {
                    case .name(let name, _), .implicitMember(let name), .member(_, let name, _): mentioned.insert(name)
                    case .cast(_, let type), .literal(let type, _), .typeRef(let type): mentioned.insert(type.name)
                    case .closure(let parameters, _, _, let captures): mentioned.formUnion(parameters + captures)
                    default: break
                    }
                }
            }
        }
        return mentioned
    }
}

extension Statement {
    /// A statement of a shape `InertStatements.runsNothing` may accept: not an assignment to a
    /// member or subscript.
    var mayBeQuiet: Bool {
        guard case .assign(let target, _) = unguarded else { return true }
        if case .name = target { return true } else { return false }
    }
}

/// The names a body calls by themselves (`name(...)`).
enum BareCalls {
    static func names(in body: [Statement]) -> Set<String> {
        var names: Set<String> = []
        for statement in body {
            statement.visitExpressions { expr in
                if case .call(.name(let name, _), _, _) = expr { names.insert(name) }
            }
        }
        return names
    }
}
