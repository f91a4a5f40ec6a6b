import GraphInspectCheckContract

/// The standard library's collections, as the reading keeps them: a collection is any of its
/// elements, so what a member or method of one gives is said here, by name.
extension FlowAnalysis {
    /// Types whose members are the collection's own, never a component's or holder's.
    static let collectionTypes: Set<String> = ["Array", "Dictionary", "Set", "ContiguousArray", "ArraySlice", "Slice", "LazySequence"]

    static func isCollection(_ type: WrittenType) -> Bool {
        collectionTypes.contains(type.name) || type.spelling.hasPrefix("[")
    }

    /// The collections among the runtime's properties: the type a property of that name has
    /// on the runtime's classes, for a receiver whose type the source does not write.
    static let runtimePropertyTypes: [String: WrittenType] = [
        "supportedModules": WrittenType(name: "Array", isOptional: false, spelling: "[Module]"),
        "providers": WrittenType(name: "Array", isOptional: false, spelling: "[Provider]"),
    ]

    /// Properties that give one of the elements (or all of them: a dictionary's `values`).
    static let elementMembers: Set<String> = ["first", "last", "values", "lazy"]

    /// Methods that give some of the elements back.
    static let elementMethods: Set<String> = [
        "filter", "sorted", "reversed", "shuffled", "first", "last", "min", "max", "randomElement",
        "popLast", "popFirst", "removeFirst", "removeLast", "remove", "prefix", "suffix", "dropFirst",
        "dropLast", "drop",
    ]

    /// Methods whose closure is called with each element (and gives, for `map` and its kin, the
    /// new elements).
    static let elementClosureMethods: Set<String> = [
        "forEach", "map", "compactMap", "flatMap", "filter", "first", "last", "contains", "allSatisfy",
        "sorted", "min", "max", "drop", "prefix", "firstIndex", "lastIndex",
    ]
    static let mappingMethods: Set<String> = ["map", "compactMap", "flatMap"]

    /// `elements.method(...)` where the sources declare no such method on what the collection
    /// holds: the standard library's, as far as it moves values. Nil when `method` is not one.
    func collectionCall(_ method: String, on elements: Set<Int>, _ arguments: [Expr.Argument], in context: Context) -> Set<Int>? {
        let closureMethod = Self.elementClosureMethods.contains(method)
        guard closureMethod || Self.elementMethods.contains(method) else { return nil }
        var result: Set<Int> = []
        for argument in arguments {
            let value = evaluate(argument.value, in: context, expecting: nil)
            guard closureMethod else { continue }
            let made = value.filter { closures[$0] != nil }
            guard !made.isEmpty else { continue }
            let given = bindEach(elements, toClosures: made)
            if Self.mappingMethods.contains(method) { result.formUnion(given) }
        }
        if Self.elementMethods.contains(method) { result.formUnion(elements) }
        return result
    }

    /// Each closure in `made` called with `elements` as its first parameter: what they give.
    private func bindEach(_ elements: Set<Int>, toClosures made: Set<Int>) -> Set<Int> {
        var result: Set<Int> = []
        for id in made {
            guard let closure = closures[id] else { continue }
            if let first = closure.parameters.first {
                add(.local(function: closure.function, context: closure.context, name: first), elements)
            }
            result.formUnion(values(closure.result))
        }
        return result
    }
}
