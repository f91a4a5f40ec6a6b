import GraphInspectGraphviz
import GraphInspectText

/// How every picture the commands draw is rendered: to fit a documentation page where it can.
enum Picture {
    /// `dot`, a picture of `nodes` nodes, rendered in this process.
    static func render(_ dot: String, nodes: Int, format: GraphvizFormat = .svg, layout: GraphvizLayout = .dot) throws(GraphvizError) -> [UInt8] {
        try GraphvizRenderer.render(dot: dot, format: format, layout: layout, packWidth: GraphvizRenderer.packWidth(forNodes: nodes))
    }

    /// `diagram` rendered in this process.
    static func render(_ diagram: Diagram, legend: Bool = true, format: GraphvizFormat = .svg, layout: GraphvizLayout = .dot) throws(GraphvizError) -> [UInt8] {
        try render(DOTWriter().write(diagram, legend: legend, ranked: layout == .dot), nodes: diagram.nodes.count, format: format, layout: layout)
    }
}
