import GraphInspect
import GraphInspectDiagram

/// A replay drawn as one picture that steps reveal: the whole diagram (every step's nodes and
/// edges, laid out once, so nothing moves between steps) and, for the page, the step that first
/// shows each node, edge and holder cluster, each step's words, and each node's name and details.
public struct ReplayPlayer: Sendable {
    /// Every step's nodes and edges, none highlighted.
    public var diagram: Diagram
    /// Node id to the 1-based step that adds it.
    public var nodeStep: [String: Int] = [:]
    /// Cluster id to the first step that adds a node inside it (or inside a cluster within it).
    public var clusterStep: [String: Int] = [:]
    /// The 1-based step that adds each of `diagram.edges`, by index.
    public var edgeStep: [Int] = []
    public var words: [String]
    /// Node id to its name and number, the heading of its details.
    public var labels: [String: String] = [:]
    public var details: [String: [String]]
    /// Node id to the step that shows each line of its drawn label (title, details, then the lines
    /// edges put on it: a lookup the node answers itself, `11. network: NetworkClient, self`), for
    /// the nodes with a line a later step adds. A step shows no line of a step still to come.
    public var lineSteps: [String: [Int]] = [:]

    /// The `id` each edge gets in the picture: `s12-40` (step 12), which the page reads.
    public var edgeID: @Sendable (Int, Diagram.Edge) -> String {
        let steps = edgeStep
        return { index, _ in "s\(steps[index])-\(index)" }
    }

    public init(_ replay: Replay) {
        var whole = replay.frame(replay.steps.count)
        for index in whole.nodes.indices { whole.nodes[index].highlighted = false }
        for index in whole.edges.indices { whole.edges[index].highlighted = false }
        diagram = whole
        words = replay.steps.map(\.words)
        details = replay.details
        let parents = Dictionary(replay.clusters.map { ($0.id, $0.parent) }) { first, _ in first }
        for (offset, step) in replay.steps.enumerated() {
            let number = offset + 1
            for node in step.nodes {
                if nodeStep[node.id] == nil { nodeStep[node.id] = number }
                labels[node.id] = ([node.title] + [node.details.last { $0.hasPrefix("#") } ?? node.details.first].compactMap { $0 }).joined(separator: " ")
                var cluster = node.cluster
                var seen: Set<String> = []
                while let id = cluster, seen.insert(id).inserted {
                    if clusterStep[id] == nil { clusterStep[id] = number }
                    cluster = parents[id] ?? nil
                }
            }
            edgeStep += Array(repeating: number, count: step.edges.count)
        }
        let drawn = Dictionary(diagram.nodes.map { ($0.id, $0) }) { first, _ in first }
        for (id, edges) in DOTWriter.edgeLines(diagram) {
            guard let node = drawn[id], let shown = nodeStep[id] else { continue }
            let steps = Array(repeating: shown, count: 1 + node.details.count) + edges.map { edgeStep[$0] }
            if steps.contains(where: { $0 > shown }) { lineSteps[id] = steps }
        }
    }
}
