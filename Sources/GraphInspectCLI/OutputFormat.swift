import ArgumentParser
import Foundation
import GraphInspect
import GraphInspectGraphviz
import GraphInspectText

/// The formats a snapshot can be written in.
public enum OutputFormat: String, CaseIterable, ExpressibleByArgument, Sendable {
    /// Indented text: holders, components, what each resolved, what was released.
    case text
    /// The snapshot itself (nodes and events), pretty-printed with sorted keys.
    case json
    /// Graphviz DOT.
    case dot
    /// Rendered by Graphviz's C library in this process.
    case svg, png, pdf
    /// A Mermaid flowchart.
    case mermaid

    /// Whether the diagram filters (`--focus`, `--depth`, ...) apply.
    var isPicture: Bool { ![.text, .json].contains(self) }

    /// `snapshot` written in this format.
    func write(_ snapshot: GraphSnapshot, diagram: DiagramOptions = DiagramOptions(), layout: GraphvizLayout = .dot) throws(CLIError) -> [UInt8] {
        do {
            switch self {
            case .text:
                return Array(TreeTextWriter().write(snapshot).utf8)
            case .json:
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                return Array(try encoder.encode(snapshot)) + Array("\n".utf8)
            case .dot, .mermaid, .svg, .png, .pdf:
                let built = try DiagramBuilder(options: diagram).build(snapshot)
                if let summary = built.summary { FileHandle.standardError.write(Data("graphinspect: \(summary)\n".utf8)) }
                if self == .mermaid { return Array(MermaidWriter().write(built).utf8) }
                let ranked = layout == .dot || self == .dot
                if !ranked && diagram.legend {
                    FileHandle.standardError.write(Data("graphinspect: the legend is drawn with --layout dot only (\(layout.rawValue) does not keep it together)\n".utf8))
                }
                let dot = DOTWriter().write(built, legend: diagram.legend, ranked: ranked)
                if self == .dot { return Array(dot.utf8) }
                let progress = RenderProgress(nodes: built.nodes.count, edges: built.edges.count, layout: layout)
                defer { progress.finish() }
                return try Picture.render(dot, nodes: built.nodes.count, format: GraphvizFormat(rawValue: rawValue)!, layout: layout)
            }
        } catch let error as DiagramError {
            throw .badFilter(error)
        } catch let error as GraphvizError {
            throw .graphviz(error)
        } catch {
            throw .cannotEncode("\(error)")
        }
    }
}

