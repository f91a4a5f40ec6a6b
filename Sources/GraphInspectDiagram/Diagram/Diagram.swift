import GraphInspect

/// What a picture shows: the nodes, holder clusters and edges chosen from a snapshot by
/// `DiagramOptions`. The DOT and Mermaid writers draw the same diagram, so a filter means the same
/// in every format.
public struct Diagram: Sendable, Equatable {
    public enum NodeKind: String, Sendable, CaseIterable {
        case component, holder, module, router
        /// What a failed lookup asked for.
        case missing
        /// Several nodes drawn as one (`--collapse`).
        case collapsed
        /// A builder run (replays).
        case builder
        /// A holder's context (replays).
        case context
        /// A view component (replays).
        case viewComponent
        /// A kind an app registered through `GraphRecord` (`Node.customKind` names it).
        case custom
    }

    public struct Node: Sendable, Equatable {
        /// Stable DOT/Mermaid id: a letter for the kind and the snapshot id (`c12`, `m3`).
        public var id: String
        public var kind: NodeKind
        /// First line: the type, short.
        public var title: String
        /// Further lines: key, counts.
        public var details: [String]
        public var released: Bool
        /// The holder cluster it is drawn in.
        public var cluster: String?
        /// Drawn emphasised: the newest step of a replay.
        public var highlighted = false
        /// For `.custom` nodes: the kind's name.
        public var customKind: String?
        /// In a diff: what happened to it.
        public var change: Change?
        /// Still alive after its holder let it go, past the grace: a leak (`RetainedAfterDetach`).
        public var retained = false

        /// Memberwise, for the targets that build diagrams of their own.
        package init(
            id: String, kind: NodeKind, title: String, details: [String], released: Bool, cluster: String? = nil,
            highlighted: Bool = false, customKind: String? = nil, change: Change? = nil
        ) {
            self.id = id
            self.kind = kind
            self.title = title
            self.details = details
            self.released = released
            self.cluster = cluster
            self.highlighted = highlighted
            self.customKind = customKind
            self.change = change
        }
    }

    /// In a merged diff picture: what happened between the two runs.
    public enum Change: String, Sendable, Equatable, CaseIterable {
        case added, removed, changed
    }

    /// A holder's cluster: its own node, its modules, and the clusters of holders it holds.
    /// A group of nodes drawn inside one frame: what a holder holds. Its `id` is the holder's own
    /// (`h12`); each writer names it as its format needs (Graphviz draws a frame only for a
    /// subgraph named `cluster...`).
    public struct Cluster: Sendable, Equatable {
        public var id: String
        public var label: String
        public var parent: String?

        /// Memberwise, for the targets that build diagrams of their own.
        package init(id: String, label: String, parent: String? = nil) {
            self.id = id
            self.label = label
            self.parent = parent
        }
    }

    public enum EdgeKind: String, Sendable, CaseIterable {
        /// Component to its parent component.
        case parent
        /// Module or holder to the component it was built with.
        case component
        /// Module or holder to its router.
        case router
        /// A holder to a module or holder it holds (the module tree, top-down).
        case holds
        /// A resolved lookup, requester to provider.
        case lookup
        /// A failed lookup, requester to the missing node.
        case failed
        /// A module or router lookup, holder to the holder that held the key.
        case moduleLookup
        /// A numbered step of a replay's build sequence.
        case step
        /// One hop of a replayed lookup climbing a parent edge.
        case climb
        /// A replayed lookup answered by the requester's cache: straight to the provider.
        case cacheHit
        /// A recorded node to what owns it (`GraphRecord.node(parent:)`).
        case owner
        /// A link an app recorded (`Edge.customKind` names it).
        case custom
    }

    public struct Edge: Sendable, Equatable {
        public var from: String
        public var to: String
        public var kind: EdgeKind
        /// Lines of the label; empty for none.
        public var label: [String]
        /// Drawn emphasised: the newest step of a replay.
        public var highlighted = false
        /// For `.custom` edges: the link's kind.
        public var customKind: String?
        /// In a diff: what happened to it.
        public var change: Change?

        /// Memberwise, for the targets that build diagrams of their own.
        package init(
            from: String, to: String, kind: EdgeKind, label: [String], highlighted: Bool = false, customKind: String? = nil,
            change: Change? = nil
        ) {
            self.from = from
            self.to = to
            self.kind = kind
            self.label = label
            self.highlighted = highlighted
            self.customKind = customKind
            self.change = change
        }
    }

    public var nodes: [Node]
    public var clusters: [Cluster]
    public var edges: [Edge]

    /// The cluster of what the holder with this id holds.
    package static func clusterID(ofHolder holder: ObjectID) -> String { "h\(holder.rawValue)" }
    /// A frame of a replay: the legend lists only what the frame uses, and the newest step.
    public var isReplay = false
    /// Rank left to right instead of top to bottom (build sequences read better that way).
    public var leftToRight = false
    /// When the picture is a summary of a graph too large to draw whole: what was left out, and
    /// how to draw it (for standard error).
    public var summary: String?

    /// Memberwise, for the targets that build diagrams of their own (replays, diffs).
    package init(nodes: [Node], clusters: [Cluster], edges: [Edge], isReplay: Bool = false, leftToRight: Bool = false, summary: String? = nil) {
        self.nodes = nodes
        self.clusters = clusters
        self.edges = edges
        self.isReplay = isReplay
        self.leftToRight = leftToRight
        self.summary = summary
    }
}
