import GraphInspect
import GraphInspectCheckContract

/// A question the graph cannot answer as asked, worded in one place: what was asked, why it
/// does not fit this graph, and what to ask instead. The CLI exits 64 with it.
public enum QueryError: Error, Equatable, CustomStringConvertible, Sendable {
    /// A type that names no node of the kind asked for.
    case noSuchType(String, kind: String, suggestions: [String], origin: QueryGraph.Origin)
    /// A component type the sources declare but never place in a tree.
    case unplaced(String, declaredAt: SourcePosition)
    /// A short type name that two modules declare.
    case ambiguousType(String, candidates: [String])
    /// A name that no component of the graph provides.
    case noSuchProvider(name: String, component: String, provided: [String], suggestions: [String])
    /// A name nothing in the graph provides or asks for.
    case noSuchName(String, suggestions: [String])
    /// `COMPONENT.NAME` written without its dot.
    case notQualified(String)
    /// The sources could not be read again with the edit made.
    case cannotReread(String)
    /// `--to` already declares the name.
    case alreadyProvided(name: String, to: String, at: QueryPlace?)
    /// A move of a needle property whose getter makes a child: the tree itself would change.
    case movesTheTree(provider: String, to: String)

    public var description: String {
        switch self {
        case .noSuchType(let typed, let kind, let suggestions, let origin):
            let within = origin == .sources ? "the sources read" : "the run"
            return "no \(kind) named \(Quoted.visible(typed)) in \(within)." + Self.didYouMean(suggestions)
                + " Types are written as Swift writes them: HomeComponent, or App.HomeComponent where two modules share the name."
        case .unplaced(let type, let position):
            return "\(type) is declared at \(position), but no \(type) the sources make is placed in a tree (no parent `check` can follow), so the sources cannot answer for it."
                + " `graphinspect check` notes where one is made and why; `--trace FILE` asks a recorded run instead."
        case .ambiguousType(let typed, let candidates):
            return "\(Quoted.visible(typed)) names \(candidates.count) types: \(candidates.joined(separator: ", ")). Write it with its module, e.g. \(candidates[0])."
        case .noSuchProvider(let name, let component, let provided, let suggestions):
            let list = provided.isEmpty ? "it declares no providers" : "it provides " + provided.map { "`\(Quoted.name($0))`" }.joined(separator: ", ")
            return "\(component) does not provide `\(Quoted.name(name))`: \(list)." + Self.didYouMean(suggestions.map { "\(component).\($0)" })
                + " To see which provider answers a name for a component, ask `query provider \(Quoted.name(name)) --from COMPONENT`."
        case .noSuchName(let name, let suggestions):
            return "nothing in the graph provides or asks for `\(Quoted.name(name))`." + Self.didYouMean(suggestions.map { "`\($0)`" })
        case .notQualified(let typed):
            return "\(Quoted.visible(typed)) names no provider: write COMPONENT.NAME, e.g. AppComponent.analytics."
        case .cannotReread(let reason):
            return reason.replacingOccurrences(of: "error: ", with: "")
        case .alreadyProvided(let name, let to, let at):
            return "\(to) already provides `\(Quoted.name(name))`\(at.map { " (\($0))" } ?? ""): moving another there would declare it twice. Ask `query impact --remove` for either instead."
        case .movesTheTree(let provider, let to):
            return "\(Quoted.visible(provider)) makes a child component: moving it to \(Quoted.visible(to)) would change the tree itself, which impact does not redraw for a move."
                + " Move it in the sources and run `graphinspect check`; `query impact --remove \(Quoted.visible(provider))` answers what removing it does."
        }
    }

    static func didYouMean(_ suggestions: [String]) -> String {
        guard !suggestions.isEmpty else { return "" }
        return " Did you mean " + suggestions.prefix(5).joined(separator: ", ") + "?"
    }
}
