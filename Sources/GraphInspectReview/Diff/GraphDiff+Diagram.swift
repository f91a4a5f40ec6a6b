import GraphInspect
import GraphInspectDiagram

extension GraphDiff {
    /// One picture of both runs: every node and edge of either, matched by path; what only the new
    /// run has in green, what only the old run had in red (dashed), what moved or is answered by
    /// another provider in orange.
    /// `view` picks the trees drawn (the dependency graph by default, as `dump` draws it);
    /// `showingReleased: false` leaves released nodes out, as the text diff and a baseline do.
    public static func diagram(old: GraphSnapshot, new: GraphSnapshot, view: DiagramOptions.View = .auto, showingReleased: Bool = true) -> Diagram {
        diagram(GraphDiff(old: old, new: new), old: old, new: new, view: view, showingReleased: showingReleased)
    }

    /// The picture of `diff`, the diff of `old` and `new`.
    static func diagram(_ diff: GraphDiff, old: GraphSnapshot, new: GraphSnapshot, view: DiagramOptions.View = .auto, showingReleased: Bool = true) -> Diagram {
        let options = DiagramOptions(hide: showingReleased ? [.cacheHits] : [.cacheHits, .released], legend: false, view: view)
        let moved = Set(diff.changes.compactMap { if case .moved(let path, _, _) = $0 { path } else { nil } })
        let before = Side(old, options: options), after = Side(new, options: options)

        var ids: [String: String] = [:]
        func id(_ key: String) -> String {
            if let known = ids[key] { return known }
            let made = "d\(ids.count + 1)"
            ids[key] = made
            return made
        }
        var nodes: [Diagram.Node] = []
        for (key, node) in after.nodes {
            var drawn = node
            drawn.id = id(key)
            drawn.cluster = node.cluster.flatMap { after.clusterKeys[$0] }.map(id)
            if before.byKey[key] == nil {
                drawn.change = moved.contains(Side.identity(of: node)) ? .changed : .added
            }
            nodes.append(drawn)
        }
        for (key, node) in before.nodes where after.byKey[key] == nil {
            guard !moved.contains(Side.identity(of: node)) else { continue }
            var drawn = node
            drawn.id = id(key)
            drawn.cluster = node.cluster.flatMap { before.clusterKeys[$0] }.flatMap { after.byKey[$0] == nil ? nil : id($0) }
            drawn.change = .removed
            nodes.append(drawn)
        }
        var clusters: [Diagram.Cluster] = after.clusters.map { key, cluster in
            Diagram.Cluster(id: id(key), label: cluster.label, parent: cluster.parent.flatMap { after.clusterKeys[$0] }.map(id))
        }
        clusters.sort { $0.id < $1.id }

        let oldEdges = before.edges, newEdges = after.edges
        let oldEdgeKeys = Set(oldEdges.map(\.key)), newEdgeKeys = Set(newEdges.map(\.key))
        let changedLookups = Set(diff.changes.compactMap { change -> String? in
            if case .lookup(let requester, let name, _, _, _) = change { return requester + "\u{0}" + name }
            return nil
        })
        var edges: [Diagram.Edge] = []
        for (key, edge) in newEdges {
            var drawn = edge
            drawn.from = id(key.from)
            drawn.to = id(key.to)
            if !oldEdgeKeys.contains(key) {
                let names = edge.label.map { key.from + "\u{0}" + ($0.split(separator: ":").first.map(String.init) ?? "") }
                drawn.change = names.contains(where: changedLookups.contains) ? .changed : .added
            }
            edges.append(drawn)
        }
        for (key, edge) in oldEdges where !newEdgeKeys.contains(key) {
            guard ids[key.from] != nil, ids[key.to] != nil else { continue }
            var drawn = edge
            drawn.from = id(key.from)
            drawn.to = id(key.to)
            drawn.change = .removed
            edges.append(drawn)
        }
        return Diagram(nodes: nodes, clusters: clusters, edges: edges)
    }
}

/// One run's diagram with every node and cluster keyed by path.
private struct Side {
    struct EdgeKey: Hashable {
        var from: String
        var to: String
        var kind: Diagram.EdgeKind
        var label: [String]
    }

    var nodes: [(key: String, node: Diagram.Node)] = []
    var byKey: [String: Diagram.Node] = [:]
    /// Cluster id to the key of its holder.
    var clusterKeys: [String: String] = [:]
    var clusters: [(key: String, cluster: Diagram.Cluster)] = []
    var edges: [(key: EdgeKey, edge: Diagram.Edge)] = []

    /// Lookup labels carry counts that differ run to run, so `options` hides cache hits: the diff
    /// is about who answers.
    init(_ snapshot: GraphSnapshot, options: DiagramOptions) {
        let diagram = (try? DiagramBuilder(options: options).build(snapshot))
            ?? Diagram(nodes: [], clusters: [], edges: [])
        var keyOfID: [String: String] = [:]
        // The same paths the text diff matches nodes by.
        var paths = Keyed.Paths(snapshot)
        for node in snapshot.liveNodes {
            keyOfID[DiagramBuilder.nodeID(node)] = paths.path(of: node)
        }
        for node in diagram.nodes {
            let key = keyOfID[node.id] ?? "\(node.kind.rawValue): \(node.details.joined(separator: " "))"
            keyOfID[node.id] = key
            var stripped = node
            stripped.details = node.details.filter { !$0.hasPrefix("#") }
            nodes.append((key, stripped))
            byKey[key] = stripped
        }
        for cluster in diagram.clusters {
                        if let key = keyOfID[cluster.id] { clusterKeys[cluster.id] = key; clusters.append((key, cluster)) }
        }
        for edge in diagram.edges {
            guard let from = keyOfID[edge.from], let to = keyOfID[edge.to] else { continue }
            var label = edge.label
            // A lookup edge lists the names resolved between two nodes, then counts.
            if edge.kind == .lookup { label = Array(label.dropLast()) }
            var stripped = edge
            stripped.label = label
            edges.append((EdgeKey(from: from, to: to, kind: edge.kind, label: label), stripped))
        }
    }

    static func identity(of node: Diagram.Node) -> String {
        node.kind.rawValue + " " + node.title + (node.details.first { $0.hasPrefix("\"") }.map { " " + $0 } ?? "")
    }
}
