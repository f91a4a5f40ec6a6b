import GraphInspect
import GraphInspectDiagram
import GraphInspectReview
import GraphInspectText

/// What an expectation compares: a graph turned into text. The same expectation
/// (`expectGraph(_:matchesGolden:as:)`, `expectGraph(_:as:equals:)`) works on the tree, the DOT,
/// the JSON, the Mermaid, the baseline or a projection of the user's own, made with `init(_:_:)` or by
/// narrowing a built-in one with `map` and `lines(where:)`.
///
///     expectGraph(graph, matchesGolden: "Goldens/app.dot", as: .dot)
///     expectGraph(graph, as: .text.lines { $0.contains("resolves") }, equals: "...")
///     let edges = GraphProjection("edges") { graph in graph.lookups().map { ... }.joined(separator: "\n") }
public struct GraphProjection: Sendable {
    /// Names the projection in failure messages.
    public let name: String
    private let project: @Sendable (GraphSnapshot) throws -> String
    /// The graph back from this projection's text, for projections that keep a whole graph
    /// (`baseline`): a failing golden then attaches pictures of the expected graph too.
    let graph: (@Sendable (String) throws -> GraphSnapshot)?

    /// A projection named `name` (for failure messages) that turns a snapshot into text.
    public init(_ name: String, _ project: @escaping @Sendable (GraphSnapshot) throws -> String) {
        self.init(name, project, graph: nil)
    }

    private init(_ name: String, _ project: @escaping @Sendable (GraphSnapshot) throws -> String, graph: (@Sendable (String) throws -> GraphSnapshot)?) {
        self.name = name
        self.project = project
        self.graph = graph
    }

    /// The text this projection makes of `snapshot`.
    public func render(_ snapshot: GraphSnapshot) throws -> String {
        try project(snapshot)
    }

    /// This projection's text, transformed.
    public func map(_ name: String? = nil, _ transform: @escaping @Sendable (String) -> String) -> GraphProjection {
        let project = self.project
        return GraphProjection(name ?? "\(self.name), transformed") { transform(try project($0)) }
    }

    /// This projection's lines that `keep` accepts, in order.
    public func lines(where keep: @escaping @Sendable (Substring) -> Bool) -> GraphProjection {
        map("\(name), selected lines") { text in
            text.split(separator: "\n", omittingEmptySubsequences: false).filter(keep).joined(separator: "\n")
        }
    }

    /// `graphinspect dump`'s tree without counts: the graph's shape (who provides, who resolves
    /// what from where, what holds what, what was released), so one more cache hit or event does
    /// not break an expectation.
    public static let text = GraphProjection("text tree") { TreeTextWriter(counts: false).write($0) }
    /// The tree with its counts (events, lookups, cache hits), for tests that pin them.
    public static let textWithCounts = GraphProjection("text tree with counts") { TreeTextWriter().write($0) }
    /// `graphinspect dump --format dot`.
    public static let dot = GraphProjection("DOT") { try DOTWriter().write($0) }
    /// `graphinspect dump --format mermaid`.
    public static let mermaid = GraphProjection("Mermaid") { try MermaidWriter().write($0) }
    /// `graphinspect dump --format baseline`: the shape as sorted lines named by path, so a change
    /// shows as the lines of what changed. A failing golden of it attaches pictures of both graphs.
    public static let baseline = GraphProjection("baseline", { try BaselineWriter().write($0) }, graph: {
        try BaselineReader().read($0, path: "the golden")
    })
    /// `graphinspect dump --format json`: every recorded field, counts included.
    public static let json = GraphProjection("JSON") { try SnapshotJSONWriter().write($0) }
}
