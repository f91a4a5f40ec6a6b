import GraphInspect
import GraphInspectDiagram

extension Diagram {
    /// One side of a merged diff picture: without what `change` marks (`.added` leaves the old
    /// graph, `.removed` the new one), keeping the other marks, and the frames still holding a node.
    public func without(_ change: Change) -> Diagram {
        let kept = nodes.filter { $0.change != change }
        let ids = Set(kept.map(\.id))
        var framed = Set(kept.compactMap(\.cluster))
        let parents = Dictionary(clusters.map { ($0.id, $0.parent) }, uniquingKeysWith: { first, _ in first })
        for cluster in framed {
            var parent = parents[cluster] ?? nil
            while let next = parent, framed.insert(next).inserted { parent = parents[next] ?? nil }
        }
        var side = self
        side.nodes = kept
        side.clusters = clusters.filter { framed.contains($0.id) }
        side.edges = edges.filter { $0.change != change && ids.contains($0.from) && ids.contains($0.to) }
        return side
    }
}
