/// How each kind of node and edge looks, shared by the DOT writer and its legend.
enum DOTStyle {
    static func node(_ kind: Diagram.NodeKind) -> [String: String] {
        let colors = NodePalette.colors(kind)
        var attributes = ["shape": shape(kind), "style": "filled", "fillcolor": colors.fill, "color": colors.line]
        switch kind {
        case .component: attributes["style"] = "rounded,filled"
        case .missing: attributes["style"] = "filled,bold"; attributes["fontcolor"] = colors.line
        default: break
        }
        return attributes
    }

    /// Graphviz's name for a kind's shape.
    private static func shape(_ kind: Diagram.NodeKind) -> String {
        switch kind {
        case .component, .module, .custom: "box"
        case .holder: "tab"
        case .router: "ellipse"
        case .missing: "octagon"
        case .collapsed: "box3d"
        case .builder: "cds"
        case .context: "note"
        case .viewComponent: "component"
        }
    }

    /// A node's look: its kind's, or for a recorded kind, that kind's own.
    static func node(_ node: Diagram.Node) -> [String: String] {
        node.kind == .custom ? RecordedKindStyle.node(node.customKind ?? "") : self.node(node.kind)
    }

    /// An edge's look: its kind's, or for a recorded link, that link kind's own.
    static func edge(_ edge: Diagram.Edge) -> [String: String] {
        edge.kind == .custom ? RecordedKindStyle.edge(edge.customKind ?? "") : self.edge(edge.kind)
    }

    static func edge(_ kind: Diagram.EdgeKind) -> [String: String] {
        switch kind {
        case .parent: ["color": "#4a6fa5", "dir": "back"]
        case .component: ["color": "#888888", "style": "dotted", "arrowhead": "none", "constraint": "false"]
        case .router: ["color": "#7b4aa5"]
        case .holds: ["color": "#b07d2b", "arrowhead": "none"]
        case .lookup: ["color": "#1a73e8", "style": "dashed", "constraint": "false", "fontcolor": "#1a73e8"]
        case .failed: ["color": "#c0392b", "style": "bold", "fontcolor": "#c0392b"]
        case .moduleLookup: ["color": "#d9822b", "style": "dashed", "constraint": "false", "fontcolor": "#d9822b"]
        case .step: ["color": "#555555", "fontcolor": "#333333"]
        case .climb: ["color": "#1a73e8", "style": "dashed", "fontcolor": "#1a73e8"]
        case .cacheHit: ["color": "#2e8b57", "style": "dotted", "constraint": "false", "fontcolor": "#2e8b57"]
        case .owner: ["color": "#9e9e9e", "arrowhead": "odiamond", "dir": "back"]
        case .custom: ["color": "#444444"]
        }
    }

    /// Added, removed and changed nodes and edges in a diff.
    static func change(_ change: Diagram.Change) -> [String: String] {
        ["penwidth": "3", "color": NodePalette.color(change), "fontcolor": NodePalette.color(change)]
    }

    /// The newest step of a replay.
    static let highlight: [String: String] = ["penwidth": "3", "color": "#e8710a", "fontcolor": "#e8710a"]

    /// A thick red outline for a module retained after detach (a leak).
    static let retained: [String: String] = ["color": "#c5221f", "penwidth": "3", "fontcolor": "#a50e0e"]

    /// Greyed, dashed outline for released nodes.
    static let released: [String: String] = ["color": "#aaaaaa", "fontcolor": "#999999"]

    /// A node's `attributes` as drawn released: its own shape and fill, greyed and dashed.
    static func released(_ attributes: [String: String]) -> [String: String] {
        var attributes = attributes.merging(released) { $1 }
        attributes["style"] = (attributes["style"].map { $0 + "," } ?? "") + "dashed"
        return attributes
    }

    /// What the legend says of each kind, in drawing order.
    static let nodeMeanings: [(Diagram.NodeKind, String)] = [
        (.component, "component: provides and looks up dependencies"),
        (.holder, "module holder: holds modules"),
        (.module, "module"),
        (.router, "router"),
        (.missing, "missing: what a failed lookup asked for"),
        (.collapsed, "collapsed: several nodes drawn as one"),
    ]

    /// The node kinds a legend lists for a diagram: those it uses (recorded kinds are listed by name
    /// separately).
    static func nodeMeanings(for diagram: Diagram) -> [(Diagram.NodeKind, String)] {
        let used = Set(diagram.nodes.map(\.kind))
        let all = nodeMeanings + [
            (.builder, "builder: one run of a ModuleBuilder"),
            (.context, "context: the ModuleHolderContext a builder got"),
            (.viewComponent, "view component: what a router is given"),
        ]
        return all.filter { used.contains($0.0) && $0.0 != .custom }
    }

    /// The edge kinds a legend lists for a diagram: those it uses.
    static func edgeMeanings(for diagram: Diagram) -> [(Diagram.EdgeKind, String)] {
        let used = Set(diagram.edges.map(\.kind))
        let all = edgeMeanings + [
            (.step, "a step of the build, numbered in event order"),
            (.climb, "a lookup climbing one parent, numbered"),
            (.cacheHit, "a lookup answered by the cache"),
        ]
        return all.filter { used.contains($0.0) && $0.0 != .custom }
    }

    static let edgeMeanings: [(Diagram.EdgeKind, String)] = [
        (.parent, "parent: component to its parent"),
        (.holds, "holds: holder to a module or holder it holds"),
        (.component, "built with: module to its component"),
        (.router, "router: module to its router"),
        (.lookup, "lookup: requester to provider (names, hops, cache hits)"),
        (.failed, "failed lookup"),
        (.moduleLookup, "module or router lookup up the holder tree"),
        (.owner, "owned by: a recorded node to its owner"),
    ]
}
