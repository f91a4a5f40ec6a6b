import GraphInspect

/// What each requester asked for and never found: a name and type no lookup of it resolved, a
/// module key no module lookup of it found. A diagram draws one "missing" node per such name and
/// type, and per such key, among the requesters it draws; this counts them without drawing.
struct UnresolvedLookups {
    private struct Asked: Hashable {
        var name: String
        var type: String
    }

    /// Per requester, the names and types it never found (hidden cache hits do not count as
    /// found, as a diagram that hides them does not group them).
    private var dependencies: [ObjectID: Set<Asked>] = [:]
    /// Per requester, the module keys of the (key, target) pairs it never found.
    private var modules: [ObjectID: Set<String>] = [:]

    init(_ snapshot: GraphSnapshot, hidingCacheHits: Bool) {
        // Failures are few: find them first, then whether any of the same requester's lookups of
        // the same name and type resolved.
        for case .lookup(let lookup) in snapshot.events where lookup.provider == nil && !(hidingCacheHits && lookup.cacheHit) {
            dependencies[lookup.requester, default: []].insert(Asked(name: lookup.name, type: lookup.type))
        }
        if !dependencies.isEmpty {
            for case .lookup(let lookup) in snapshot.events where lookup.provider != nil && !(hidingCacheHits && lookup.cacheHit) {
                guard dependencies[lookup.requester] != nil else { continue }
                dependencies[lookup.requester]?.remove(Asked(name: lookup.name, type: lookup.type))
            }
        }
        var failed: [ObjectID: Set<[String]>] = [:], found: [ObjectID: Set<[String]>] = [:]
        for lookup in snapshot.moduleLookups {
            let pair = [lookup.key, lookup.target.rawValue]
            if lookup.holder == nil { failed[lookup.requester, default: []].insert(pair) } else { found[lookup.requester, default: []].insert(pair) }
        }
        for (requester, pairs) in failed {
            let missing = pairs.subtracting(found[requester] ?? [])
            if !missing.isEmpty { modules[requester] = Set(missing.map { $0[0] }) }
        }
    }

    /// How many distinct names and types the requesters in `drawn` never found (only `name`'s,
    /// when a diagram keeps one dependency).
    func missingDependencies(askedBy drawn: Set<ObjectID>, named name: String?) -> Int {
        var distinct: Set<Asked> = []
        for (requester, asked) in dependencies where drawn.contains(requester) {
            distinct.formUnion(name.map { name in asked.filter { $0.name == name } } ?? asked)
        }
        return distinct.count
    }

    /// How many distinct module keys the requesters in `drawn` never found.
    func missingModules(askedBy drawn: Set<ObjectID>) -> Int {
        var distinct: Set<String> = []
        for (requester, keys) in modules where drawn.contains(requester) { distinct.formUnion(keys) }
        return distinct.count
    }
}
