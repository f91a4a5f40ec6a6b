/// Decides how each edge is handed to Graphviz so that no two labels can collide.
///
/// Graphviz 2.42's dot corrupts its heap on a labelled edge whose ends share a rank (a "flat"
/// edge: `flat_edges` reallocates the rank array through an offset pointer that `gvFreeLayout`
/// later frees), and `xlabel`s, placed after layout, land on each other. So a labelled edge is
/// always a ranking edge pointing forward in one topological order of the picture: its ends are
/// on different ranks, and dot lays its label out as a node, which nothing overlaps. The arrow
/// keeps its meaning through `dir=back` when the edge had to be turned round. A labelled loop
/// cannot be placed that way: its label becomes lines on its node.
struct DOTEdgePlacement {
    struct Edge {
        var tail: String
        var head: String
        var attributes: [String: String]
        /// Lines of the label; nil for none.
        var label: [String]?
        /// The node the edge starts from in the diagram (before any turning), which carries the
        /// label as a line when labels go on nodes.
        var from: String

        /// Whether dot ranks by it: not `constraint=false`, not a loop.
        var ranks: Bool { attributes["constraint"] != "false" && tail != head }
    }

    /// The edges as written: labels as `label`, turned and ranked as described above.
    private(set) var edges: [Edge] = []
    /// Per node, labels drawn as lines of the node: its labelled loops' (and with `labelsOnNodes`,
    /// every edge's it starts).
    private(set) var nodeLines: [String: [String]] = [:]
    /// Rank order used to turn edges: position of each node id.
    private var position: [String: Int] = [:]

    /// Estimated width of a row of siblings, in points, above which leaf siblings are staggered
    /// onto further ranks (as Graphviz's `unflatten -l` does), so a wide fan-out wraps instead of
    /// widening the picture past a page.
    static let rowBudget = 600

    /// - Parameters:
    ///   - input: the edges, as the diagram has them.
    ///   - width: a node's estimated width in points, for wrapping wide fan-outs.
    ///   - labelsOnNodes: put every edge label on the edge's start node as a line instead, for
    ///     pictures too large for label nodes (each one is a node dot must place and route).
    init(_ input: [Edge], width: (String) -> Int = { _ in 0 }, labelsOnNodes: Bool = false) {
        // The picture's structure: unlabelled edges that rank, as the diagram has them.
        let structure = input.filter { $0.label == nil && $0.ranks }
        position = Self.topologicalPositions(structure)
        var next = position.count
        for edge in input {
            for id in [edge.tail, edge.head] where position[id] == nil {
                position[id] = next
                next += 1
            }
        }
        // A child's share of its row: its own width and the labels of edges between it and its parent.
        var labelWidths: [String: Int] = [:]
        for edge in input where edge.tail != edge.head {
            guard let label = edge.label else { continue }
            let text = (label.map(\.count).max() ?? 0) * 5 + 12
            for key in [edge.tail + "\u{0}" + edge.head, edge.head + "\u{0}" + edge.tail] { labelWidths[key, default: 0] += text }
        }
        let staggered = Self.stagger(structure) { tail, child in
            width(child) + (labelWidths[tail + "\u{0}" + child] ?? 0)
        }
        for var edge in input {
            guard let label = edge.label else {
                if let rows = staggered[edge.tail + "\u{0}" + edge.head] { edge.attributes["minlen"] = String(rows) }
                edges.append(edge)
                continue
            }
            if labelsOnNodes {
                nodeLines[edge.from, default: []].append((edge.tail == edge.from ? "→ " : "← ") + label.joined(separator: ", "))
                edges.append(edge)
                continue
            }
            if edge.tail == edge.head {
                nodeLines[edge.tail, default: []] += label
                edges.append(edge)
                continue
            }
            edge.attributes["constraint"] = nil
            if position[edge.tail]! > position[edge.head]! {
                swap(&edge.tail, &edge.head)
                edge.attributes["dir"] = edge.attributes["dir"] == "back" ? nil : "back"
                let head = edge.attributes["arrowhead"]
                edge.attributes["arrowhead"] = edge.attributes["arrowtail"]
                edge.attributes["arrowtail"] = head
            }
            edge.attributes["label"] = DOTLabel.lines(label)
            edges.append(edge)
        }
    }

    /// Where to hang the legend so it comes below (after) everything: the middle one of the
    /// nodes of `ids` on the deepest rank (longest path over ranking edges). A short invisible
    /// edge from there keeps it under the picture without a chain of virtual nodes beside it.
    func legendAnchor(among ids: [String]) -> String? {
        var rank: [String: Int] = [:]
        let ranking = edges.filter(\.ranks)
            .sorted { position[$0.tail]! < position[$1.tail]! }
        for edge in ranking where position[edge.tail]! < position[edge.head]! {
            let length = Int(edge.attributes["minlen"] ?? "1") ?? 1
            rank[edge.head] = max(rank[edge.head] ?? 0, (rank[edge.tail] ?? 0) + length)
        }
        let deepest = ids.map { rank[$0] ?? 0 }.max() ?? 0
        let candidates = ids.filter { (rank[$0] ?? 0) == deepest }
        return candidates.isEmpty ? nil : candidates[candidates.count / 2]
    }

    /// For each parent whose children together are wider than `rowBudget`, the minimum length of
    /// the edges to its leaf children, keyed "tail\0head": leaves are dealt onto as many rows as
    /// needed, each about one budget wide; children with children of their own stay on the first.
    private static func stagger(_ ranking: [Edge], width: (_ parent: String, _ child: String) -> Int) -> [String: Int] {
        var children: [String: [String]] = [:]
        var tails: [String] = []
        for edge in ranking {
            if children[edge.tail] == nil { tails.append(edge.tail) }
            children[edge.tail, default: []].append(edge.head)
        }
        var lengths: [String: Int] = [:]
        for tail in tails {
            let below = children[tail] ?? []
            let total = below.reduce(0) { $0 + width(tail, $1) }
            guard below.count > 2, total > rowBudget else { continue }
            let leaves = below.filter { children[$0] == nil }
            var rows = max(1, (total + rowBudget - 1) / rowBudget)
            rows = min(rows, leaves.count)
            guard rows > 1 else { continue }
            for (index, leaf) in leaves.enumerated() where index % rows > 0 {
                lengths[tail + "\u{0}" + leaf] = index % rows + 1
            }
        }
        return lengths
    }

    /// Kahn's algorithm over `edges`, ready nodes taken in order of first appearance; nodes left
    /// on a cycle follow in that order too.
    private static func topologicalPositions(_ edges: [Edge]) -> [String: Int] {
        var order: [String] = []
        var index: [String: Int] = [:]
        for edge in edges {
            for id in [edge.tail, edge.head] where index[id] == nil {
                index[id] = order.count
                order.append(id)
            }
        }
        var successors = [[Int]](repeating: [], count: order.count)
        var incoming = [Int](repeating: 0, count: order.count)
        for edge in edges {
            successors[index[edge.tail]!].append(index[edge.head]!)
            incoming[index[edge.head]!] += 1
        }
        var ready = (0..<order.count).filter { incoming[$0] == 0 }
        var cursor = 0
        var position: [String: Int] = [:]
        while cursor < ready.count {
            let node = ready[cursor]
            cursor += 1
            position[order[node]] = position.count
            for next in successors[node] {
                incoming[next] -= 1
                if incoming[next] == 0 { ready.append(next) }
            }
        }
        for id in order where position[id] == nil { position[id] = position.count }
        return position
    }
}
