import GraphInspect
import GraphInspectCheckContract

/// `query stats`: per provider, how many lookups resolve there and from how many component
/// types (fan-in), the unused ones; per component type, its depth, the names it asks for and its
/// longest climb; and the longest lookup of all.
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
    public func stats() -> StatsAnswer {
        var resolvedAt: [ProviderKey: Tally] = [:]
        var asked: [String: Set<String>] = [:]
        var mostHops: [String: Int] = [:]
        var longest: (index: Int, lookup: DependencyLookup, provider: ObjectID, hops: Int)?
        for (index, lookup) in lookups {
            guard let requester = nodes[lookup.requester] else { continue }
            asked[requester.type, default: []].insert(lookup.name)
            guard let provider = lookup.provider, let providing = nodes[provider] else { continue }
            Self.tally(&resolvedAt[ProviderKey(type: providing.type, name: lookup.name), default: Tally()], count: 1 + (lookup.repeats ?? 0), from: requester.type)
            let hops = lookup.cacheHit ? hops(of: lookup, to: provider) : lookup.walk.count - 1
            mostHops[requester.type] = max(mostHops[requester.type] ?? 0, hops)
            if hops > longest?.hops ?? -1 { longest = (index, lookup, provider, hops) }
        }
        var providers: [StatsAnswer.ProviderStats] = []
        var components: [StatsAnswer.ComponentStats] = []
        // Property reads by component type and name, each place once.
        var reads: [ProviderKey: Set<SourcePosition>] = [:]
        for read in places?.propertyReads ?? [] {
            guard let type = nodes[read.node]?.type else { continue }
            reads[ProviderKey(type: type, name: read.name), default: []].insert(read.position)
        }
        let memberReads = places?.memberReads ?? []
        let typesShown = componentsOfType.keys.map { (type: $0, shown: names.display($0)) }.sorted { $0.shown < $1.shown }
        for (type, shown) in typesShown {
            for name in declaredNames(of: type) {
                let used = resolvedAt[ProviderKey(type: type, name: name)]
                let read = reads[ProviderKey(type: type, name: name)]?.count ?? 0
                let declared = declaration(of: name, in: type)
                providers.append(StatsAnswer.ProviderStats(
                    component: shown, name: name, lookups: used?.count ?? 0, fanIn: used?.requesters.count ?? 0, propertyReads: read,
                    unused: used == nil && read == 0 && !memberReads.contains(name), file: declared?.file, line: declared?.line
                ))
            }
            let depth = (componentsOfType[type] ?? []).compactMap { depths[$0] }.max() ?? 0
            components.append(StatsAnswer.ComponentStats(
                component: shown, depth: depth, lookups: asked[type]?.count ?? 0, mostHops: mostHops[type] ?? 0
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

    private struct ProviderKey: Hashable {
        var type: String
        var name: String
    }

    /// The lookups resolved at one provider, and the component types they came from.
    private struct Tally {
        var count = 0
        var requesters: Set<String> = []
    }

    /// One access to the table per lookup.
    private static func tally(_ tally: inout Tally, count: Int, from requester: String) {
        tally.count += count
        tally.requesters.insert(requester)
    }

}
