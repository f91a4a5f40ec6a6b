import GraphInspect

/// Writes a diagram as Graphviz DOT: holders as clusters containing their modules and routers,
/// components below them, lookups as dashed edges, failed lookups in red to a "missing" node, and a
/// legend. Every label is escaped by `DOTLabel` and quoted here; every id is generated
/// (`c12`, `m3`), never taken from a name; attributes are sorted. The same diagram always gives
/// byte-identical DOT.
public struct DOTWriter: Sendable {
    /// Up to this many labelled edges, labels are laid out as labels; beyond, each becomes a line
    /// of the node the edge starts from (`→ name, 1 hop`), since every label is a node dot must
    /// place and route: 99 labels doubled the time of a 100-node picture (docs/pictures.md).
    static let labelNodesUpTo = 60

    /// Lookup edges drawn as edges up to this many (`Diagram.foldingLookups(above:)` beyond). Each
    /// climbs from its requester to an ancestor across ranks, and dot's crossing minimisation
    /// grows much faster than their number (400 components with 997 lookup edges: 16 s; without
    /// them: 0.2 s).
    public static let lookupEdgesUpTo = 200

    public init() {}

    /// Whether the picture puts every edge label on the node the edge starts from (more labelled
    /// edges than `labelNodesUpTo`).
    static func labelsGoOnNodes(_ diagram: Diagram) -> Bool {
        diagram.edges.filter { !$0.label.isEmpty }.count > labelNodesUpTo
    }

    /// The lines a node's label carries after its title and details, each as the index in
    /// `diagram.edges` of the edge it comes from, in the order drawn: its labelled loops' lines, or,
    /// when labels go on nodes, one line for each labelled edge it starts. A replay reveals them
    /// step by step (`ReplayPlayer.lineSteps`).
    public static func edgeLines(_ diagram: Diagram) -> [String: [Int]] {
        let onNodes = labelsGoOnNodes(diagram)
        var lines: [String: [Int]] = [:]
        for (index, edge) in diagram.edges.enumerated() where !edge.label.isEmpty {
            if onNodes {
                lines[edge.from, default: []].append(index)
            } else if edge.from == edge.to {
                lines[edge.from, default: []] += repeatElement(index, count: edge.label.count)
            }
        }
        return lines
    }

    /// Graphviz draws a frame around a subgraph only when its name starts with `cluster`.
    public static func subgraphName(_ cluster: Diagram.Cluster) -> String { "cluster_" + cluster.id }

    /// DOT for `snapshot` as `options` select it.
    public func write(_ snapshot: GraphSnapshot, options: DiagramOptions = DiagramOptions()) throws(DiagramError) -> String {
        write(try DiagramBuilder(options: options).build(snapshot).foldingLookups(above: Self.lookupEdgesUpTo), legend: options.legend)
    }

    /// - Parameters:
    ///   - legend: draw the legend (dot only: the other layouts do not keep a cluster together).
    ///   - ranked: for dot, which ranks nodes; false for the force and radial layouts (neato, fdp,
    ///     sfdp, circo, twopi), which place labels where they collide: there every edge label
    ///     becomes a small node on its edge, and Graphviz moves nodes until none overlap.
    ///   - edgeIDs: an `id` for each edge (given its index in `diagram.edges`), which Graphviz
    ///     puts on the edge's `<g>` in SVG, for pages that script the picture.
    public func write(_ diagram: Diagram, legend: Bool = true, ranked: Bool = true, edgeIDs: (@Sendable (Int, Diagram.Edge) -> String)? = nil) -> String {
        guard ranked else { return writeUnranked(diagram) }
        var out = "digraph graphinspect {\n"
        var graph = ["charset": "UTF-8", "compound": "true", "fontname": "Helvetica", "fontsize": "11", "newrank": "true", "nodesep": "0.25", "ranksep": "0.3"]
        if diagram.leftToRight { graph["rankdir"] = "LR" }
        out += "  graph " + attributes(graph) + "\n"
        out += "  node " + attributes(["fontname": "Helvetica", "fontsize": "11", "margin": "0.1,0.05"]) + "\n"
        out += "  edge " + attributes(["fontname": "Helvetica", "fontsize": "10"]) + "\n"

        var widths: [String: Int] = [:]
        for node in diagram.nodes { widths[node.id] = ([node.title] + node.details).map(\.count).max().map { $0 * 6 + 20 } ?? 0 }
        let lines = diagram.edges.enumerated().map { index, edge in
            var line = edgeLine(edge)
            if let edgeIDs { line.attributes["id"] = edgeIDs(index, edge) }
            return line
        }
        let placed = DOTEdgePlacement(lines, width: { widths[$0] ?? 0 }, labelsOnNodes: Self.labelsGoOnNodes(diagram))
        diagram.walkClusters(enter: { cluster, level, nodes in
            let indent = String(repeating: "  ", count: level)
            out += indent + "subgraph " + quoted(Self.subgraphName(cluster)) + " {\n"
            out += indent + "  graph " + attributes(["color": "#b07d2b", "fontcolor": "#b07d2b", "label": DOTLabel.literal(cluster.label), "style": "rounded,dashed"]) + "\n"
            for node in nodes { out += indent + "  " + line(node, loops: placed.nodeLines[node.id] ?? []) + "\n" }
        }, exit: { _, level in
            out += String(repeating: "  ", count: level) + "}\n"
        })
        for node in diagram.nodes(inCluster: nil) { out += "  " + line(node, loops: placed.nodeLines[node.id] ?? []) + "\n" }
        for edge in placed.edges { out += "  " + quoted(edge.tail) + " -> " + quoted(edge.head) + " " + attributes(edge.attributes) + "\n" }
        if legend {
            out += DOTLegend(diagram: diagram).cluster(below: placed.legendAnchor(among: diagram.nodes.map(\.id)))
        }
        out += "}\n"
        return out
    }

    private func writeUnranked(_ diagram: Diagram) -> String {
        var out = "digraph graphinspect {\n"
        out += "  graph " + attributes(["charset": "UTF-8", "fontname": "Helvetica", "fontsize": "11", "overlap": "false", "sep": "+8", "splines": "true"]) + "\n"
        out += "  node " + attributes(["fontname": "Helvetica", "fontsize": "11", "margin": "0.1,0.05"]) + "\n"
        out += "  edge " + attributes(["fontname": "Helvetica", "fontsize": "10"]) + "\n"
        for node in diagram.nodes { out += "  " + line(node, loops: []) + "\n" }
        for (index, edge) in diagram.edges.enumerated() {
            // No ranks here: every edge is drawn from its start to its end, as the diagram has it.
            var attrs = edgeLine(edge).attributes
            attrs["constraint"] = nil
            attrs["dir"] = nil
            guard !edge.label.isEmpty else {
                out += "  " + quoted(edge.from) + " -> " + quoted(edge.to) + " " + attributes(attrs) + "\n"
                continue
            }
            let middle = "edge_label_\(index)"
            var labelNode = ["fontsize": "10", "label": DOTLabel.lines(edge.label), "margin": "0.02,0", "shape": "plaintext"]
            labelNode["fontcolor"] = attrs["fontcolor"]
            out += "  " + quoted(middle) + " " + attributes(labelNode) + "\n"
            var first = attrs
            first["arrowhead"] = "none"
            out += "  " + quoted(edge.from) + " -> " + quoted(middle) + " " + attributes(first) + "\n"
            out += "  " + quoted(middle) + " -> " + quoted(edge.to) + " " + attributes(attrs) + "\n"
        }
        return out + "}\n"
    }

    private func line(_ node: Diagram.Node, loops: [String]) -> String {
        var attrs = DOTStyle.node(node)
        if node.released { attrs = DOTStyle.released(attrs) }
        if node.retained { attrs.merge(DOTStyle.retained) { $1 } }
        if node.highlighted { attrs.merge(DOTStyle.highlight) { $1 } }
        if let change = node.change {
            attrs.merge(DOTStyle.change(change)) { $1 }
            if change == .removed { attrs["style"] = (attrs["style"].map { $0 + "," } ?? "") + "dashed" }
        }
        attrs["label"] = DOTLabel.lines([node.title] + node.details + loops)
        return quoted(node.id) + " " + attributes(attrs)
    }

    /// An edge as DOT will draw it: parent and owner edges are written parent -> child with
    /// dir=back, so roots rank on top while the arrow still points at the parent.
    private func edgeLine(_ edge: Diagram.Edge) -> DOTEdgePlacement.Edge {
        var attrs = DOTStyle.edge(edge)
        if edge.highlighted { attrs.merge(DOTStyle.highlight) { $1 } }
        if let change = edge.change {
            attrs.merge(DOTStyle.change(change)) { $1 }
            if change == .removed { attrs["style"] = "dashed" }
        }
        let (tail, head) = edge.kind == .parent || edge.kind == .owner ? (edge.to, edge.from) : (edge.from, edge.to)
        return DOTEdgePlacement.Edge(tail: tail, head: head, attributes: attrs, label: edge.label.isEmpty ? nil : edge.label, from: edge.from)
    }

    private func attributes(_ attributes: [String: String]) -> String { DOTSyntax.attributes(attributes) }
    private func quoted(_ text: String) -> String { DOTSyntax.quoted(text) }
}
