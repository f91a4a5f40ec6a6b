import GraphInspect

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
        var resolvedAt: [String: (count: Int, requesters: Set<String>)] = [:]
        var asked: [String: Set<String>] = [:]
        var mostHops: [String: Int] = [:]
        var longest: (index: Int, lookup: DependencyLookup, provider: ObjectID, hops: Int)?
        for (index, lookup) in lookups {
            guard let requester = nodes[lookup.requester] else { continue }
            asked[requester.type, default: []].insert(lookup.name)
            guard let provider = lookup.provider, let providing = nodes[provider] else { continue }
            let key = providing.type + "\u{0}" + lookup.name
            resolvedAt[key, default: (0, [])].count += 1 + (lookup.repeats ?? 0)
            resolvedAt[key]?.requesters.insert(requester.type)
            let hops = lookup.cacheHit ? hops(of: lookup, to: provider) : lookup.walk.count - 1
            mostHops[requester.type] = max(mostHops[requester.type] ?? 0, hops)
            if hops > longest?.hops ?? -1 { longest = (index, lookup, provider, hops) }
        }
        let depths = componentDepths()
        var providers: [StatsAnswer.ProviderStats] = []
        var components: [StatsAnswer.ComponentStats] = []
        for type in componentsOfType.keys.sorted(by: { names.display($0) < names.display($1) }) {
            for name in declaredNames(of: type) {
                let used = resolvedAt[type + "\u{0}" + name]
                let declared = declaration(of: name, in: type)
                providers.append(StatsAnswer.ProviderStats(
                    component: names.display(type), name: name, lookups: used?.count ?? 0, fanIn: used?.requesters.count ?? 0,
                    unused: used == nil, file: declared?.file, line: declared?.line
                ))
            }
            let depth = (componentsOfType[type] ?? []).compactMap { depths[$0] }.max() ?? 0
            components.append(StatsAnswer.ComponentStats(
                component: names.display(type), depth: depth, lookups: asked[type]?.count ?? 0, mostHops: mostHops[type] ?? 0
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

    /// Parents above each component node, each chain climbed once (a 10,000-deep tree costs
    /// 10,000 steps, not 10,000 walks); a loop counts its nodes once.
    func componentDepths() -> [ObjectID: Int] {
        var depths: [ObjectID: Int] = [:]
        for ids in componentsOfType.values {
            for start in ids where depths[start] == nil {
                var climbed: [ObjectID] = []
                var onPath: Set<ObjectID> = []
                var current: ObjectID? = start
                var base = -1
                while let id = current {
                    if let known = depths[id] { base = known; break }
                    guard onPath.insert(id).inserted, let node = nodes[id] else { break }
                    climbed.append(id)
                    current = node.parent
                }
                for id in climbed.reversed() {
                    base += 1
                    depths[id] = base
                }
            }
        }
        return depths
    }
}
