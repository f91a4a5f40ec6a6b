import GraphInspect

/// Names typed on the command line matched to the graph: component types, and
/// `COMPONENT.NAME` providers, with "did you mean" when they match nothing.
extension QueryGraph {
    /// The module-qualified type of the component a person named.
    func componentType(_ typed: String) throws(QueryError) -> String {
        try type(typed, among: Set(componentsOfType.keys), kind: "component")
    }

    /// The module-qualified type of any node (component, holder, module, router...) named.
    func nodeType(_ typed: String) throws(QueryError) -> String {
        try type(typed, among: Set(snapshot.nodes.map(\.type)), kind: "component, holder or module")
    }

    private func type(_ typed: String, among candidates: Set<String>, kind: String) throws(QueryError) -> String {
        switch names.match(typed, among: candidates) {
        case .found(let type): return type
        case .ambiguous(let types): throw .ambiguousType(typed, candidates: types)
        case .none(let suggestions):
            // Sorted, so two modules' unplaced types of one name answer the same each time.
            if let (type, position) = places?.unplacedComponents?.sorted(by: { $0.key < $1.key })
                .first(where: { $0.key == typed || ShortTypeName.of($0.key) == typed }) {
                throw .unplaced(ShortTypeName.of(type), declaredAt: position)
            }
            throw .noSuchType(typed, kind: kind, suggestions: suggestions, origin: origin)
        }
    }

    /// A provider written `COMPONENT.NAME`: the component's type and the name, checked against
    /// what that component declares.
    func providerReference(_ typed: String) throws(QueryError) -> (type: String, name: String) {
        guard let dot = typed.lastIndex(of: "."), dot != typed.startIndex, typed.index(after: dot) != typed.endIndex else {
            throw .notQualified(typed)
        }
        let type = try componentType(String(typed[..<dot]))
        let name = String(typed[typed.index(after: dot)...])
        let provided = declaredNames(of: type)
        guard provided.contains(name) else {
            throw .noSuchProvider(
                name: name, component: names.display(type), provided: provided,
                suggestions: provided.filter { $0.lowercased() == name.lowercased() || NameDistance.isSimilar($0, to: name) }
            )
        }
        return (type, name)
    }

    /// A dependency name checked against every name provided or asked for.
    func dependencyName(_ name: String) throws(QueryError) -> String {
        var known: Set<String> = []
        for node in snapshot.nodes { for provider in node.providers ?? [] { known.insert(provider.name) } }
        for (_, lookup) in lookups { known.insert(lookup.name) }
        guard known.contains(name) else {
            throw .noSuchName(name, suggestions: known.filter { $0.lowercased() == name.lowercased() || NameDistance.isSimilar($0, to: name) }.sorted())
        }
        return name
    }

    /// The names the component type's nodes declare, lookups' or not (and, from the sources,
    /// every property the type declares as a provider would be), sorted.
    func declaredNames(of type: String) -> [String] {
        let ids = componentsOfType[type] ?? []
        let declared = places?.providers[type]
        // Most types (every one of a run's) have one node and nothing else declared: its names.
        if declared == nil, ids.count == 1 {
            let names = (nodes.providers(of: ids[0]) ?? []).map(\.name)
            return names.count < 2 ? names : Array(Set(names)).sorted()
        }
        var names = Set(declared?.keys ?? [:].keys)
        for node in ids { for provider in nodes.providers(of: node) ?? [] { names.insert(provider.name) } }
        return names.sorted()
    }
}
