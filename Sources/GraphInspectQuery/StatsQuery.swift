import GraphInspect
import GraphInspectCheckContract

/// `query stats`: per provider, how many lookups resolve there and from how many component
/// types (fan-in), what would fail without it (blast radius), whether it shadows one above it,
/// the unused ones; per component type, its depth, the names it asks for, how many providers
/// answer it (fan-out) and how far its lookups climb; and the longest lookup of all. The
/// graph's health is read from these figures: `QueryText` lists the outliers of each.
public struct StatsAnswer: Sendable, Equatable, Codable {
    public var query = "stats"
    public var providers: [ProviderStats]
    public var components: [ComponentStats]
    /// The lookup that climbs the most parents, nil when nothing resolved.
    public var longest: Longest?

    public struct ProviderStats: Sendable, Equatable, Codable {
        public var component: String
        public var name: String
        /// Lookups resolved there (counted as `users` counts them).
        public var lookups: Int
        /// Distinct component types whose lookups resolve there.
        public var fanIn: Int
        /// Places that read it as the component's own property (`component.game` on the type that
        /// declares it: a child made by a getter, say), from the sources.
        public var propertyReads: Int
        /// No lookup resolves there and nothing reads it as a member: what the rules'
        /// `unused-provider` reports.
        public var unused: Bool
        /// What would fail without it: what `query impact --remove` reports as breaks.
        public var blastRadius: BlastRadius
        /// The provider above it that it shadows (`LoggedInComponent.mutableScoreStream`): one
        /// an ancestor component declares with the same name and type, as the rules'
        /// `shadowing` reports. Absent when it shadows none.
        public var shadowing: String?
        /// The time the lookups resolved there took, in nanoseconds, when the run timed them
        /// (`stats(costs:)`); absent otherwise.
        public var nanoseconds: Int?
        public var file: String?
        public var line: Int?
    }

    public struct ComponentStats: Sendable, Equatable, Codable {
        public var component: String
        /// Parents above it, on its deepest chain.
        public var depth: Int
        /// Distinct names it asks for.
        public var lookups: Int
        /// The most parents one of its lookups climbs to its provider.
        public var mostHops: Int
        /// Distinct providers (component type and name) its lookups resolve to.
        public var fanOut: Int
        /// Parents climbed per resolved lookup, on average (each counted as a provider's
        /// `lookups` counts it), to two decimals; absent when none resolved.
        public var meanHops: Double?
        /// The time its lookups took, in nanoseconds, when the run timed them
        /// (`stats(costs:)`); absent otherwise.
        public var nanoseconds: Int?
    }

    public struct Longest: Sendable, Equatable, Codable {
        public var requester: String
        public var name: String
        public var provider: String
        public var hops: Int
        public var path: [String]
        public var file: String?
        public var line: Int?
    }
}

extension QueryGraph {
    /// The figures of every provider and component type.
    /// - Parameter costs: what each lookup of a run took, when the run timed them: summed into
    ///   each provider's and component's `nanoseconds`. Without it the answer has no time.
    public func stats(costs: (any LookupCosts)? = nil) -> StatsAnswer {
        // Component types numbered in the order the answer lists them, so the tallies over every
        // lookup key by number rather than hashing type names again and again.
        let typesShown = componentsOfType.keys.map { (type: $0, shown: names.display($0)) }.sorted { $0.shown < $1.shown }
        var numbers: [String: Int] = [:]
        numbers.reserveCapacity(typesShown.count)
        for (number, entry) in typesShown.enumerated() { numbers[entry.type] = number }
        // Each node's type number by its place in the node table: one hash per node, not two per lookup.
        let numberAt = nodes.map { numbers[$0.type] ?? -1 }
        func number(of id: ObjectID) -> Int? {
            guard let position = nodes.position(of: id) else { return nil }
            return numberAt[position]
        }
        // One table for every (type, name) asked and every (provider, requester type) pair:
        // a set per type or per provider would be 10,000 small tables made and hashed.
        var providerNumbers: [TypeAndName: Int] = [:]
        var tallies: [Int] = []
        var fanIns: [Int] = []
        var pairs: Set<Pair> = []
        var askedPairs: Set<TypeAndName> = []
        var asked = [Int](repeating: 0, count: typesShown.count)
        var mostHops = [Int](repeating: 0, count: typesShown.count)
        var fanOuts = [Int](repeating: 0, count: typesShown.count)
        var hopsClimbed = [Int](repeating: 0, count: typesShown.count)
        var resolved = [Int](repeating: 0, count: typesShown.count)
        var times = CostTotals()
        var longest: (index: Int, lookup: DependencyLookup, provider: ObjectID, hops: Int)?
        // A lookup is mostly followed by its cache hit: the same requester, name and provider,
        // whose tallies need no hashing again.
        var previous: (requester: ObjectID, name: String, provider: ObjectID?, number: Int?)?
        for (index, lookup) in lookups {
            let again = previous.map { $0.requester == lookup.requester && $0.name == lookup.name } ?? false
            guard let found = number(of: lookup.requester) else { continue }
            let requester = found < 0 ? nil : found
            if !again, let requester, askedPairs.insert(TypeAndName(type: requester, name: lookup.name)).inserted { asked[requester] += 1 }
            guard let provider = lookup.provider, let providing = number(of: provider), providing >= 0 else {
                previous = (lookup.requester, lookup.name, nil, nil)
                times.add(costs, index: index, lookup, provider: nil, requester: requester)
                continue
            }
            let number: Int
            if again, let known = previous?.number, previous?.provider == provider {
                number = known
            } else {
                let key = TypeAndName(type: providing, name: lookup.name)
                number = providerNumbers[key] ?? {
                    providerNumbers[key] = tallies.count
                    tallies.append(0)
                    fanIns.append(0)
                    return tallies.count - 1
                }()
                // One pair, one more component type asking the provider and one more provider
                // answering the type.
                if pairs.insert(Pair(provider: number, requester: requester ?? -1)).inserted {
                    fanIns[number] += 1
                    if let requester { fanOuts[requester] += 1 }
                }
            }
            previous = (lookup.requester, lookup.name, provider, number)
            let count = 1 + (lookup.repeats ?? 0)
            tallies[number] += count
            times.add(costs, index: index, lookup, provider: number, requester: requester)
            let hops = lookup.cacheHit ? hops(of: lookup, to: provider) : lookup.walk.count - 1
            if let requester {
                mostHops[requester] = max(mostHops[requester], hops)
                hopsClimbed[requester] += hops * count
                resolved[requester] += count
            }
            if hops > longest?.hops ?? -1 { longest = (index, lookup, provider, hops) }
        }
        var providers: [StatsAnswer.ProviderStats] = []
        var components: [StatsAnswer.ComponentStats] = []
        // Property reads by component type and name, each place once.
        var reads: [TypeAndName: Set<SourcePosition>] = [:]
        for read in places?.propertyReads ?? [] {
            guard let number = number(of: read.node), number >= 0 else { continue }
            reads[TypeAndName(type: number, name: read.name), default: []].insert(read.position)
        }
        let memberReads = places?.memberReads ?? []
        let radii = blastRadii()
        let shadowed = shadowedProviders()
        for (number, (type, shown)) in typesShown.enumerated() {
            for name in declaredNames(of: type) {
                let used = providerNumbers[TypeAndName(type: number, name: name)]
                let read = reads.isEmpty ? 0 : reads[TypeAndName(type: number, name: name)]?.count ?? 0
                let declared = declaration(of: name, in: type)
                let key = ProviderKey(type: type, name: name)
                providers.append(StatsAnswer.ProviderStats(
                    component: shown, name: name, lookups: used.map { tallies[$0] } ?? 0, fanIn: used.map { fanIns[$0] } ?? 0, propertyReads: read,
                    unused: used == nil && read == 0 && !memberReads.contains(name), blastRadius: radii[key] ?? .none, shadowing: shadowed[key],
                    nanoseconds: used.flatMap { times.byProvider[$0] }, file: declared?.file, line: declared?.line
                ))
            }
            let depth = (componentsOfType[type] ?? []).compactMap { depths[$0] }.max() ?? 0
            // Two decimals: a figure to compare, not to carry 1/3's sixteen digits into JSON.
            let meanHops = resolved[number] == 0 ? nil : (Double(hopsClimbed[number]) / Double(resolved[number]) * 100).rounded() / 100
            components.append(StatsAnswer.ComponentStats(
                component: shown, depth: depth, lookups: asked[number], mostHops: mostHops[number], fanOut: fanOuts[number], meanHops: meanHops,
                nanoseconds: times.byRequester[number]
            ))
        }
        let longestAnswer = longest.map { found in
            let place = place(ofLookupAt: found.index, found.lookup)
            let chain = self.chain(from: found.lookup.requester)
            let path = chain.firstIndex(of: found.provider).map { Array(chain[...$0]) } ?? chain
            return StatsAnswer.Longest(
                requester: name(of: found.lookup.requester), name: found.lookup.name, provider: name(of: found.provider),
                hops: found.hops, path: path.map(name(of:)), file: place?.file, line: place?.line
            )
        }
        return StatsAnswer(providers: providers, components: components, longest: longestAnswer)
    }

    /// A component type (by number) and a name: a provider, or a name the type asks for.
    private struct TypeAndName: Hashable {
        var type: Int
        var name: String
    }

    /// A provider (by number) and a component type (by number) whose lookup resolved there.
    private struct Pair: Hashable {
        var provider: Int
        var requester: Int
    }

}
