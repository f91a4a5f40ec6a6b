import GraphInspectGraphviz
import GraphInspectText

/// How every picture the commands draw is rendered: to fit a documentation page where it can.
enum Picture {
    /// A documentation page, 1,200 px, in inches (Graphviz's unit; 96 px an inch, 72 points).
    static let pageWidth = 12.5
    /// Up to this many nodes dot packs a picture towards the page's width (`ratio=compress`:
    /// moving nodes, never shrinking text); beyond, packing costs more time than it gains.
    static let packUpToNodes = 200

    /// `dot`, a picture of `nodes` nodes, rendered in this process.
    static func render(_ dot: String, nodes: Int, format: GraphvizFormat = .svg, layout: GraphvizLayout = .dot) throws(GraphvizError) -> [UInt8] {
        try GraphvizRenderer.render(dot: dot, format: format, layout: layout, packWidth: nodes <= packUpToNodes ? pageWidth : nil)
    }

    /// `diagram` rendered in this process.
    static func render(_ diagram: Diagram, legend: Bool = true, format: GraphvizFormat = .svg, layout: GraphvizLayout = .dot) throws(GraphvizError) -> [UInt8] {
        try render(DOTWriter().write(diagram, legend: legend, ranked: layout == .dot), nodes: diagram.nodes.count, format: format, layout: layout)
    }
}
