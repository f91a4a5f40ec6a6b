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

    public init(
        depth: Int? = nil, focus: String? = nil, collapse: Set<Collapse> = [], hide: Set<Hide> = [],
        dependency: String? = nil, legend: Bool = true
    ) {
        self.depth = depth
        self.focus = focus
        self.collapse = collapse
        self.hide = hide
        self.dependency = dependency
        self.legend = legend
    }
}

/// A filter that matches nothing in the graph.
public struct DiagramError: Error, Sendable, Equatable, CustomStringConvertible {
    public var focus: String
    /// Names that do exist, for the message.
    public var known: [String]

    public var description: String {
        let shown = known.prefix(12).joined(separator: ", ") + (known.count > 12 ? ", ..." : "")
        return "--focus \(focus) matches no component, module or holder (by type or key). Known: \(shown)."
    }
}
