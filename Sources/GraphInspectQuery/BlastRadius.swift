import GraphInspect
import GraphInspectCheckContract

extension StatsAnswer {
    /// What would fail if a provider went: the breaks `query impact --remove` reports for it,
    /// counted as lookups, as the component types that make them, and as the modules built with
    /// those components.
    public struct BlastRadius: Sendable, Equatable, Codable {
        /// Lookups left with no provider (`impact --remove`'s breaks, as many as it lists, reads
        /// of the component's own property that become lookups included): check's new errors.
        public var lookups: Int
        /// Component types whose lookups break (the breaks' requesters).
        public var components: Int
        /// Module and holder types built with a component of those types: what cannot be made
        /// once its component's lookup fails.
        public var modules: Int

        public init(lookups: Int, components: Int, modules: Int) {
            self.lookups = lookups
            self.components = components
            self.modules = modules
        }

        /// Nothing fails.
        public static let none = BlastRadius(lookups: 0, components: 0, modules: 0)
    }
}

/// A component type (module-qualified) and a name: a provider.
struct ProviderKey: Hashable {
    var type: String
    var name: String
}

extension QueryGraph {
    /// Every declared provider's blast radius, by component type and name: the breaks of
    /// `impact(remove:)`'s walk over the graph (`impact(_:provider:asking:reads:)`, the same
    /// code), for every provider at once.
    ///
    /// A removal changes only the lookups resolved at a type it removes the provider from, and
    /// the reads of that type's own property, so both are indexed once by type and name: every
    /// provider then costs the lookups it answers, each climbed on from its old provider, not a
    /// pass over every lookup of the graph. A declaration that runs code (a getter making a
    /// child) is walked too: `impact --remove` reads the sources again for it, which a figure
    /// for every provider cannot afford; the two agree on the apps of this repository
    /// (`HealthFiguresTests`).
    func blastRadii() -> [ProviderKey: StatsAnswer.BlastRadius] {
        var asking: [ProviderKey: [(index: Int, lookup: DependencyLookup)]] = [:]
        for (index, lookup) in lookups {
            guard let provider = lookup.provider, let type = nodes.type(of: provider) else { continue }
            asking[ProviderKey(type: type, name: lookup.name), default: []].append((index, lookup))
        }
        var reads: [ProviderKey: [SourcePlaces.PropertyRead]] = [:]
        for read in places?.propertyReads ?? [] {
            guard let type = read.declared ?? nodes.type(of: read.node) else { continue }
            reads[ProviderKey(type: type, name: read.name), default: []].append(read)
        }
        // `typesDeclaring(_:like:)` for every provider from one index: the types sharing each
        // declaration (a class and the subclasses that inherit the provider).
        var declaring: [SourcePosition: Set<String>] = [:]
        for (type, declared) in places?.providers ?? [:] {
            for position in declared.values { declaring[position, default: []].insert(type) }
        }
        let modulesOf = moduleTypesByComponentType()
        var radii: [ProviderKey: StatsAnswer.BlastRadius] = [:]
        for type in componentsOfType.keys {
            for name in declaredNames(of: type) {
                var removedFrom: Set<String> = [type]
                if let position = places?.providers[type]?[name] { removedFrom.formUnion(declaring[position] ?? []) }
                let edit = ImpactEdit(name: name, removedFrom: removedFrom, movedTo: nil)
                let keys = removedFrom.sorted().map { ProviderKey(type: $0, name: name) }
                let answer = impact(
                    edit, provider: "\(names.display(type)).\(name)",
                    asking: keys.flatMap { asking[$0] ?? [] }, reads: keys.flatMap { reads[$0] ?? [] }
                )
                let requesters = Set(answer.breaks.map(\.requester))
                let modules = requesters.reduce(into: Set<String>()) { $0.formUnion(modulesOf[$1] ?? []) }
                radii[ProviderKey(type: type, name: name)] = StatsAnswer.BlastRadius(lookups: answer.breaks.count, components: requesters.count, modules: modules.count)
            }
        }
        return radii
    }

    /// The module and holder types built with a component of each type, both as the answers
    /// write types.
    func moduleTypesByComponentType() -> [String: Set<String>] {
        var modules: [String: Set<String>] = [:]
        for node in snapshot.nodes where node.kind == .module || node.kind == .holder {
            guard let component = node.component, nodes.position(of: component) != nil else { continue }
            modules[name(of: component), default: []].insert(names.display(node.type))
        }
        return modules
    }
}
