import GraphInspect

/// Writes a diagram as Graphviz DOT: holders as clusters containing their modules and routers,
/// components below them, lookups as dashed edges, failed lookups in red to a "missing" node, and a
/// legend. Every label is an HTML-like label escaped by `HTMLLabel`; every id is generated
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
        out += "  graph " + attributes(["charset": "UTF-8", "compound": "true", "fontname": "Helvetica", "fontsize": "11", "newrank": "true", "nodesep": "0.3", "ranksep": "0.45"]) + "\n"
        out += "  node " + attributes(["fontname": "Helvetica", "fontsize": "11", "margin": "0.1,0.05"]) + "\n"
        out += "  edge " + attributes(["fontname": "Helvetica", "fontsize": "9"]) + "\n"

        var clusterChildren: [String?: [String]] = [:]
        for cluster in diagram.clusters { clusterChildren[cluster.parent, default: []].append(cluster.id) }
        var nodesIn: [String?: [Diagram.Node]] = [:]
        for node in diagram.nodes { nodesIn[node.cluster, default: []].append(node) }
        let labels = Dictionary(uniqueKeysWithValues: diagram.clusters.map { ($0.id, $0.label) })

        // Clusters nest; written with an explicit stack so deep holder trees cannot overflow.
        var stack: [(cluster: String, indent: String, closing: Bool)] = (clusterChildren[nil] ?? []).reversed().map { ($0, "  ", false) }
        while let (cluster, indent, closing) = stack.popLast() {
            if closing {
                out += indent + "}\n"
                continue
            }
            out += indent + "subgraph " + quoted(cluster) + " {\n"
            out += indent + "  graph " + attributes(["color": "#b07d2b", "fontcolor": "#b07d2b", "label": HTMLLabel.escape(labels[cluster] ?? ""), "style": "rounded,dashed"]) + "\n"
            for node in nodesIn[cluster] ?? [] { out += indent + "  " + line(node) + "\n" }
            stack.append((cluster, indent, true))
            stack.append(contentsOf: (clusterChildren[cluster] ?? []).reversed().map { ($0, indent + "  ", false) })
        }
        for node in nodesIn[nil] ?? [] { out += "  " + line(node) + "\n" }
        for edge in diagram.edges { out += "  " + line(edge) + "\n" }
        if legend { out += legendCluster() }
        out += "}\n"
        return out
    }

    private func line(_ node: Diagram.Node) -> String {
        var attrs = DOTStyle.node(node.kind)
        if node.released {
            attrs.merge(DOTStyle.released) { $1 }
            attrs["style"] = (attrs["style"].map { $0 + "," } ?? "") + "dashed"
        }
        attrs["label"] = HTMLLabel.lines([node.title] + node.details, boldFirst: true)
        attrs["tooltip"] = node.title
        return quoted(node.id) + " " + attributes(attrs)
    }

    private func line(_ edge: Diagram.Edge) -> String {
        var attrs = DOTStyle.edge(edge.kind)
        if !edge.label.isEmpty { attrs["label"] = HTMLLabel.lines(edge.label, boldFirst: false) }
        // Parent edges are written parent -> child with dir=back, so roots rank on top while the
        // arrow still points at the parent.
        let (from, to) = edge.kind == .parent ? (edge.to, edge.from) : (edge.from, edge.to)
        return quoted(from) + " -> " + quoted(to) + " " + attributes(attrs)
    }

    private func legendCluster() -> String {
        var rows = "<tr><td colspan=\"2\"><b>legend</b></td></tr>"
        for (kind, meaning) in DOTStyle.nodeMeanings {
            let style = DOTStyle.node(kind)
            rows += "<tr><td bgcolor=\"\(style["fillcolor"] ?? "#ffffff")\">\(kind.rawValue)</td><td align=\"left\">\(HTMLLabel.escape(meaning))</td></tr>"
        }
        for (kind, meaning) in DOTStyle.edgeMeanings {
            let color = DOTStyle.edge(kind)["color"] ?? "#000000"
            rows += "<tr><td><font color=\"\(color)\">\(kind.rawValue)</font></td><td align=\"left\">\(HTMLLabel.escape(meaning))</td></tr>"
        }
        rows += "<tr><td>greyed, dashed</td><td align=\"left\">released</td></tr>"
        let table = "<table border=\"0\" cellborder=\"1\" cellspacing=\"0\" cellpadding=\"3\">\(rows)</table>"
        return "  subgraph \"cluster_legend\" {\n"
            + "    graph " + attributes(["color": "#cccccc", "label": "", "style": "rounded"]) + "\n"
            + "    \"legend\" " + attributes(["fontsize": "9", "label": table, "shape": "plaintext"]) + "\n"
            + "  }\n"
    }

    /// `[key=value, ...]` sorted by key. `label` is always an HTML-like label whose text the caller
    /// escaped with `HTMLLabel`; every other value is a quoted string.
    private func attributes(_ attributes: [String: String]) -> String {
        "[" + attributes.sorted { $0.key < $1.key }.map { key, value in
            key + "=" + (key == "label" ? "<" + value + ">" : quoted(value))
        }.joined(separator: ", ") + "]"
    }

    /// A DOT double-quoted string: backslashes, quotes and line breaks escaped.
    private func quoted(_ text: String) -> String {
        var out = "\""
        for character in text {
            switch character {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n", "\r\n", "\r": out += "\\n"
            default: out.append(character)
            }
        }
        return out + "\""
    }
}
