import GraphInspect

/// The colours a kind of node has in every picture, whoever draws it (the DOT and the Mermaid
/// writers): a fill and an outline. Shapes are each writer's own, as Graphviz and Mermaid name
/// different ones.
public struct NodeColors: Sendable, Equatable {
    public var fill: String
    public var line: String
}

enum NodePalette {
    static func colors(_ kind: Diagram.NodeKind) -> NodeColors {
        switch kind {
        case .component: NodeColors(fill: "#e8f0fe", line: "#4a6fa5")
        case .holder: NodeColors(fill: "#fff1d6", line: "#b07d2b")
        case .module: NodeColors(fill: "#e6f4e6", line: "#4a8a4a")
        case .router: NodeColors(fill: "#f1e6fb", line: "#7b4aa5")
        case .missing: NodeColors(fill: "#fde2e2", line: "#c0392b")
        case .collapsed: NodeColors(fill: "#eeeeee", line: "#666666")
        case .builder: NodeColors(fill: "#fdeee0", line: "#c0652b")
        case .context: NodeColors(fill: "#f7f7f7", line: "#888888")
        case .viewComponent: NodeColors(fill: "#f6eefc", line: "#9b6ac5")
        case .custom: NodeColors(fill: "#ffffff", line: "#444444")
        }
    }

    /// The outline of what a diff marks: added green, removed red, changed orange.
    static func color(_ change: Diagram.Change) -> String {
        switch change {
        case .added: "#2e7d32"
        case .removed: "#c62828"
        case .changed: "#ef6c00"
        }
    }

    /// A recorded kind's colours (`RecordedKindStyle`).
    static func colors(recordedKind kind: String) -> NodeColors {
        RecordedKindStyle.look(kind).colors
    }
}

extension Diagram.Node {
    /// The colours this node is drawn in, for a picture drawn outside Graphviz and Mermaid (the
    /// explorer's outline): its kind's, or its recorded kind's.
    public var colors: NodeColors {
        customKind.map(NodePalette.colors(recordedKind:)) ?? NodePalette.colors(kind)
    }
}

extension NodeColors {
    /// The colours a recorded node of `kind` is drawn in (a runtime kind's, or a recorded kind's
    /// own), for a page that draws nodes as they arrive (the live page).
    public static func of(_ kind: NodeKind) -> NodeColors {
        kind.isRuntimeKind ? NodePalette.colors(DiagramBuilder.kind(kind)) : NodePalette.colors(recordedKind: kind.rawValue)
    }
}
