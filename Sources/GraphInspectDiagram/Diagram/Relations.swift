import GraphInspect

/// The tree relations a diagram is selected by: each drawable node's parent in its own tree
/// (a component's parent, a module's or holder's holder, a router's module), children, levels.
struct Relations {
    /// Drawable nodes (view components are folded into their routers), in snapshot order.
    let nodes: [GraphNode]
    let byID: [ObjectID: GraphNode]
    let treeParent: [ObjectID: ObjectID]
    let children: [ObjectID: [ObjectID]]

    init(_ snapshot: GraphSnapshot, hideReleased: Bool) {
        nodes = snapshot.nodes.filter { $0.kind != .viewComponent && !(hideReleased && $0.released) }
        var byID: [ObjectID: GraphNode] = [:]
        for node in nodes { byID[node.id] = node }
        var treeParent: [ObjectID: ObjectID] = [:]
        var children: [ObjectID: [ObjectID]] = [:]
        for node in nodes {
            var parent = node.parent
            // A router's parent is its view component, whose parent is the module.
            if node.kind == .router { parent = parent.flatMap { snapshot.node($0)?.parent } }
            if let parent, byID[parent] != nil {
                treeParent[node.id] = parent
                children[parent, default: []].append(node.id)
            }
        }
        self.byID = byID
        self.treeParent = treeParent
        self.children = children
    }

    /// `ids` and all their ancestors.
    func withAncestors(_ ids: Set<ObjectID>) -> Set<ObjectID> {
        var result = ids
        for id in ids {
            var current = treeParent[id]
            while let next = current, result.insert(next).inserted {
                current = treeParent[next]
            }
        }
        return result
    }

    /// `id` and its descendants down to `depth` levels below it (all when nil).
    func descendants(of id: ObjectID, depth: Int?) -> Set<ObjectID> {
        var result: Set<ObjectID> = [id]
        var frontier = [id]
        var level = 0
        while !frontier.isEmpty, depth.map({ level < $0 }) ?? true {
            frontier = frontier.flatMap { children[$0] ?? [] }.filter { result.insert($0).inserted }
            level += 1
        }
        return result
    }

    /// Each node's level below its tree root, in one pass from the roots.
    func levels() -> [ObjectID: Int] {
        var levels: [ObjectID: Int] = [:]
        var frontier = nodes.filter { treeParent[$0.id] == nil }.map(\.id)
        var level = 0
        while !frontier.isEmpty {
            for id in frontier { levels[id] = level }
            frontier = frontier.flatMap { children[$0] ?? [] }.filter { levels[$0] == nil }
            level += 1
        }
        return levels
    }
}
