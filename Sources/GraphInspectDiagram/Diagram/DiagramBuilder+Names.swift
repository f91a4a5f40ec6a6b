import GraphInspect

/// How snapshot nodes are named in every diagram: ids, kinds and the names shown.
extension DiagramBuilder {
    public static func nodeID(_ node: GraphNode) -> String {
        nodeID(kind: node.kind, node.id)
    }

    /// `c12` for component #12, `h2` holder, `m3` module, `r8` router, `v7` view component.
    public static func nodeID(kind: NodeKind, _ id: ObjectID) -> String {
        idPrefix(kind) + String(id.rawValue)
    }

    /// The letter a node's id starts with: `c` component, `h` holder, `m` module, `r` router,
    /// `v` view component, `n` a recorded kind. A page that names nodes itself (the live page)
    /// gets these.
    public static func idPrefix(_ kind: NodeKind) -> String {
        switch kind {
        case .component: "c"
        case .holder: "h"
        case .module: "m"
        case .router: "r"
        case .viewComponent: "v"
        default: "n"
        }
    }

    package static func kind(_ kind: NodeKind) -> Diagram.NodeKind {
        switch kind {
        case .component: .component
        case .holder: .holder
        case .module: .module
        case .router, .viewComponent: .router
        default: .custom
        }
    }

    public static func keyed(_ node: GraphNode) -> String {
        node.shortType + (node.key.map { " " + Quoted.string($0) } ?? "")
    }
}
