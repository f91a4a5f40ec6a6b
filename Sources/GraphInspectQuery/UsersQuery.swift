import GraphInspect

/// `query users COMPONENT.NAME`: every lookup that resolves at that provider.
public struct UsersAnswer: Sendable, Equatable, Codable {
    public var query = "users"
    /// `COMPONENT.NAME`, as Swift writes the type.
    public var provider: String
    /// Where it is declared (from the sources).
    public var file: String?
    public var line: Int?
    public var users: [User]

    public struct User: Sendable, Hashable, Codable, Comparable {
        /// Where the lookup is written: from the sources always, from a run when the lookup's
        /// call site was captured.
        public var file: String?
        public var line: Int?
        /// The component that asks.
        public var requester: String
        /// Lookups counted: in a run, how many were made (cache hits included); from the sources,
        /// how many parent chains reach the asking component.
        public var count: Int
        /// Parents climbed to reach the provider (the fewest, over those lookups).
        public var hops: Int

        public static func < (a: Self, b: Self) -> Bool {
            (a.file ?? "", a.line ?? 0, a.requester) < (b.file ?? "", b.line ?? 0, b.requester)
        }
    }
}

extension QueryGraph {
    public func users(of typed: String) throws(QueryError) -> UsersAnswer {
        let (type, name) = try providerReference(typed)
        var users: [UsersAnswer.User] = []
        var entry: [String: Int] = [:]
        for (index, lookup) in lookups where lookup.name == name {
            guard let provider = lookup.provider, nodes[provider]?.type == type else { continue }
            let place = place(ofLookupAt: index, lookup)
            let requester = self.name(of: lookup.requester)
            let hops = hops(of: lookup, to: provider)
            let key = "\(place?.file ?? "")\u{0}\(place?.line ?? 0)\u{0}\(requester)"
            let count = 1 + (lookup.repeats ?? 0)
            if let at = entry[key] {
                users[at].count += count
                users[at].hops = min(users[at].hops, hops)
            } else {
                entry[key] = users.count
                users.append(UsersAnswer.User(file: place?.file, line: place?.line, requester: requester, count: count, hops: hops))
            }
        }
        let declared = declaration(of: name, in: type)
        return UsersAnswer(provider: "\(names.display(type)).\(name)", file: declared?.file, line: declared?.line, users: users.sorted())
    }

    /// Parents climbed from the requester to the provider: the walk's, or (a cache hit records
    /// only the requester) the difference of their depths.
    func hops(of lookup: DependencyLookup, to provider: ObjectID) -> Int {
        if !lookup.cacheHit, lookup.walk.last == provider { return lookup.walk.count - 1 }
        if let below = depths[lookup.requester], let above = depths[provider], below >= above { return below - above }
        return chain(from: lookup.requester).firstIndex(of: provider) ?? 0
    }
}
