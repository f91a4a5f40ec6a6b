import Foundation
import GraphInspectGraphviz

/// Says on standard error, when it is a terminal, that a big layout is under way and how long it
/// took: Graphviz reports no progress of its own, and a 5,000-node layout takes seconds.
struct RenderProgress {
    static let threshold = 500
    private let start = Date()
    private let shown: Bool

    init(nodes: Int, edges: Int, layout: GraphvizLayout) {
        shown = nodes >= Self.threshold && isatty(2) == 1
        if shown {
            Output.say("graphinspect: laying out \(nodes) nodes and \(edges) edges with \(layout.rawValue)…")
        }
    }

    func finish() {
        guard shown else { return }
        let seconds = String(format: "%.1f", Date().timeIntervalSince(start))
        Output.say("graphinspect: rendered in \(seconds) s")
    }
}
