import GraphInspect

/// `query provider NAME --from COMPONENT`: which provider answers the name for the component,
/// along each parent chain that reaches it.
public struct ProviderAnswer: Sendable, Equatable, Codable {
    public var query = "provider"
    public var name: String
    /// The component asked from, as Swift writes its type.
    public var from: String
    /// One entry per distinct answer over the component's chains (one in a tree, more where the
    /// component is made below several parents).
    public var answers: [Answer]

    public struct Answer: Sendable, Hashable, Codable, Comparable {
        /// The component whose provider answers, or nil when nothing on the chain provides it.
        public var provider: String?
        /// The provider's declared type.
        public var type: String?
        /// Parents climbed from the asking component to the provider (0: it provides it itself).
        public var hops: Int?
        /// The components from the asking one up to the provider, or the whole chain when none answers.
        public var path: [String]
        /// Where the provider is declared (from the sources).
        public var file: String?
        public var line: Int?
        /// When the provider's type is optional: the component farther up that answers while its
        /// value is nil (the runtime skips a nil provider and climbs on), if any.
        public var whenNil: String?
        /// `lookup` when the graph holds a lookup of the name from there (so the answer is the
        /// one `check` or the run found, types compared); `name` when it holds none and the
        /// answer is the nearest provider of that name.
        public var by: String

        public static func < (a: Self, b: Self) -> Bool {
            if a.path.count != b.path.count { return a.path.count < b.path.count }
            if a.path != b.path { return a.path.lexicographicallyPrecedes(b.path) }
            return (a.provider ?? "", a.by) < (b.provider ?? "", b.by)
        }
    }
}

extension QueryGraph {
    public func provider(_ typedName: String, from typedComponent: String) throws(QueryError) -> ProviderAnswer {
        let type = try componentType(typedComponent)
        let name = try dependencyName(typedName)
        let asking = Set(componentsOfType[type] ?? [])
        // Each node's lookup of the name: the first that walked (a cache hit only names the provider).
        var made: [ObjectID: DependencyLookup] = [:]
        for (_, lookup) in lookups where lookup.name == name && asking.contains(lookup.requester) {
            if made[lookup.requester].map({ $0.cacheHit && !lookup.cacheHit }) ?? true { made[lookup.requester] = lookup }
        }
        var answers: Set<ProviderAnswer.Answer> = []
        for node in componentsOfType[type] ?? [] {
            let chain = self.chain(from: node)
            let answering: ObjectID?
            let by: String
            if let recorded = made[node] {
                answering = recorded.provider
                by = "lookup"
            } else {
                answering = chain.first { provider(name, of: $0) != nil }
                by = "name"
            }
            let path = answering.flatMap { chain.firstIndex(of: $0) }.map { Array(chain[...$0]) } ?? chain
            let declared = answering.flatMap { provider(name, of: $0) ?? nodes[$0]?.providers?.first { $0.name == name } }
            let place = answering.flatMap { nodes[$0] }.flatMap { declaration(of: name, in: $0.type) }
            var whenNil: String?
            if let answering, let declared, declared.type.hasPrefix("Swift.Optional<"), let at = chain.firstIndex(of: answering) {
                whenNil = chain[(at + 1)...].first { provider(name, of: $0) != nil }.map(self.name(of:))
            }
            answers.insert(ProviderAnswer.Answer(
                provider: answering.map(self.name(of:)), type: declared.map { names.display($0.type) },
                hops: answering == nil ? nil : path.count - 1, path: path.map(self.name(of:)),
                file: place?.file, line: place?.line, whenNil: whenNil, by: by
            ))
        }
        return ProviderAnswer(name: name, from: names.display(type), answers: answers.sorted())
    }
}
