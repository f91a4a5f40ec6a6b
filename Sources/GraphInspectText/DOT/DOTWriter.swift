import GraphInspect

/// Writes a diagram as Graphviz DOT: holders as clusters containing their modules and routers,
/// components below them, lookups as dashed edges, failed lookups in red to a "missing" node, and a
/// legend. Every label is escaped by `DOTLabel` and quoted here; every id is generated
/// (`c12`, `m3`), never taken from a name; attributes are sorted. The same diagram always gives
/// byte-identical DOT.
public struct DOTWriter: Sendable {
    public init() {}

    /// DOT for `snapshot` as `options` select it.
    public func write(_ snapshot: GraphSnapshot, options: DiagramOptions = DiagramOptions()) throws(DiagramError) -> String {
        write(try DiagramBuilder(options: options).build(snapshot), legend: options.legend)
    }

    public func write(_ diagram: Diagram, legend: Bool = true) -> String {
        var out = "digraph graphinspect {\n"
        var graph = ["charset": "UTF-8", "compound": "true", "fontname": "Helvetica", "fontsize": "11", "newrank": "true", "nodesep": "0.3", "ranksep": "0.45"]
        if diagram.leftToRight { graph["rankdir"] = "LR" }
        out += "  graph " + attributes(graph) + "\n"
        out += "  node " + attributes(["fontname": "Helvetica", "fontsize": "11", "margin": "0.1,0.05"]) + "\n"
        out += "  edge " + attributes(["fontname": "Helvetica", "fontsize": "9"]) + "\n"

        diagram.walkClusters(enter: { cluster, level, nodes in
            let indent = String(repeating: "  ", count: level)
            out += indent + "subgraph " + quoted(cluster.id) + " {\n"
            out += indent + "  graph " + attributes(["color": "#b07d2b", "fontcolor": "#b07d2b", "label": DOTLabel.literal(cluster.label), "style": "rounded,dashed"]) + "\n"
            for node in nodes { out += indent + "  " + line(node) + "\n" }
        }, exit: { _, level in
            out += String(repeating: "  ", count: level) + "}\n"
        })
        for node in diagram.nodes(inCluster: nil) { out += "  " + line(node) + "\n" }
        for edge in diagram.edges { out += "  " + line(edge) + "\n" }
        if legend { out += legendCluster(for: diagram) }
        out += "}\n"
        return out
    }

    private func line(_ node: Diagram.Node) -> String {
        var attrs = DOTStyle.node(node)
        if node.released {
            attrs.merge(DOTStyle.released) { $1 }
            attrs["style"] = (attrs["style"].map { $0 + "," } ?? "") + "dashed"
        }
        if node.highlighted { attrs.merge(DOTStyle.highlight) { $1 } }
        if let change = node.change {
            attrs.merge(DOTStyle.change(change)) { $1 }
            if change == .removed { attrs["style"] = (attrs["style"].map { $0 + "," } ?? "") + "dashed" }
        }
        attrs["label"] = DOTLabel.lines([node.title] + node.details)
        return quoted(node.id) + " " + attributes(attrs)
    }

    private func line(_ edge: Diagram.Edge) -> String {
        var attrs = DOTStyle.edge(edge)
        if edge.highlighted { attrs.merge(DOTStyle.highlight) { $1 } }
        if let change = edge.change {
            attrs.merge(DOTStyle.change(change)) { $1 }
            if change == .removed { attrs["style"] = "dashed" }
        }
        // Edge labels are xlabels, placed after layout. A plain `label` on an edge whose ends share
        // a rank makes Graphviz 2.42's dot layout realloc its rank array through an offset pointer,
        // which `gvFreeLayout` later frees: heap corruption (found rendering the school sample;
        // valgrind: invalid free in flat_edges). xlabels add no label nodes to the layout.
        if !edge.label.isEmpty { attrs["xlabel"] = DOTLabel.lines(edge.label) }
        // Parent and owner edges are written parent -> child with dir=back, so roots rank on top
        // while the arrow still points at the parent.
        let (from, to) = edge.kind == .parent || edge.kind == .owner ? (edge.to, edge.from) : (edge.from, edge.to)
        return quoted(from) + " -> " + quoted(to) + " " + attributes(attrs)
    }

    /// A cluster of sample nodes and edges, each styled as what it stands for and saying what
    /// it means, so the legend shows the real shapes and colours.
    private func legendCluster(for diagram: Diagram) -> String {
        var out = "  subgraph \"cluster_legend\" {\n"
        out += "    graph " + attributes(["color": "#cccccc", "fontcolor": "#666666", "label": "legend", "style": "rounded"]) + "\n"
        for (kind, meaning) in DOTStyle.nodeMeanings(for: diagram) {
            var attrs = DOTStyle.node(kind)
            attrs["fontsize"] = "9"
            attrs["label"] = DOTLabel.literal(meaning)
            out += "    " + quoted("legend_\(kind.rawValue)") + " " + attributes(attrs) + "\n"
        }
        // Recorded kinds the diagram uses, each drawn in its own style.
        for kind in Set(diagram.nodes.compactMap(\.customKind)).sorted() {
            var attrs = CustomKindStyle.node(kind)
            attrs["fontsize"] = "9"
            attrs["label"] = DOTLabel.literal(kind)
            out += "    " + quoted("legend_kind_" + kind) + " " + attributes(attrs) + "\n"
        }
        for (index, kind) in Set(diagram.edges.compactMap(\.customKind)).sorted().enumerated() {
            out += legendEdge(id: "legend_link_\(index)", style: CustomKindStyle.edge(kind), label: kind)
        }
        let changes = Set(diagram.nodes.compactMap(\.change) + diagram.edges.compactMap(\.change))
        for change in Diagram.Change.allCases where changes.contains(change) {
            var attrs = DOTStyle.node(.module).merging(DOTStyle.change(change)) { $1 }
            attrs["fontsize"] = "9"
            attrs["label"] = change == .removed ? "removed: only in the old run" : change == .added ? "added: only in the new run" : "changed: moved, or another provider"
            out += "    " + quoted("legend_change_" + change.rawValue) + " " + attributes(attrs) + "\n"
        }
        if diagram.isReplay {
            var newest = DOTStyle.node(.module).merging(DOTStyle.highlight) { $1 }
            newest["fontsize"] = "9"
            newest["label"] = "orange, thick: the newest step"
            out += "    \"legend_newest\" " + attributes(newest) + "\n"
        } else if diagram.nodes.contains(where: \.released) {
            var released = DOTStyle.node(.module).merging(DOTStyle.released) { $1 }
            released["style"] = "filled,dashed"
            released["fontsize"] = "9"
            released["label"] = "released (greyed, dashed)"
            out += "    \"legend_released\" " + attributes(released) + "\n"
        }
        for (kind, meaning) in DOTStyle.edgeMeanings(for: diagram) {
            var style = DOTStyle.edge(kind)
            style["dir"] = nil
            out += legendEdge(id: "legend_\(kind.rawValue)", style: style, label: meaning)
        }
        return out + "  }\n"
    }

    /// A legend entry for an edge style: two points joined by a sample edge, labelled.
    private func legendEdge(id: String, style: [String: String], label: String) -> String {
        let from = quoted(id + "_from"), to = quoted(id + "_to")
        let point = attributes(["height": "0.05", "label": "", "shape": "point", "width": "0.05"])
        var attrs = style
        attrs["constraint"] = nil
        attrs["fontsize"] = "9"
        attrs["xlabel"] = DOTLabel.literal(label)
        return "    \(from) \(point)\n    \(to) \(point)\n    \(from) -> \(to) " + attributes(attrs) + "\n"
    }

    /// `[key=value, ...]` sorted by key, every value quoted.
    private func attributes(_ attributes: [String: String]) -> String {
        "[" + attributes.sorted { $0.key < $1.key }.map { key, value in key + "=" + quoted(value) }.joined(separator: ", ") + "]"
    }

    /// A DOT double-quoted string. DOT's only escape in quoted strings is `\"`; backslashes are
    /// kept as they are (labels carry escString escapes), so a backslash right before the closing
    /// quote would escape it: a space goes between them.
    private func quoted(_ text: String) -> String {
        var out = "\""
        for character in text {
            if character == "\"" { out += "\\\"" } else { out.append(character) }
        }
        if out.hasSuffix("\\") { out += " " }
        return out + "\""
    }
}
