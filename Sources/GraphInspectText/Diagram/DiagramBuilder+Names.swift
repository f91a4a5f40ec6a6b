import GraphInspect

/// How snapshot nodes are named in every diagram: ids, kinds and the names shown.
extension DiagramBuilder {
    public static func nodeID(_ node: GraphNode) -> String {
        nodeID(kind: node.kind, node.id)
    }

    /// `c12` for component #12, `h2` holder, `m3` module, `r8` router, `v7` view component.
    public static func nodeID(kind: NodeKind, _ id: ObjectID) -> String {
        let letter: String
        switch kind {
        case .component: letter = "c"
        case .holder: letter = "h"
        case .module: letter = "m"
        case .router: letter = "r"
        case .viewComponent: letter = "v"
        default: letter = "n"
        }
        return letter + String(id.rawValue)
    }

    static func kind(_ kind: NodeKind) -> Diagram.NodeKind {
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
