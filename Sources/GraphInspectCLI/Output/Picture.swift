import Foundation
import GraphInspectDiagram
import GraphInspectGraphviz

/// How every picture the commands draw is rendered: to fit a documentation page where it can.
enum Picture {
    /// `dot`, a picture of `nodes` nodes, rendered in this process.
    static func render(_ dot: String, nodes: Int, format: GraphvizFormat = .svg, layout: GraphvizLayout = .dot) throws(GraphvizError) -> [UInt8] {
        let rendered = try GraphvizRenderer.renderReporting(dot: dot, format: format, layout: layout, packWidth: GraphvizRenderer.packWidth(forNodes: nodes))
        for warning in rendered.warnings {
            Output.say(say(warning, format: format))
        }
        return rendered.bytes
    }

    /// A Graphviz warning in graphinspect's words, with what to do.
    static func say(_ warning: String, format: GraphvizFormat) -> String {
        if warning.contains("too large for cairo-renderer bitmaps") {
            let factor = warning.components(separatedBy: "Scaling by ").dropFirst().first?.split(separator: " ").first.map(String.init)
            let scaled = factor.map { "Graphviz shrank it to \($0) of its size, so its text cannot be read" } ?? "Graphviz shrank it"
            return "graphinspect: the picture is too large for a \(format.rawValue.uppercased()) bitmap (at most 32,767 px a side): \(scaled). Draw it as SVG (-o graph.svg, any size), or draw less (--depth, --focus, --collapse)."
        }
        return "graphinspect: Graphviz: \(warning)"
    }

    /// `diagram` rendered in this process.
    static func render(_ diagram: Diagram, legend: Bool = true, format: GraphvizFormat = .svg, layout: GraphvizLayout = .dot) throws(GraphvizError) -> [UInt8] {
        try render(DOTWriter().write(diagram, legend: legend, ranked: layout == .dot), nodes: diagram.nodes.count, format: format, layout: layout)
    }
}
