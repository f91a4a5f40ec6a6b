extension Diagram {
    /// Visits the clusters nested as they are drawn, with an explicit stack so deep holder trees
    /// cannot overflow: `enter` with each cluster, its nesting level (1 for top-level) and the nodes
    /// drawn in it, then its sub-clusters, then `exit`. Writers draw the nodes outside any cluster
    /// with `nodes(inCluster: nil)`.
    func walkClusters(enter: (Cluster, Int, [Node]) -> Void, exit: (Cluster, Int) -> Void) {
        var children: [String?: [Cluster]] = [:]
        for cluster in clusters { children[cluster.parent, default: []].append(cluster) }
        let nodesIn = Dictionary(grouping: nodes) { $0.cluster }
        var stack: [(cluster: Cluster, level: Int, closing: Bool)] = (children[nil] ?? []).reversed().map { ($0, 1, false) }
        while let (cluster, level, closing) = stack.popLast() {
            if closing {
                exit(cluster, level)
                continue
            }
            enter(cluster, level, nodesIn[cluster.id] ?? [])
            stack.append((cluster, level, true))
            stack.append(contentsOf: (children[cluster.id] ?? []).reversed().map { ($0, level + 1, false) })
        }
    }

    /// The nodes drawn in `cluster` (nil: outside every cluster), in diagram order.
    func nodes(inCluster cluster: String?) -> [Node] {
        nodes.filter { $0.cluster == cluster }
    }
}
