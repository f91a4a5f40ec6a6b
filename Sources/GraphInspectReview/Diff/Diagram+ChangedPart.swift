import GraphInspectDiagram
/// The part of a diff's picture a reviewer needs: what changed and what it touches.
extension Diagram {
    /// The nodes marked as changed (added, removed, moved) and every node within `hops` edges of
    /// them, the ends of edges marked so, and the edges and holder clusters among those. Only
    /// marked nodes reach out: the end of a changed lookup is often the root, whose neighbours
    /// are the whole app. `limit` keeps only the first that many changed nodes (in the diagram's
    /// order).
    public func changedPart(hops: Int, limit: Int? = nil) -> Diagram {
        var changed: [String] = nodes.filter { $0.change != nil }.map(\.id)
        var ends: [String] = []
        for edge in edges where edge.change != nil { ends += [edge.from, edge.to] }
        var seen: Set<String> = []
        changed = changed.filter { seen.insert($0).inserted }
        ends = ends.filter { seen.insert($0).inserted }
        if let limit {
            changed = Array(changed.prefix(limit))
            ends = Array(ends.prefix(max(0, limit - changed.count)))
        }

        var neighbours: [String: [String]] = [:]
        for edge in edges {
            neighbours[edge.from, default: []].append(edge.to)
            neighbours[edge.to, default: []].append(edge.from)
        }
        var kept = Set(changed + ends)
        var frontier = changed
        for _ in 0..<max(hops, 0) {
            frontier = frontier.flatMap { neighbours[$0] ?? [] }.filter { kept.insert($0).inserted }
        }
        var part = self
        part.nodes = nodes.filter { kept.contains($0.id) }
        part.edges = edges.filter { kept.contains($0.from) && kept.contains($0.to) }
        let parents = Dictionary(clusters.map { ($0.id, $0.parent) }) { first, _ in first }
        var usedClusters: Set<String> = []
        for node in part.nodes {
            var cluster = node.cluster
            while let id = cluster, usedClusters.insert(id).inserted { cluster = parents[id] ?? nil }
        }
        part.clusters = clusters.filter { usedClusters.contains($0.id) }
        return part
    }

    /// How many nodes are marked as changed, or end an edge marked so.
    public var changedNodeCount: Int {
        var ids = Set(nodes.filter { $0.change != nil }.map(\.id))
        for edge in edges where edge.change != nil { ids.formUnion([edge.from, edge.to]) }
        return ids.count
    }
}
