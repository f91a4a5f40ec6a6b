import GraphInspect

extension QueryGraph {
    /// The providers that shadow one above them, as the rules' `shadowing` finds them: a
    /// component providing a name and type (found by lookup) that an ancestor component also
    /// provides, so every lookup of the name below it gets its value instead.
    ///
    /// - Returns: for each shadowing provider, by component type and name, the provider it
    ///   shadows as the answers write it (`LoggedInComponent.mutableScoreStream`): the nearest
    ///   ancestor's, the first by name where the type's nodes sit below different ones.
    func shadowedProviders() -> [ProviderKey: String] {
        var children: [ObjectID: [ObjectID]] = [:]
        var roots: [ObjectID] = []
        for node in snapshot.nodes where node.kind == .component {
            if let parent = node.parent, parent != node.id, nodes[parent]?.kind == .component {
                children[parent, default: []].append(node.id)
            } else {
                roots.append(node.id)
            }
        }
        func keys(_ id: ObjectID) -> [String] {
            (nodes.providers(of: id) ?? []).filter(\.form.isFoundByLookup).map { $0.name + "\u{0}" + $0.type }
        }
        // One walk down the tree, without recursion (a 10,000-deep chain is one path), keeping
        // for each name and type the components on the current path that provide it.
        var providing: [String: [ObjectID]] = [:]
        var shadowed: [ProviderKey: String] = [:]
        var visited: Set<ObjectID> = []
        var stack: [(id: ObjectID, leaving: Bool)] = roots.reversed().map { ($0, false) }
        while let (id, leaving) = stack.popLast() {
            if leaving {
                for key in keys(id) { providing[key]?.removeLast() }
                continue
            }
            guard visited.insert(id).inserted, let type = nodes.type(of: id) else { continue }
            for key in keys(id) {
                if let above = providing[key]?.last, let name = key.split(separator: "\u{0}", omittingEmptySubsequences: false).first {
                    let provider = ProviderKey(type: type, name: String(name))
                    let shadows = "\(self.name(of: above)).\(name)"
                    shadowed[provider] = min(shadowed[provider] ?? shadows, shadows)
                }
                providing[key, default: []].append(id)
            }
            stack.append((id, true))
            for child in (children[id] ?? []).reversed() { stack.append((child, false)) }
        }
        return shadowed
    }
}
