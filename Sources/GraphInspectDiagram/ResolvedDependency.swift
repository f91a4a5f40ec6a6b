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
        var order: [String] = []
        var byKey: [String: ResolvedDependency] = [:]
        for lookup in lookups {
            let key = lookup.name + "\u{0}" + lookup.type
            var entry = byKey[key] ?? {
                order.append(key)
                return ResolvedDependency(
                    name: lookup.name, type: lookup.type, provider: nil, hops: 0, lookups: 0, cacheHits: 0, misses: 0
                )
            }()
            let count = 1 + (lookup.repeats ?? 0)
            entry.lookups += count
            if lookup.cacheHit { entry.cacheHits += count }
            if let provider = lookup.provider {
                if !lookup.cacheHit {
                    entry.hops = lookup.walk.firstIndex(of: provider) ?? 0
                }
                entry.provider = provider
            } else {
                entry.misses += 1
            }
            byKey[key] = entry
        }
        return order.compactMap { byKey[$0] }
    }
}
