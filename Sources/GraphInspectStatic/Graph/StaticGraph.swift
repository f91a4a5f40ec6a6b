import GraphInspect
import GraphInspectCheckContract

/// The dependency graph read from source: every component the code can make, below every parent
/// it can be given, with the holders and modules, and every lookup the code makes, checked
/// against each parent chain that reaches it.
///
/// It is a `GraphSnapshot` (so every writer draws it, and `failures()` words its misses as the
/// runtime does) plus what only a static reading has: diagnostics at source positions.
public struct StaticGraph: Sendable {
    /// The graph as a snapshot: components, holders and modules as nodes (ids in source order),
    /// then one lookup event per lookup and requesting component.
    public var snapshot: GraphSnapshot
    /// Errors (lookups some chain cannot satisfy, components made below themselves), warnings
    /// and what was not checked, sorted by position.
    public var diagnostics: [StaticDiagnostic]
    /// Where each lookup event of `snapshot` is written, by event index.
    public var lookupPositions: [Int: SourcePosition]
    /// The facts the fidelity and coverage comparisons use.
    public var facts: GraphFacts
    /// Counts for the summary line.
    public var summary: Summary
    /// Where the snapshot's lookups, providers and types are written.
    public var places = SourcePlaces()
    /// With a cache: each app component type's family (`ComponentFamily`), for the last reading.
    var families: [ComponentFamily] = []
    /// Every name the sources declare (`InertStatements.declared`), for the last reading.
    var declaredNames: Set<String> = []
    /// The graph's types among them (`InertStatements.graphTypes`).
    var graphTypeNames: Set<String> = []
    /// The functions that run nothing (`InertStatements.graphFree`).
    var graphFreeNames: Set<String> = []

    public struct Summary: Sendable, Equatable {
        public var files: Int
        /// Of those, the files of modules that cannot see GraphInspect, not read (`ModuleReach`).
        public var filesNotReached = 0
        public var componentTypes: Int
        public var components: Int
        public var holders: Int
        public var modules: Int
        /// Lookups written in the code (each counted once, however many components make it).
        public var lookups: Int
        public var moduleLookups: Int
        /// Of those, the ones made on some component (holder) the sources place in a tree, so
        /// walked up its parent chains; the others are noted as not checked.
        public var lookupsChecked: Int
        public var moduleLookupsChecked: Int
        /// Names declared twice whose types the graph never uses (not components, holders,
        /// modules, routers or anything reaching them): counted here, not listed as notes, so
        /// an app's ordinary code does not bury the findings (RIBs-iOS's 205 files gave
        /// 345 such notes and no component type).
        public var redeclaredOutsideTheGraph = 0
    }

    public var errors: [StaticDiagnostic] { diagnostics.filter { $0.severity == .error } }

    /// The most component nodes expanded; past it, chains are reported and not drawn.
    public static let nodeLimit = 200_000
}
