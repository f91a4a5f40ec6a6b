import GraphInspect

/// What one component resolved under one name and type, summed over all its lookups.
public struct ResolvedDependency: Sendable, Equatable {
    public var name: String
    public var type: String
    /// The component that answered, or nil if every lookup failed.
    public var provider: ObjectID?
    /// Components walked to reach the provider: 0 when the requester itself provides it.
    public var hops: Int
    /// All lookups of this name and type by the requester.
    public var lookups: Int
    /// How many of them the requester's cache answered.
    public var cacheHits: Int
    /// How many found nothing.
    public var misses: Int

    /// The requester's lookups grouped by (name, type), in order of first lookup.
    public static func summarize(_ lookups: [DependencyLookup]) -> [ResolvedDependency] {
        var summary = Summary()
        for lookup in lookups { summary.add(lookup) }
        return summary.entries
    }

    /// One requester's lookups summed as they come, so a million of them need not be gathered
    /// first. A run repeats one lookup many times over (a cache hit in a loop), so a lookup like
    /// the one before it is counted without hashing its name and type again.
    public struct Summary: Sendable {
        private struct Key: Hashable {
            var name: String
            var type: String
        }

        /// By (name, type), in order of first lookup.
        public private(set) var entries: [ResolvedDependency] = []
        private var indexOf: [Key: Int] = [:]
        private var last: (name: String, type: String, index: Int)?

        public init() {}

        public mutating func add(_ lookup: DependencyLookup) {
            let at: Int
            if let last, last.name == lookup.name, last.type == lookup.type {
                at = last.index
            } else {
                let key = Key(name: lookup.name, type: lookup.type)
                if let known = indexOf[key] {
                    at = known
                } else {
                    at = entries.count
                    indexOf[key] = at
                    entries.append(ResolvedDependency(name: lookup.name, type: lookup.type, provider: nil, hops: 0, lookups: 0, cacheHits: 0, misses: 0))
                }
                last = (lookup.name, lookup.type, at)
            }
            let count = 1 + (lookup.repeats ?? 0)
            entries[at].lookups += count
            if lookup.cacheHit { entries[at].cacheHits += count }
            if let provider = lookup.provider {
                if !lookup.cacheHit {
                    entries[at].hops = lookup.walk.firstIndex(of: provider) ?? 0
                }
                entries[at].provider = provider
            } else {
                entries[at].misses += 1
            }
        }
    }
}
