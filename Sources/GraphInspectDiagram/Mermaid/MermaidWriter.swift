import GraphInspect

/// Writes a diagram as a Mermaid `flowchart`, for pasting into a GitHub comment: holders as
/// subgraphs, the same nodes and edges as the DOT writer, every label escaped with Mermaid's entity
/// codes so a name can neither end its label nor become HTML or Mermaid syntax.
public struct MermaidWriter: Sendable {
    public init() {}

    /// Lookup edges drawn as edges up to this many (`Diagram.foldingLookups(above:)` beyond):
    /// Mermaid refuses a chart of more than 500 edges by default (`maxEdges`), and the tree's own
    /// edges need their share.
    public static let lookupEdgesUpTo = 200

    /// A subgraph's id shares the nodes' namespace in Mermaid, and a holder's cluster has the
    /// holder node's id, so the subgraph's is prefixed.
    static func subgraphID(_ cluster: Diagram.Cluster) -> String { "cluster_" + cluster.id }

    public func write(_ snapshot: GraphSnapshot, options: DiagramOptions = DiagramOptions()) throws(DiagramError) -> String {
        write(try DiagramBuilder(options: options).build(snapshot).foldingLookups(above: Self.lookupEdgesUpTo))
    }

    public func write(_ diagram: Diagram) -> String {
        var out = "flowchart TB\n"
        diagram.walkClusters(enter: { cluster, level, nodes in
            let indent = String(repeating: "  ", count: level)
            out += indent + "subgraph \(Self.subgraphID(cluster))[\"\(Self.escape(cluster.label))\"]\n"
            for node in nodes { out += indent + "  " + line(node) + "\n" }
        }, exit: { _, level in
            out += String(repeating: "  ", count: level) + "end\n"
        })
        for node in diagram.nodes(inCluster: nil) { out += "  " + line(node) + "\n" }
        for edge in diagram.edges { out += "  " + line(edge) + "\n" }

        for kind in Diagram.NodeKind.allCases where kind != .custom {
            let ids = diagram.nodes.filter { $0.kind == kind }.map(\.id)
            guard !ids.isEmpty else { continue }
            let colors = NodePalette.colors(kind)
            out += "  classDef \(kind.rawValue) fill:\(colors.fill),stroke:\(colors.line)\n"
            out += "  class \(ids.joined(separator: ",")) \(kind.rawValue)\n"
        }
        // Recorded kinds: one class each, named by position (kind names may hold any character).
        for (index, kind) in Set(diagram.nodes.compactMap(\.customKind)).sorted().enumerated() {
            let colors = NodePalette.colors(recordedKind: kind)
            out += "  classDef kind\(index) fill:\(colors.fill),stroke:\(colors.line)\n"
            out += "  class \(diagram.nodes.filter { $0.customKind == kind }.map(\.id).joined(separator: ",")) kind\(index)\n"
        }
        let retained = diagram.nodes.filter(\.retained).map(\.id)
        if !retained.isEmpty {
            out += "  classDef retained stroke:#c5221f,stroke-width:3px,color:#a50e0e\n"
            out += "  class \(retained.joined(separator: ",")) retained\n"
        }
        let released = diagram.nodes.filter(\.released).map(\.id)
        if !released.isEmpty {
            out += "  classDef released stroke-dasharray:4 3,color:#999999\n"
            out += "  class \(released.joined(separator: ",")) released\n"
        }
        // A diff's marks, after the kinds' classes so their outline wins.
        for change in Diagram.Change.allCases {
            let ids = diagram.nodes.filter { $0.change == change }.map(\.id)
            let edges = diagram.edges.indices.filter { diagram.edges[$0].change == change }
            if !ids.isEmpty {
                out += "  classDef \(change.rawValue) stroke:\(NodePalette.color(change)),stroke-width:3px" + (change == .removed ? ",stroke-dasharray:5 3" : "") + "\n"
                out += "  class \(ids.joined(separator: ",")) \(change.rawValue)\n"
            }
            if !edges.isEmpty {
                out += "  linkStyle \(edges.map(String.init).joined(separator: ",")) stroke:\(NodePalette.color(change)),stroke-width:3px\n"
            }
        }
        return out
    }

    private func line(_ node: Diagram.Node) -> String {
        let label = "\"" + ([node.title] + node.details).map(Self.escape).joined(separator: "<br/>") + "\""
        switch node.kind {
        case .component: return node.id + "(" + label + ")"
        case .holder: return node.id + "[[" + label + "]]"
        case .module: return node.id + "[" + label + "]"
        case .router: return node.id + "([" + label + "])"
        case .missing: return node.id + "{{" + label + "}}"
        case .collapsed: return node.id + "[(" + label + ")]"
        case .builder: return node.id + ">" + label + "]"
        case .context: return node.id + "[/" + label + "/]"
        case .viewComponent: return node.id + "[\\" + label + "\\]"
        case .custom: return node.id + "[" + label + "]"
        }
    }

    private func line(_ edge: Diagram.Edge) -> String {
        let label = edge.label.isEmpty ? "" : "|\"" + edge.label.map(Self.escape).joined(separator: "<br/>") + "\"|"
        switch edge.kind {
        case .parent: return "\(edge.from) -->\(label) \(edge.to)"
        case .component: return "\(edge.from) -.-\(label) \(edge.to)"
        case .router, .holds: return "\(edge.from) -->\(label) \(edge.to)"
        case .lookup, .moduleLookup: return "\(edge.from) -.->\(label) \(edge.to)"
        case .failed: return "\(edge.from) --x\(label) \(edge.to)"
        case .step, .climb: return "\(edge.from) -->\(label) \(edge.to)"
        case .cacheHit: return "\(edge.from) -.->\(label) \(edge.to)"
        case .owner: return "\(edge.to) ---\(label) \(edge.from)"
        case .custom: return "\(edge.from) ==>\(label) \(edge.to)"
        }
    }

    /// A label line in Mermaid's entity codes (`LabelEscaping.mermaid`).
    static func escape(_ text: String) -> String {
        LabelEscaping.mermaid.line(text)
    }
}
