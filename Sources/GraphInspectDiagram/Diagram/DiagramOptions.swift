import GraphInspect

/// How much of a graph to draw. Every filter applies to every picture format.
public struct DiagramOptions: Sendable, Equatable {
    /// What `--collapse` draws as one node.
    public enum Collapse: String, Sendable, CaseIterable {
        /// Every nested holder, with all it holds, as one node with a count.
        case holders
        /// The modules of each holder (with their routers) as one node with a count.
        case modules
    }

    /// What `--hide` leaves out.
    public enum Hide: String, Sendable, CaseIterable {
        /// Dependency and module lookup edges.
        case lookups
        /// Lookups answered by a cache: their counts, and edges made only of cache hits.
        case cacheHits = "cache-hits"
        /// Released nodes (drawn greyed out otherwise).
        case released
    }

    /// Which question a picture answers.
    public enum View: String, Sendable, CaseIterable {
        /// The dependency graph when the run made components, the module tree when it only made
        /// holders, everything when it recorded neither (apps that record their own kinds).
        case auto
        /// Components, their parents, and who resolved what from whom.
        case dependencies
        /// Holders, the modules they hold, routers, and module and router lookups.
        case modules
        /// Both trees in one picture.
        case all
    }

    /// Which question the picture answers; `.auto` picks by what the snapshot holds.
    public var view: View
    /// Above this many nodes a picture drawn without filters is summarised (see `DiagramSummary`);
    /// nil draws everything however large.
    public var summarizeAbove: Int?
    /// Levels to draw below the roots (or below `focus`); nil for all.
    public var depth: Int?
    /// A component, module or holder (type or key) to draw with its ancestors and descendants.
    public var focus: String?
    public var collapse: Set<Collapse>
    public var hide: Set<Hide>
    /// Only the lookups of this name: who needs it, who provides it, and the paths between.
    public var dependency: String?
    /// Draw the legend.
    public var legend: Bool
    /// How long a module may outlive its detach before it is drawn as retained (a leak).
    public var leakGrace: UInt64 = RetainedAfterDetach.defaultGrace

    public init(
        depth: Int? = nil, focus: String? = nil, collapse: Set<Collapse> = [], hide: Set<Hide> = [],
        dependency: String? = nil, legend: Bool = true, view: View = .auto, summarizeAbove: Int? = nil
    ) {
        self.view = view
        self.summarizeAbove = summarizeAbove
        self.depth = depth
        self.focus = focus
        self.collapse = collapse
        self.hide = hide
        self.dependency = dependency
        self.legend = legend
    }
}

extension DiagramOptions {
    /// The view `view` stands for with this snapshot: `.auto` becomes the dependency graph when
    /// the run made components (the module tree when `--collapse`, which folds holders, is asked
    /// for), the module tree when it made holders only, and both otherwise.
    public func view(for snapshot: GraphSnapshot) -> View {
        guard view == .auto else { return view }
        let kinds = Set(snapshot.nodes.map(\.kind))
        if kinds.contains(.component) { return collapse.isEmpty ? .dependencies : .modules }
        return kinds.contains(.holder) ? .modules : .all
    }
}

/// A filter that matches nothing in the graph.
public struct DiagramError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The flag whose value matched nothing: `--focus` or `--dependency`.
    public var flag: String
    /// The value given.
    public var value: String
    /// Names that do exist, for the message.
    public var known: [String]

    /// `--focus NAME` matched no node.
    public init(focus: String, known: [String]) {
        flag = "--focus"
        value = focus
        self.known = known
    }

    /// `--dependency NAME` matched no lookup and no provider.
    public init(dependency: String, known: [String]) {
        flag = "--dependency"
        value = dependency
        self.known = known
    }

    public var description: String {
        let what = flag == "--focus" ? "no component, module or holder (by type or key)" : "no dependency looked up or provided"
        let listed = 12
        var shown = known.prefix(listed).joined(separator: ", ")
        if known.count > listed { shown += " and \(known.count - listed) more" }
        return "\(flag) \(value) matches \(what). Known: \(known.isEmpty ? "none" : shown)."
    }
}
