import GraphInspect
import GraphInspectDiagram

/// A recorded run retold step by step: each step is one event that adds nodes or edges to the
/// picture, described in words. Frame N is everything steps 1...N added, with step N highlighted.
public struct Replay: Sendable, Equatable {
    /// Which of the article's diagrams.
    public enum Kind: String, Sendable, CaseIterable {
        /// A holder builds each module through its builder: component, module, view component, router.
        case basicFlow = "basic-flow"
        /// Lookups climb the component graph from requester to provider.
        case dependencyFlow = "dependency-flow"

        public var title: String {
            switch self {
            case .basicFlow: "basic flow"
            case .dependencyFlow: "dependency flow"
            }
        }
    }

    public struct Step: Sendable, Equatable {
        /// The index in the snapshot's events of the event this step draws.
        public var event: Int
        /// What happened, in words.
        public var words: String
        public var nodes: [Diagram.Node]
        public var edges: [Diagram.Edge]
    }

    public var kind: Kind
    public var steps: [Step]
    /// Holder clusters, for the steps' nodes to sit in.
    public var clusters: [Diagram.Cluster]
    /// What each node is, for the HTML page's details panel: node id to lines of "field: value".
    public var details: [String: [String]]

    public static func build(_ kind: Kind, from snapshot: GraphSnapshot) -> Replay {
        switch kind {
        case .basicFlow: BasicFlowBuilder(snapshot).replay
        case .dependencyFlow: DependencyFlowBuilder(snapshot).replay
        }
    }

    /// The picture after the first `count` steps, the last of them highlighted.
    public func frame(_ count: Int) -> Diagram {
        let shown = steps.prefix(max(0, min(count, steps.count)))
        var nodes: [Diagram.Node] = []
        var edges: [Diagram.Edge] = []
        for (index, step) in shown.enumerated() {
            let newest = index == shown.count - 1
            nodes += step.nodes.map { var node = $0; node.highlighted = newest; return node }
            edges += step.edges.map { var edge = $0; edge.highlighted = newest; return edge }
        }
        let used = Set(nodes.compactMap(\.cluster))
        var keep = Set<String>()
        let parents = Dictionary(uniqueKeysWithValues: clusters.map { ($0.id, $0.parent) })
        for id in used {
            var current: String? = id
            while let next = current, keep.insert(next).inserted { current = parents[next] ?? nil }
        }
        var diagram = Diagram(nodes: nodes, clusters: clusters.filter { keep.contains($0.id) }, edges: edges)
        diagram.isReplay = true
        diagram.leftToRight = kind == .basicFlow
        return diagram
    }
}

/// Shared by the replay builders: node naming and labels, as in the other pictures.
enum ReplayNames {
    static func node(_ node: GraphNode, kind: Diagram.NodeKind? = nil, cluster: String? = nil) -> Diagram.Node {
        var details: [String] = []
        if let key = node.key { details.append(Quoted.string(key)) }
        details.append("\(node.id)")
        return Diagram.Node(
            id: DiagramBuilder.nodeID(node), kind: kind ?? (node.kind == .viewComponent ? .viewComponent : DiagramBuilder.kind(node.kind)),
            title: node.shortType, details: details, released: false, cluster: cluster
        )
    }

    /// `HomeComponent #5`, `RootHolder "root" #2`.
    static func label(_ node: GraphNode?) -> String {
        guard let node else { return "?" }
        return DiagramBuilder.keyed(node) + " \(node.id)"
    }

    /// Lines for the details panel; `lookups` are `node`'s own (`ReplayIndex.lookups(by:)`).
    static func details(_ node: GraphNode, in snapshot: GraphSnapshot, lookups: [DependencyLookup]) -> [String] {
        var lines = ["kind: \(node.kind.rawValue)", "type: \(node.type)"]
        if let key = node.key { lines.append("key: \(Quoted.string(key))") }
        if let parent = node.parent.flatMap(snapshot.node) { lines.append("parent: \(label(parent))") }
        if let component = node.component.flatMap(snapshot.node) { lines.append("component: \(label(component))") }
        for provider in node.providers ?? [] {
            lines.append("provides: \(Quoted.name(provider.name)): \(ShortTypeName.of(provider.type))")
        }
        for resolved in ResolvedDependency.summarize(lookups) {
            let from = resolved.provider.map { label(snapshot.node($0)) } ?? "MISSING"
            lines.append("looked up: \(Quoted.name(resolved.name)): \(ShortTypeName.of(resolved.type)) <- \(from)")
        }
        if node.released { lines.append("released") }
        return lines
    }
}

/// What the replay builders look up per node, indexed once per build so a replay is linear in
/// the events: a node by its diagram id, a component's lookups by requester.
struct ReplayIndex {
    private let nodesByDiagramID: [String: GraphNode]
    private let lookupsByRequester: [ObjectID: [DependencyLookup]]

    init(_ snapshot: GraphSnapshot) {
        nodesByDiagramID = Dictionary(snapshot.nodes.map { (DiagramBuilder.nodeID($0), $0) }) { first, _ in first }
        lookupsByRequester = Dictionary(grouping: snapshot.lookups, by: \.requester)
    }

    func node(diagramID: String) -> GraphNode? { nodesByDiagramID[diagramID] }

    func lookups(by requester: ObjectID) -> [DependencyLookup] { lookupsByRequester[requester] ?? [] }
}
