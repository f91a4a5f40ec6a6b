import GraphInspect

/// A graph reduced to facts that a static reading and a run can both state, by type name (the
/// source has types, a run has instances): which components exist, below which parents, what
/// each provides, which lookups and module lookups are made from which types, what each holder
/// holds and which providers answered.
public struct GraphFacts: Sendable, Equatable, Codable {
    /// A name on a type: a provider, a lookup's name, a held module's key.
    public struct Named: Hashable, Sendable, Comparable, CustomStringConvertible, Codable {
        public var owner: String
        public var name: String

        public init(owner: String, name: String) {
            self.owner = owner
            self.name = name
        }

        public var description: String { "\(owner).\(name)" }
        public static func < (a: Self, b: Self) -> Bool { (a.owner, a.name) < (b.owner, b.name) }
    }

    /// A component type below a parent type (nil: a root).
    public struct Edge: Hashable, Sendable, Comparable, CustomStringConvertible, Codable {
        public var child: String
        public var parent: String?

        public init(child: String, parent: String?) {
            self.child = child
            self.parent = parent
        }

        public var description: String { "\(parent ?? "^")->\(child)" }
        public static func < (a: Self, b: Self) -> Bool { (a.child, a.parent ?? "") < (b.child, b.parent ?? "") }
    }

    public var components: Set<String> = []
    public var parents: Set<Edge> = []
    public var providers: Set<Named> = []
    /// Dependency lookups: the requesting component's type and the name asked for.
    public var lookups: Set<Named> = []
    /// Module and router lookups: the requesting holder's type and the key.
    public var moduleLookups: Set<Named> = []
    /// Modules held: the holder's type and the module's key.
    public var held: Set<Named> = []
    /// Providers that answered a lookup: the providing component's type and the name.
    public var resolved: Set<Named> = []
    /// Routers: the module's or holder's type and its router's type.
    public var routers: Set<Named> = []
    /// View components: the router's type and the type of the view component it was given.
    public var viewComponents: Set<Named> = []
    /// Where each lookup is written (static facts only).
    public var lookupPositions: [Named: Set<SourcePosition>] = [:]

    public init() {}

    /// The facts of a recorded run. Released nodes count: they existed.
    public init(snapshot: GraphSnapshot) {
        // Types by name without their module, as the sources name them; with it where two
        // modules' types share a name (as `check` keeps them apart: `ModuleScope`).
        var typesNamed: [String: Set<String>] = [:]
        for node in snapshot.nodes { typesNamed[ShortTypeName.of(node.type), default: []].insert(node.type) }
        func short(_ type: String) -> String {
            let name = ShortTypeName.of(type)
            return (typesNamed[name]?.count ?? 0) > 1 ? Quoted.visible(type) : name
        }
        var typeOf: [ObjectID: String] = [:]
        var keyOf: [ObjectID: String] = [:]
        for node in snapshot.nodes {
            typeOf[node.id] = short(node.type)
            if let key = node.key { keyOf[node.id] = key }
            guard node.kind == .component else { continue }
            components.insert(short(node.type))
            parents.insert(Edge(child: short(node.type), parent: node.parent.flatMap { typeOf[$0] }))
            for provider in node.providers ?? [] { providers.insert(Named(owner: short(node.type), name: provider.name)) }
        }
        // A router's parent is its view component, whose parent is the module.
        let parentOf = Dictionary(uniqueKeysWithValues: snapshot.nodes.map { ($0.id, $0.parent) })
        for node in snapshot.nodes where node.kind == .router {
            guard let viewComponent = node.parent, let viewComponentType = typeOf[viewComponent] else { continue }
            viewComponents.insert(Named(owner: short(node.type), name: viewComponentType))
            if let module = parentOf[viewComponent] ?? nil, let moduleType = typeOf[module] {
                routers.insert(Named(owner: moduleType, name: short(node.type)))
            }
        }
        for event in snapshot.events {
            switch event {
            case .lookup(let lookup):
                guard let requester = typeOf[lookup.requester] else { continue }
                lookups.insert(Named(owner: requester, name: lookup.name))
                if let provider = lookup.provider.flatMap({ typeOf[$0] }) { resolved.insert(Named(owner: provider, name: lookup.name)) }
            case .moduleLookup(let lookup):
                guard let requester = typeOf[lookup.requester] else { continue }
                moduleLookups.insert(Named(owner: requester, name: lookup.key))
            case .moduleAttached(let attachment):
                guard let holder = typeOf[attachment.holder] else { continue }
                held.insert(Named(owner: holder, name: keyOf[attachment.module] ?? "?"))
            default:
                continue
            }
        }
    }

    /// Every fact as one line (`component AppComponent`, `lookup HomeComponent.analytics`...).
    public var lines: Set<String> {
        var all: Set<String> = []
        for type in components { all.insert("component \(type)") }
        for edge in parents { all.insert("parent \(edge)") }
        for provider in providers { all.insert("provider \(provider)") }
        for lookup in lookups { all.insert("lookup \(lookup)") }
        for lookup in moduleLookups { all.insert("module lookup \(lookup)") }
        for module in held { all.insert("holds \(module)") }
        for router in routers { all.insert("router \(router)") }
        for viewComponent in viewComponents { all.insert("view component \(viewComponent)") }
        return all
    }
}

/// How much of a run a static reading explains, and of the reading a run exercised.
public struct GraphComparison: Sendable, Equatable {
    /// Facts both state.
    public var agreed: [String]
    /// Facts only the static reading states (code the run did not take, or a reader's mistake).
    public var onlyStatic: [String]
    /// Facts only the run states: what the static reading cannot explain (a gap in the reader).
    public var onlyLive: [String]

    public init(static reading: GraphFacts, live run: GraphFacts) {
        let a = reading.lines
        let b = run.lines
        agreed = a.intersection(b).sorted()
        onlyStatic = a.subtracting(b).sorted()
        onlyLive = b.subtracting(a).sorted()
    }

    /// Agreed facts over all facts, 0...1 (1 when both are empty).
    public var fidelity: Double {
        let total = agreed.count + onlyStatic.count + onlyLive.count
        return total == 0 ? 1 : Double(agreed.count) / Double(total)
    }
}

/// `check --against`: the static graph held against a run.
public struct CoverageReport: Sendable, Equatable {
    /// Providers declared in the source that no lookup of the run resolved.
    public var unusedProviders: [GraphFacts.Named]
    /// Lookups written in the source that the run never made, with where they are written.
    public var lookupsNotMade: [(lookup: GraphFacts.Named, positions: [SourcePosition])]
    /// What the run did that the static graph does not explain.
    public var unexplained: [String]
    /// Lookups written that the run made, and all lookups written.
    public var lookupsMade: Int
    public var lookupsWritten: Int
    /// Module and router lookups (by holder type and key) the run made, and all written.
    public var moduleLookupsMade: Int
    public var moduleLookupsWritten: Int

    public init(static reading: GraphFacts, live run: GraphFacts) {
        unusedProviders = reading.providers.subtracting(run.resolved).sorted()
        let notMade = reading.lookups.subtracting(run.lookups).sorted()
        lookupsNotMade = notMade.map { ($0, (reading.lookupPositions[$0] ?? []).sorted()) }
        lookupsWritten = reading.lookups.count
        lookupsMade = reading.lookups.intersection(run.lookups).count
        moduleLookupsWritten = reading.moduleLookups.count
        moduleLookupsMade = reading.moduleLookups.intersection(run.moduleLookups).count
        unexplained = run.lines.subtracting(reading.lines).sorted()
    }

    public static func == (a: Self, b: Self) -> Bool {
        a.unusedProviders == b.unusedProviders && a.unexplained == b.unexplained && a.lookupsMade == b.lookupsMade
            && a.lookupsWritten == b.lookupsWritten && a.moduleLookupsMade == b.moduleLookupsMade
            && a.moduleLookupsWritten == b.moduleLookupsWritten && a.lookupsNotMade.map(\.lookup) == b.lookupsNotMade.map(\.lookup)
    }

    /// The report as text.
    public var text: String {
        var lines: [String] = []
        func percent(_ made: Int, _ written: Int) -> Int { written == 0 ? 100 : Int((Double(made) / Double(written) * 100).rounded()) }
        lines.append("coverage: the run made \(lookupsMade) of the \(lookupsWritten) dependency lookups the sources write, by component type and name (\(percent(lookupsMade, lookupsWritten))%)")
        lines.append("          and \(moduleLookupsMade) of the \(moduleLookupsWritten) module and router lookups, by holder type and key (\(percent(moduleLookupsMade, moduleLookupsWritten))%)")
        if !lookupsNotMade.isEmpty {
            lines.append("lookups written that the run never made:")
            for (lookup, positions) in lookupsNotMade {
                let at = positions.map(\.description).joined(separator: ", ")
                lines.append("  \(lookup.owner) asks for `\(Quoted.name(lookup.name))`" + (at.isEmpty ? "" : " at \(at)"))
            }
        }
        if !unusedProviders.isEmpty {
            lines.append("providers no lookup of the run resolved:")
            for provider in unusedProviders { lines.append("  \(provider.owner).\(Quoted.name(provider.name))") }
        }
        if unexplained.isEmpty {
            lines.append("everything the run did is in the static graph")
        } else {
            lines.append("what the run did that the static graph does not explain (a gap in the reader; please report it):")
            for fact in unexplained { lines.append("  \(Quoted.visible(fact))") }
        }
        return lines.joined(separator: "\n")
    }
}
