import ArgumentParser
import GraphInspectGraphviz
import GraphInspectText

extension GraphvizLayout: ExpressibleByArgument {}
extension DiagramOptions.Collapse: ExpressibleByArgument {}
extension DiagramOptions.Hide: ExpressibleByArgument {}

/// What a picture shows and how it is laid out (dot, svg, png, pdf, mermaid).
struct DiagramFlags: ParsableArguments {
    @Option(help: "Graphviz layout engine for svg, png and pdf.")
    var layout: GraphvizLayout = .dot

    @Option(help: ArgumentHelp("Levels to draw below the roots, or below --focus.", valueName: "n"))
    var depth: Int?

    @Option(help: ArgumentHelp("Draw only this component, module or holder (type or key) with its ancestors and descendants.", valueName: "name"))
    var focus: String?

    @Option(help: "Draw each nested holder, or each holder's modules, as one node with a count (repeatable).")
    var collapse: [DiagramOptions.Collapse] = []

    @Option(help: "Leave out lookups, cache hits, or released nodes (repeatable).")
    var hide: [DiagramOptions.Hide] = []

    @Option(help: ArgumentHelp("Only the lookups of this dependency: who needs it, who provides it.", valueName: "name"))
    var dependency: String?

    @Flag(help: "Leave the legend out.")
    var noLegend = false

    var options: DiagramOptions {
        DiagramOptions(
            depth: depth, focus: focus, collapse: Set(collapse), hide: Set(hide), dependency: dependency, legend: !noLegend
        )
    }

    var isDefault: Bool { options == DiagramOptions() && layout == .dot }

    func validate(for format: OutputFormat) throws {
        if let depth, depth < 0 { throw ValidationError("--depth must be 0 or more.") }
        if !format.isPicture && !isDefault {
            throw ValidationError("--layout, --depth, --focus, --collapse, --hide, --dependency and --no-legend apply to dot, svg, png, pdf and mermaid, not \(format.rawValue).")
        }
    }
}
