import GraphInspect

/// Questions tests ask of a captured graph. Names match a node's short type (`HomeComponent`), its
/// full type (`App.HomeComponent`) or its key (`"home"`).
extension GraphSnapshot {
    /// The live nodes `name` matches, in creation order; with `includingReleased`, the released
    /// ones too (a lookup's requester may be gone, as the article's module components are once built).
    public func nodes(named name: String, includingReleased: Bool = false) -> [GraphNode] {
        (includingReleased ? nodes : liveNodes).filter { $0.shortType == name || $0.type == name || $0.key == name }
    }

    /// The first live node `name` matches.
    public func node(named name: String) -> GraphNode? {
        nodes(named: name).first
    }

    /// The last lookup of `dependency` made by the component `requester` names (cache hits
    /// included), or nil if it never looked it up.
    public func lookup(of dependency: String, requestedBy requester: String) -> DependencyLookup? {
        let requesters = Set(nodes(named: requester, includingReleased: true).map(\.id))
        return lookups.last { $0.name == dependency && requesters.contains($0.requester) }
    }

    /// The component that answered `requester`'s last lookup of `dependency`; nil if it failed or
    /// never happened.
    public func provider(of dependency: String, requestedBy requester: String) -> GraphNode? {
        lookup(of: dependency, requestedBy: requester)?.provider.flatMap(node)
    }

    /// The components `requester`'s first uncached lookup of `dependency` walked, in order.
    public func walk(of dependency: String, requestedBy requester: String) -> [GraphNode] {
        let requesters = Set(nodes(named: requester, includingReleased: true).map(\.id))
        let lookup = lookups.first { $0.name == dependency && requesters.contains($0.requester) && !$0.cacheHit }
        return (lookup?.walk ?? []).compactMap(node)
    }

    /// Every component that looked `dependency` up, in order of first lookup.
    public func requesters(of dependency: String) -> [GraphNode] {
        var seen: Set<ObjectID> = []
        return lookups.filter { $0.name == dependency && seen.insert($0.requester).inserted }.compactMap { node($0.requester) }
    }

    /// Whether any dependency, module or router lookup failed.
    public var hasFailures: Bool { !failures().isEmpty }

    /// `node`'s ancestors in its own tree (parents for components, holders for modules), nearest first.
    public func ancestors(of node: GraphNode) -> [GraphNode] {
        var result: [GraphNode] = []
        var seen: Set<ObjectID> = [node.id]
        var current = node.parent.flatMap(self.node)
        while let next = current, seen.insert(next.id).inserted {
            result.append(next)
            current = next.parent.flatMap(self.node)
        }
        return result
    }

    /// The live nodes below `node` in its own tree, breadth first.
    public func descendants(of node: GraphNode) -> [GraphNode] {
        var children: [ObjectID: [GraphNode]] = [:]
        for candidate in liveNodes { if let parent = candidate.parent { children[parent, default: []].append(candidate) } }
        var result: [GraphNode] = []
        var frontier = [node]
        var seen: Set<ObjectID> = [node.id]
        while !frontier.isEmpty {
            frontier = frontier.flatMap { children[$0.id] ?? [] }.filter { seen.insert($0.id).inserted }
            result += frontier
        }
        return result
    }
}
