import GraphInspect

/// `query provider NAME --from COMPONENT`: which provider answers the name for the component,
/// along each parent chain that reaches it; where nothing on a chain does, who provides the name
/// elsewhere and the fix `check`'s report gives.
public struct ProviderAnswer: Sendable, Equatable, Codable {
    public var query = "provider"
    public var name: String
    /// The component asked from, as Swift writes its type.
    public var from: String
    /// One entry per distinct answer over the component's chains (one in a tree, more where the
    /// component is made below several parents).
    public var answers: [Answer]

    /// Whether some chain has nothing that answers: the command then exits 1, as `check` does
    /// for the missing dependency.
    public var answersNothing: Bool { answers.contains { $0.provider == nil } }

    public struct Answer: Sendable, Hashable, Codable, Comparable {
        /// The component whose provider answers, or nil when nothing on the chain provides it
        /// (written as `null` in JSON, never left out).
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
        /// When nothing on the chain answers: the components off it that provide the name.
        public var elsewhere: [Elsewhere]?
        /// When nothing on the chain answers: the fix `check`'s missing-dependency report gives
        /// (`ReportWording`), for the type asked (or, with no lookup, the type provided elsewhere).
        public var fix: String?

        public static func < (a: Self, b: Self) -> Bool {
            if a.path.count != b.path.count { return a.path.count < b.path.count }
            if a.path != b.path { return a.path.lexicographicallyPrecedes(b.path) }
            return (a.provider ?? "", a.by) < (b.provider ?? "", b.by)
        }

        enum CodingKeys: String, CodingKey {
            case provider, type, hops, path, file, line, whenNil, by, elsewhere, fix
        }

        /// Every key but `provider` is left out when it has no value; `provider` is `null` then,
        /// so a script reads "nothing answers" without knowing which keys may be absent.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(provider, forKey: .provider)
            try container.encodeIfPresent(type, forKey: .type)
            try container.encodeIfPresent(hops, forKey: .hops)
            try container.encode(path, forKey: .path)
            try container.encodeIfPresent(file, forKey: .file)
            try container.encodeIfPresent(line, forKey: .line)
            try container.encodeIfPresent(whenNil, forKey: .whenNil)
            try container.encode(by, forKey: .by)
            try container.encodeIfPresent(elsewhere, forKey: .elsewhere)
            try container.encodeIfPresent(fix, forKey: .fix)
        }
    }

    /// A component off the asking component's chain that provides the name.
    public struct Elsewhere: Sendable, Hashable, Codable {
        /// Its type, as Swift writes it.
        public var component: String
        /// The provider's declared type.
        public var type: String
        /// Where it is declared (from the sources).
        public var file: String?
        public var line: Int?
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
        var missing: MissingContext?
        for node in componentsOfType[type] ?? [] {
            let chain = self.chain(from: node)
            let answering: ObjectID?
            let by: String
            if let recorded = made[node] {
                answering = recorded.provider
                by = "lookup"
            } else {
                answering = walked(chain).first { provider(name, of: $0) != nil }
                by = "name"
            }
            let path = answering.flatMap { chain.firstIndex(of: $0) }.map { Array(chain[...$0]) } ?? chain
            let declared = answering.flatMap { provider(name, of: $0) ?? nodes[$0]?.providers?.first { $0.name == name } }
            let place = answering.flatMap { nodes[$0] }.flatMap { declaration(of: name, in: $0.type) }
            var whenNil: String?
            if let answering, let declared, declared.type.hasPrefix("Swift.Optional<"), let at = chain.firstIndex(of: answering) {
                whenNil = chain[(at + 1)...].first { provider(name, of: $0) != nil }.map(self.name(of:))
            }
            var answer = ProviderAnswer.Answer(
                provider: answering.map(self.name(of:)), type: declared.map { names.display($0.type) },
                hops: answering == nil ? nil : path.count - 1, path: path.map(self.name(of:)),
                file: place?.file, line: place?.line, whenNil: whenNil, by: by
            )
            if answering == nil {
                let context = missing ?? MissingContext(graph: self, name: name)
                missing = context
                explainMissing(name, from: node, along: chain, asked: made[node]?.type, context: context, into: &answer)
            }
            answers.insert(answer)
        }
        return ProviderAnswer(name: name, from: names.display(type), answers: answers.sorted())
    }

    /// What every chain with nothing that answers is explained from, made once: the components
    /// that provide the name, and the tree `check`'s report is made against.
    struct MissingContext {
        let providing: [(node: GraphNode, provider: Provider)]
        let tree: ComponentTreeView

        init(graph: QueryGraph, name: String) {
            providing = graph.snapshot.nodes.filter { $0.kind == .component }
                .compactMap { node in graph.provider(name, of: node.id).map { (node: node, provider: $0) } }
            tree = ComponentTreeView(snapshot: graph.snapshot, alive: Set(graph.componentsOfType.values.joined()))
        }
    }

    /// For a chain with nothing that answers: the components off it that provide the name, and
    /// the fix `check` would give, from the same report `check` and the runtime word
    /// (`MissingDependency`, `ReportWording`). With no lookup to say which type is asked, the
    /// type the nearest provider elsewhere declares stands for it.
    func explainMissing(_ name: String, from node: ObjectID, along chain: [ObjectID], asked: String?, context: MissingContext, into answer: inout ProviderAnswer.Answer) {
        let onChain = Set(chain)
        let providing = context.providing.filter { !onChain.contains($0.node.id) }
        var elsewhere: [ProviderAnswer.Elsewhere] = []
        var listed: Set<ProviderAnswer.Elsewhere> = []
        for (other, provided) in providing {
            let declared = declaration(of: name, in: other.type)
            let entry = ProviderAnswer.Elsewhere(component: names.display(other.type), type: names.display(provided.type), file: declared?.file, line: declared?.line)
            if listed.insert(entry).inserted { elsewhere.append(entry) }
        }
        answer.elsewhere = elsewhere.isEmpty ? nil : elsewhere
        guard let type = asked ?? providing.first?.provider.type else { return }
        let report = MissingDependency(
            request: MissingDependency.Request(name: name, type: type, requester: node, location: nil), walk: chain, tree: context.tree
        )
        answer.fix = ReportWording.fix(of: report)
    }
}
