import ArgumentParser
import GraphInspectDiagram
import GraphInspectGraphviz

extension GraphvizLayout: ExpressibleByArgument {}
extension DiagramOptions.Collapse: ExpressibleByArgument {}
extension DiagramOptions.Hide: ExpressibleByArgument {}
extension DiagramOptions.View: ExpressibleByArgument {}

/// What a picture shows and how it is laid out (dot, svg, png, pdf, mermaid).
struct DiagramFlags: ParsableArguments {
    @Option(help: ArgumentHelp(
        "Which tree to draw: dependencies (components and lookups), modules (holders, modules, routers), all (both), or auto.",
        discussion: "auto draws the dependency graph when the app made components, else the module tree, else all it recorded."
    ))
    var view: DiagramOptions.View = .auto

    @Option(help: "Graphviz layout engine for svg, png and pdf.")
    var layout: GraphvizLayout = .dot

    // `.unconditional`: `--depth -1` reaches validation and is refused in words, not taken for a flag.
    @Option(parsing: .unconditional, help: ArgumentHelp("Levels to draw below the roots, or below --focus.", valueName: "n"))
    var depth: Int?

    @Option(help: ArgumentHelp("Draw only this component, module or holder (type or key) with its ancestors and descendants.", valueName: "name"))
    var focus: String?

    @Option(help: "Draw each nested holder, or each holder's modules, as one node with a count (repeatable).")
    var collapse: [DiagramOptions.Collapse] = []

    @Option(help: "Leave out lookups, cache hits, or released nodes (repeatable).")
    var hide: [DiagramOptions.Hide] = []

    @Option(help: ArgumentHelp("Only the lookups of this dependency: who needs it, who provides it.", valueName: "name"))
    var dependency: String?

    @Flag(help: ArgumentHelp("Draw every node, however many (by default a picture of more than \(DiagramFlags.summaryLimit) nodes draws the top levels that fit and says so)."))
    var full = false

    /// Nodes above which a picture without filters is summarised.
    static let summaryLimit = 150

    @Flag(help: "Leave the legend out.")
    var noLegend = false

    var options: DiagramOptions {
        DiagramOptions(
            depth: depth, focus: focus, collapse: Set(collapse), hide: Set(hide), dependency: dependency, legend: !noLegend,
            view: view, summarizeAbove: full ? nil : Self.summaryLimit
        )
    }

    var isDefault: Bool { options == DiagramOptions(summarizeAbove: Self.summaryLimit) && layout == .dot }

    func validate(for format: OutputFormat) throws {
        if let depth, depth < 0 { throw ValidationError("--depth \(depth): give 0 (the roots only) or more.") }
        if !format.isPicture && !isDefault {
            throw ValidationError("--view, --layout, --depth, --focus, --collapse, --hide, --dependency, --full and --no-legend apply to dot, svg, png, pdf and mermaid, not \(format.rawValue).")
        }
    }
}
