import GraphInspect
import GraphInspectCheckContract

/// A graph made ready for questions: a snapshot (read from the sources by `check`, or recorded
/// in a run) indexed by node, type and lookup, with where the sources write each thing when it
/// came from them.
///
/// Every answer is computed from the snapshot's own lookups (their walks and providers) and its
/// nodes' parent links, so the sources and a run are asked the same way and agree wherever the
/// run made the lookup.
public struct QueryGraph: Sendable {
    /// Where the graph came from, which decides what an answer can say (positions, counts).
    public enum Origin: String, Sendable, Codable {
        case sources, run
    }

    public let snapshot: GraphSnapshot
    public let origin: Origin
    /// Where the sources write lookups, providers and types; nil for a run.
    public let places: SourcePlaces?
    /// Reads the sources again with a provider deleted or moved (the static reader's), for
    /// `impact` on a declaration that runs code; nil for a run, or where no reader is linked
    /// (then every impact is walked over the graph).
    public var reread: Reread?

    public typealias Reread = @Sendable (ProviderEdit) throws -> (snapshot: GraphSnapshot, places: SourcePlaces)

    /// Nodes by id.
    let nodes: NodeTable
    /// Dependency lookups with their event index (for their position in the sources).
    let lookups: [(index: Int, lookup: DependencyLookup)]
    /// Component nodes by module-qualified type, in id order.
    let componentsOfType: [String: [ObjectID]]
    /// Types as a person reads them: short, module-qualified where two modules share the name.
    let names: TypeNames
    /// Parents above each component node (`componentDepths`), so a cache hit's hops are a
    /// subtraction rather than a climb.
    let depths: [ObjectID: Int]

    public init(snapshot: GraphSnapshot, origin: Origin, places: SourcePlaces? = nil) {
        self.snapshot = snapshot
        self.origin = origin
        self.places = places
        let nodes = NodeTable(snapshot.nodes)
        var componentsOfType: [String: [ObjectID]] = [:]
        for node in snapshot.nodes {
            if node.kind == .component { componentsOfType[node.type, default: []].append(node.id) }
        }
        self.nodes = nodes
        self.componentsOfType = componentsOfType
        var lookups: [(index: Int, lookup: DependencyLookup)] = []
        for (index, event) in snapshot.events.enumerated() {
            if case .lookup(let lookup) = event { lookups.append((index, lookup)) }
        }
        self.lookups = lookups
        names = TypeNames(types: Set(snapshot.nodes.map(\.type)))
        depths = Self.componentDepths(nodes: nodes, components: componentsOfType)
    }

    /// The node's type as a person reads it.
    func name(of node: ObjectID) -> String {
        nodes.type(of: node).map(names.display) ?? "#\(node.rawValue)"
    }

    /// A node's type as the answers write it: short, module-qualified where two modules share it.
    public func displayName(of node: ObjectID) -> String { name(of: node) }

    /// A module-qualified type as the answers write it.
    public func displayName(of type: String) -> String { names.display(type) }

    /// Parents above each component node, each chain climbed once (a 10,000-deep tree costs
    /// 10,000 steps, not 10,000 walks); a loop counts its nodes once.
    static func componentDepths(nodes: NodeTable, components: [String: [ObjectID]]) -> [ObjectID: Int] {
        var depths: [ObjectID: Int] = [:]
        for ids in components.values {
            for start in ids where depths[start] == nil {
                var climbed: [ObjectID] = []
                var onPath: Set<ObjectID> = []
                var current: ObjectID? = start
                var base = -1
                while let id = current {
                    if let known = depths[id] { base = known; break }
                    guard onPath.insert(id).inserted, let position = nodes.position(of: id) else { break }
                    climbed.append(id)
                    current = nodes.parent(at: position)
                }
                for id in climbed.reversed() {
                    base += 1
                    depths[id] = base
                }
            }
        }
        return depths
    }

    /// The node and its parents, nearest first, ending at a root or before a node seen twice
    /// (a loop in a recorded chain ends the walk, never the command).
    func chain(from start: ObjectID) -> [ObjectID] {
        var chain: [ObjectID] = []
        var seen: Set<ObjectID> = []
        var current: ObjectID? = start
        while let id = current {
            // A short chain is searched for the node in place: hashing every step into a set cost
            // a tenth of `stats` (a blast radius climbs a chain per lookup). Past 32 steps a set
            // keeps a 10,000-deep chain linear.
            if chain.count < 32 {
                if chain.contains(id) { break }
            } else {
                if seen.isEmpty { seen = Set(chain) }
                guard seen.insert(id).inserted else { break }
            }
            guard let position = nodes.position(of: id) else { break }
            chain.append(id)
            current = nodes.parent(at: position)
        }
        return chain
    }

    /// Where a lookup is written: the sources' position, else the location the run captured.
    func place(ofLookupAt index: Int, _ lookup: DependencyLookup) -> QueryPlace? {
        if let position = places?.lookups[index] { return QueryPlace(file: position.file, line: position.line, column: position.column) }
        return lookup.location.map { QueryPlace(file: $0.file, line: $0.line, column: nil) }
    }

    /// Where a provider of a component type is declared, when the sources say.
    func declaration(of name: String, in type: String) -> QueryPlace? {
        guard let position = places?.providers[type]?[name] else { return nil }
        return QueryPlace(file: position.file, line: position.line, column: position.column)
    }

    /// The provider a component node declares under a name, if lookups can find it there
    /// (Swift's `lazy var` cannot be).
    func provider(_ name: String, of node: ObjectID) -> Provider? {
        guard let declared = nodes.providers(of: node)?.first(where: { $0.name == name }), declared.form.isFoundByLookup else { return nil }
        return declared
    }

    /// Whether a provider of type `provided` answers a lookup asking for `asked`: as the reader
    /// decided for the sources (`SourcePlaces.answering`), by the recorded names for a run.
    func answers(provided: String, asked: String) -> Bool {
        // An unwritten type on either side matches by name alone, as `check` matches it.
        if provided == "_" || asked == "_" { return true }
        if let answering = places?.answering { return answering[asked]?.contains(provided) ?? (provided == asked) }
        return provided == asked || asked == "Any" || asked == "Swift.Any"
            || asked == "Swift.Optional<\(provided)>" || asked == "Swift.AnyObject"
    }
}

/// A file and line (and column, from the sources) where something is written.
public struct QueryPlace: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int?

    public var description: String { column.map { "\(file):\(line):\($0)" } ?? "\(file):\(line)" }

    public static func < (a: Self, b: Self) -> Bool { (a.file, a.line, a.column ?? 0) < (b.file, b.line, b.column ?? 0) }
}
