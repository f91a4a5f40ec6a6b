import ArgumentParser
import Foundation
import GraphInspect
import GraphInspectDiagram
import GraphInspectGraphviz
import GraphInspectPages
import GraphInspectReview
import GraphInspectText

/// The formats a snapshot can be written in.
public enum OutputFormat: String, WritableFormat {
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
    /// A self-contained page to explore the graph in a browser: the pictures drawn in this
    /// process, pan and zoom, search, a panel per node, the failed lookups (`ExplorerPage`).
    case html
    /// The graph's shape as sorted, stable text to keep in git and `diff` against (`BaselineWriter`).
    case baseline

    /// Whether the format is bytes a terminal cannot show.
    var isBinary: Bool { self == .png || self == .pdf }

    /// The name of the format a file name's extension names, if any: one of these formats, or
    /// one only other commands write (`markdown` for diff, `sarif` for check).
    static func impliedName(by path: String?) -> String? {
        guard let path, path != "-" else { return nil }
        switch URL(fileURLWithPath: path).pathExtension.lowercased() {
        case "txt", "text": return "text"
        case "json": return "json"
        case "dot", "gv": return "dot"
        case "svg": return "svg"
        case "png": return "png"
        case "pdf": return "pdf"
        case "mmd", "mermaid": return "mermaid"
        case "html", "htm": return "html"
        case "md", "markdown": return "markdown"
        case "sarif": return "sarif"
        case "baseline": return "baseline"
        default: return nil
        }
    }

    /// The Graphviz renderer's format, for the formats Graphviz draws.
    var graphvizFormat: GraphvizFormat? { GraphvizFormat(rawValue: rawValue) }

    /// Whether the diagram filters (`--focus`, `--depth`, ...) apply.
    var isPicture: Bool { ![.text, .json, .baseline].contains(self) }

    /// The explorer page: every view the graph has, drawn here with the same filters.
    private static func explorer(_ snapshot: GraphSnapshot, diagram: DiagramOptions, layout: GraphvizLayout) throws -> String {
        // `diagram.leakGrace` is the grace `write` was given (`--leak-grace`).
        let views = try ExplorerData.views(of: snapshot, options: diagram, ranked: layout == .dot) { dot, built in
            String(decoding: try Picture.render(dot, nodes: built.nodes.count, format: .svg, layout: layout), as: UTF8.self)
        }
        let title = "graphinspect: \(snapshot.nodes.count) nodes, \(snapshot.eventCount) events"
        return ExplorerPage().html(ExplorerData(snapshot: snapshot, views: views, title: title, leakGrace: diagram.leakGrace), title: title)
    }

    /// `snapshot` written in this format.
    func write(
        _ snapshot: GraphSnapshot, diagram: DiagramOptions = DiagramOptions(), layout: GraphvizLayout = .dot,
        leakGrace: UInt64 = RetainedAfterDetach.defaultGrace
    ) throws(CLIError) -> [UInt8] {
        var diagram = diagram
        diagram.leakGrace = leakGrace
        do {
            switch self {
            case .text:
                return Array(TreeTextWriter(leakGrace: leakGrace).write(snapshot).utf8)
            case .json:
                return Array(try SnapshotJSONWriter(leakGrace: leakGrace).write(snapshot).utf8)
            case .baseline:
                do {
                    return Array(try BaselineWriter(leakGrace: leakGrace).write(snapshot).utf8)
                } catch {
                    throw CLIError.cannotWriteBaseline(error)
                }
            case .html:
                return Array(try Self.explorer(snapshot, diagram: diagram, layout: layout).utf8)
            case .dot, .mermaid, .svg, .png, .pdf:
                let drawn = graphvizFormat
                let built = try DiagramBuilder(options: diagram).build(snapshot)
                    .foldingLookups(above: self == .mermaid ? MermaidWriter.lookupEdgesUpTo : DOTWriter.lookupEdgesUpTo)
                if let summary = built.summary { Output.say("graphinspect: \(summary)") }
                if self == .mermaid { return Array(MermaidWriter().write(built).utf8) }
                let ranked = layout == .dot || self == .dot
                if !ranked && diagram.legend {
                    Output.say("graphinspect: the legend is drawn with --layout dot only (\(layout.rawValue) does not keep it together)")
                }
                let dot = DOTWriter().write(built, legend: diagram.legend, ranked: ranked)
                guard let drawn else { return Array(dot.utf8) }
                let progress = RenderProgress(nodes: built.nodes.count, edges: built.edges.count, layout: layout)
                defer { progress.finish() }
                return try Picture.render(dot, nodes: built.nodes.count, format: drawn, layout: layout)
            }
        } catch let error as CLIError {
            throw error
        } catch let error as DiagramError {
            throw .badFilter(error)
        } catch let error as GraphvizError {
            throw .graphviz(error)
        } catch {
            throw .cannotEncode("\(error)")
        }
    }
}

