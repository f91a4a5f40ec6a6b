import GraphInspect

/// What one holder found under one key and target, summed over all its module lookups.
public struct FoundModule: Sendable, Equatable {
    public var key: String
    public var target: ModuleLookup.Target
    /// The holder that held the module, or nil if every lookup failed.
    public var holder: ObjectID?
    /// Holders above the requester that were searched to find it: 0 when it holds the module.
    public var hops: Int
    public var lookups: Int

    /// The requester's module lookups grouped by (key, target), in order of first lookup.
    public static func summarize(_ lookups: [ModuleLookup]) -> [FoundModule] {
        var found: [FoundModule] = []
        for lookup in lookups {
            if let index = found.firstIndex(where: { $0.key == lookup.key && $0.target == lookup.target }) {
                found[index].lookups += 1
                if let holder = lookup.holder { found[index].holder = holder }
            } else {
                found.append(FoundModule(
                    key: lookup.key, target: lookup.target, holder: lookup.holder,
                    hops: lookup.holder.flatMap { lookup.walk.firstIndex(of: $0) } ?? lookup.walk.count, lookups: 1
                ))
            }
        }
        return found
    }
}
