import GraphInspect

/// Reads what `BaselineWriter` wrote back into a snapshot, so `diff` compares a baseline kept in
/// git with a run, and its comment and pictures work on it as on a recording.
///
/// What a baseline does not keep is rebuilt from what it does: each lookup's walk is its
/// requester's ancestors up to its answer (up to the root when nothing answered); each live
/// module or holder under a holder is attached to it; each router is set on the module or
/// holder above its view component. An ancestor without a line of its own (released when the
/// baseline was written) comes back as a released node. Builder runs, cache hits and source
/// locations are not in a baseline, so the replays have nothing to play from one.
public struct BaselineReader: Sendable {
    /// Larger input is refused (and not written): a baseline is a few hundred bytes a node, so
    /// this is 100,000 nodes at a depth no app has; a tree thousands deep has paths this long.
    public static let maxBytes = 64 << 20

    public init() {}

    /// Whether `head`, the first bytes of a file, opens a baseline.
    public static func opensBaseline(_ head: some Collection<UInt8>) -> Bool {
        head.starts(with: BaselineSyntax.headerPrefix.utf8)
    }

    public func read(_ text: String, path: String) throws(BaselineError) -> GraphSnapshot {
        var parsed = ParsedBaseline(path: path)
        try parsed.parse(text)
        return try parsed.snapshot()
    }
}

/// A node as a baseline names it: its kind, its path's elements, and its number among the
/// nodes of that path (1 for the first).
private struct NodeName: Hashable {
    struct Element: Hashable {
        var type: String
        var key: String?
    }

    var kind: NodeKind
    var chain: [Element]
    var ordinal: Int
}

/// One indented line, kept until every node is known.
private enum Fact {
    case builtWith(NodeName)
    case provides(Provider)
    case resolves(name: String, type: String, answer: Answer)
    case finds(target: ModuleLookup.Target, key: String, answer: Answer)
    case retained(GraphNode.RetainedVerdict)
}

private enum Answer {
    case this, missing, released, node(NodeName)
}

private struct ParsedBaseline {
    let path: String
    /// Node lines in file order, each with its line number and facts.
    var nodes: [(name: NodeName, line: Int, facts: [(fact: Fact, line: Int)])] = []
    var lineOf: [NodeName: Int] = [:]

    init(path: String) { self.path = path }

    func fail(_ line: Int, _ problem: BaselineProblem) -> BaselineError {
        BaselineError(path: path, line: line, problem: problem)
    }

    // MARK: Lines

    mutating func parse(_ text: String) throws(BaselineError) {
        guard text.utf8.count <= BaselineReader.maxBytes else { throw fail(0, .tooLarge(limit: BaselineReader.maxBytes)) }
        var number = 0
        for rawLine in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            number += 1
            var line = Substring(rawLine)
            if line.utf8.last == UInt8(ascii: "\r") { line = line.dropLast() }  // checked out with CRLF
            if number == 1 {
                try header(line)
                continue
            }
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("  ") {
                guard !nodes.isEmpty else { throw fail(number, .factWithoutNode) }
                nodes[nodes.count - 1].facts.append((try fact(line, line: number), number))
                continue
            }
            var scanner = BaselineScanner(line)
            let name = try nodeName(&scanner, line: number)
            try end(scanner, line: number)
            if let first = lineOf[name] { throw fail(number, .duplicateNode(firstLine: first)) }
            lineOf[name] = number
            nodes.append((name, number, []))
        }
        if number == 0 { throw fail(0, .notABaseline) }
    }

    func header(_ line: Substring) throws(BaselineError) {
        var scanner = BaselineScanner(line)
        guard scanner.take(BaselineSyntax.headerPrefix), let version = scanner.number() else { throw fail(1, .notABaseline) }
        guard version == BaselineSyntax.version else { throw fail(1, .unsupportedVersion(version)) }
    }

    /// `expected` was not at the scanner's position (columns count from 1, indent included).
    func malformed(_ scanner: BaselineScanner, _ expected: String, line: Int) -> BaselineError {
        fail(line, .malformed(expected: expected, column: scanner.position + 1, found: scanner.rest))
    }

    func end(_ scanner: BaselineScanner, line: Int) throws(BaselineError) {
        guard scanner.atEnd else { throw malformed(scanner, "the end of the line", line: line) }
    }

    /// `kind ^->Type "key"->Type (2)`.
    func nodeName(_ scanner: inout BaselineScanner, line: Int) throws(BaselineError) -> NodeName {
        guard let kind = scanner.name() else { throw malformed(scanner, "a node's kind (component, holder, module...)", line: line) }
        guard scanner.take(" ^") else { throw malformed(scanner, "\" ^->\" and the node's path", line: line) }
        var chain: [NodeName.Element] = []
        while scanner.take("->") {
            guard let type = scanner.type() else { throw malformed(scanner, "a type", line: line) }
            var element = NodeName.Element(type: type)
            var probe = scanner
            if probe.take(" ") {
                var quote = probe
                if quote.take("\"") {
                    guard let key = probe.quoted() else { throw malformed(probe, "a key in double quotes, closed, with \\\" \\\\ \\n \\r \\t \\u{...} escapes", line: line) }
                    element.key = key
                    scanner = probe
                }
            }
            chain.append(element)
        }
        guard !chain.isEmpty else { throw malformed(scanner, "\"->\" and a type", line: line) }
        var ordinal = 1
        if scanner.take(" ") {
            let start = scanner
            guard scanner.take("("), let number = scanner.number(), number >= 2, scanner.take(")") else {
                throw malformed(start, "(2), (3)...: the node's place among nodes of one path", line: line)
            }
            ordinal = number
        }
        return NodeName(kind: NodeKind(kind), chain: chain, ordinal: ordinal)
    }

    /// An indented line, its two spaces included.
    func fact(_ text: Substring, line: Int) throws(BaselineError) -> Fact {
        var scanner = BaselineScanner(text)
        _ = scanner.take("  ")
        let fact = try factBody(&scanner, line: line)
        try end(scanner, line: line)
        return fact
    }

    private func factBody(_ scanner: inout BaselineScanner, line: Int) throws(BaselineError) -> Fact {
        if scanner.take(BaselineSyntax.Fact.builtWith.rawValue + " ") {
            return .builtWith(try nodeName(&scanner, line: line))
        }
        if scanner.take(BaselineSyntax.Fact.provides.rawValue + " ") {
            let (name, type) = try nameAndType(&scanner, line: line)
            var form = Provider.Form.stored
            if scanner.take(" ") {
                let start = scanner
                guard scanner.take("("), let word = scanner.name(), let named = Provider.Form(rawValue: word), named != .stored, scanner.take(")") else {
                    throw malformed(start, "a provider's form: (lazy), (lazyVar), (computed) or (storedClosure)", line: line)
                }
                form = named
            }
            return .provides(Provider(name: name, type: type, form: form))
        }
        if scanner.take(BaselineSyntax.Fact.resolves.rawValue + " ") {
            let (name, type) = try nameAndType(&scanner, line: line)
            return .resolves(name: name, type: type, answer: try answer(&scanner, line: line))
        }
        if scanner.take(BaselineSyntax.Fact.finds.rawValue + " ") {
            guard let word = scanner.name(), let target = ModuleLookup.Target(rawValue: word), scanner.take(" ") else {
                throw malformed(scanner, "module or router, and a space", line: line)
            }
            guard let key = scanner.quoted() else { throw malformed(scanner, "a quoted key", line: line) }
            return .finds(target: target, key: key, answer: try answer(&scanner, line: line))
        }
        if scanner.take(BaselineSyntax.Fact.retained.rawValue + ": ") {
            for (word, verdict) in BaselineSyntax.verdicts where scanner.take(word) { return .retained(verdict) }
            throw malformed(scanner, "a verdict: " + BaselineSyntax.verdicts.map(\.word).joined(separator: " or "), line: line)
        }
        let facts = BaselineSyntax.Fact.allCases.map(\.rawValue).joined(separator: ", ")
        throw malformed(scanner, "a fact (\(facts))", line: line)
    }

    private func nameAndType(_ scanner: inout BaselineScanner, line: Int) throws(BaselineError) -> (String, String) {
        guard let name = scanner.name(), scanner.take(": ") else { throw malformed(scanner, "a name and \": \"", line: line) }
        guard let type = scanner.type() else { throw malformed(scanner, "a type", line: line) }
        return (name, type)
    }

    private func answer(_ scanner: inout BaselineScanner, line: Int) throws(BaselineError) -> Answer {
        guard scanner.take(" <- ") else { throw malformed(scanner, "\" <- \" and what answered", line: line) }
        for (word, answer) in [(BaselineSyntax.selfAnswer, Answer.this), (Keyed.missing, .missing), (BaselineSyntax.releasedAnswer, .released)] {
            var probe = scanner
            if probe.take(word), probe.atEnd {
                scanner = probe
                return answer
            }
        }
        let start = scanner
        do {
            return .node(try nodeName(&scanner, line: line))
        } catch {
            throw malformed(start, "what answered: self, MISSING, released, or a node (kind ^->Type...)", line: line)
        }
    }

    // MARK: Snapshot

    func snapshot() throws(BaselineError) -> GraphSnapshot {
        var built = SnapshotParts()
        // Parents before children: shorter paths first, file order among equals (which keeps
        // the numbering of nodes that share a path).
        let order = nodes.indices.sorted { (nodes[$0].name.chain.count, $0) < (nodes[$1].name.chain.count, $1) }
        var idOf: [NodeName: ObjectID] = [:]
        for index in order {
            let name = nodes[index].name
            let parent = built.ancestor(Array(name.chain.dropLast()), below: name.kind)
            let element = name.chain[name.chain.count - 1]
            idOf[name] = built.add(NodeCreated(id: ObjectID(0), kind: name.kind, type: element.type, key: element.key, parent: parent), chain: name.chain)
        }
        func id(_ name: NodeName, line: Int) throws(BaselineError) -> ObjectID {
            guard let id = idOf[name] else { throw fail(line, .unknownNode(BaselineSyntax.spelled(name.kind, name.chain.map { ($0.type, $0.key) }, ordinal: name.ordinal))) }
            return id
        }
        for index in order {
            let requester = idOf[nodes[index].name]!
            /// The node that answered a lookup of `requester`, nil when nothing did.
            func answered(_ answer: Answer, line: Int) throws(BaselineError) -> ObjectID? {
                switch answer {
                case .this: requester
                case .missing: nil
                case .released: built.releasedAnswer()
                case .node(let node): try id(node, line: line)
                }
            }
            for (fact, line) in nodes[index].facts {
                switch fact {
                case .builtWith(let component):
                    built.nodes[built.index(requester)].component = try id(component, line: line)
                case .provides(let provider):
                    built.nodes[built.index(requester)].providers = (built.nodes[built.index(requester)].providers ?? []) + [provider]
                case .resolves(let name, let type, let answer):
                    let provider = try answered(answer, line: line)
                    built.lookups.append(.lookup(DependencyLookup(
                        requester: requester, name: name, type: type, walk: built.walk(from: requester, to: provider),
                        provider: provider, cacheHit: false
                    )))
                case .finds(let target, let key, let answer):
                    let holder = try answered(answer, line: line)
                    let module = holder.map { found in built.child(of: found, key: key) ?? found }
                    built.lookups.append(.moduleLookup(ModuleLookup(
                        requester: requester, key: key, target: target, walk: built.walk(from: requester, to: holder),
                        module: module, holder: holder
                    )))
                case .retained(let verdict):
                    built.nodes[built.index(requester)].retained = verdict
                }
            }
        }
        return built.snapshot()
    }
}

extension BaselineSyntax {
    /// A node's name as a baseline line spells it.
    static func spelled(_ kind: NodeKind, _ chain: [(type: String, key: String?)], ordinal: Int) -> String {
        Quoted.name(kind.rawValue) + " ^" + chain.map { "->" + element(type: $0.type, key: $0.key) }.joined()
            + (ordinal > 1 ? " (\(ordinal))" : "")
    }
}

/// The snapshot being rebuilt: nodes numbered 1, 2, 3... as added.
private struct SnapshotParts {
    var nodes: [GraphNode] = []
    var lookups: [GraphEvent] = []
    /// The first node of each path, where children find their parent.
    private var byChain: [[NodeName.Element]: ObjectID] = [:]
    private var released: [ObjectID] = []
    private var releasedStandIn: ObjectID?

    func index(_ id: ObjectID) -> Int { Int(id.rawValue) - 1 }

    mutating func add(_ created: NodeCreated, chain: [NodeName.Element]) -> ObjectID {
        var created = created
        created.id = ObjectID(UInt64(nodes.count + 1))
        if created.kind == .component { created.providers = [] }
        nodes.append(GraphNode(created: created))
        if byChain[chain] == nil { byChain[chain] = created.id }
        return created.id
    }

    /// The node at `chain`, made (released, with its own ancestors) when no line names it.
    mutating func ancestor(_ chain: [NodeName.Element], below kind: NodeKind) -> ObjectID? {
        guard let element = chain.last else { return nil }
        if let known = byChain[chain] { return known }
        let kind = kind.parentKind
        let parent = ancestor(Array(chain.dropLast()), below: kind)
        let id = add(NodeCreated(id: ObjectID(0), kind: kind, type: element.type, key: element.key, parent: parent), chain: chain)
        nodes[index(id)].released = true
        released.append(id)
        return id
    }

    /// One released node that answers every lookup a baseline says a released node answered.
    mutating func releasedAnswer() -> ObjectID {
        if let releasedStandIn { return releasedStandIn }
        let id = ObjectID(UInt64(nodes.count + 1))
        nodes.append(GraphNode(created: NodeCreated(id: id, kind: .component, type: "?", providers: [])))
        nodes[index(id)].released = true
        released.append(id)
        releasedStandIn = id
        return id
    }

    /// `from` and its ancestors up to `to` (to the root when `to` is not one of them).
    func walk(from: ObjectID, to: ObjectID?) -> [ObjectID] {
        var walk: [ObjectID] = []
        var current: ObjectID? = from
        while let next = current, walk.count < nodes.count {
            walk.append(next)
            if next == to { break }
            current = nodes[index(next)].parent
        }
        return walk
    }

    /// Live nodes by parent and key, indexed when a module lookup first asks (every node with a
    /// line is made by then).
    private var keyedChildren: [ObjectID: [String: ObjectID]]?

    /// The live node under `holder` with `key`: the module a module lookup found.
    mutating func child(of holder: ObjectID, key: String) -> ObjectID? {
        if keyedChildren == nil {
            var index: [ObjectID: [String: ObjectID]] = [:]
            for node in nodes where !node.released {
                guard let parent = node.parent, let key = node.key, index[parent]?[key] == nil else { continue }
                index[parent, default: [:]][key] = node.id
            }
            keyedChildren = index
        }
        return keyedChildren?[holder]?[key]
    }

    /// Attachments as the runtime makes them, then the lookups, then what was released.
    mutating func snapshot() -> GraphSnapshot {
        var events = nodes.map { node in
            GraphEvent.created(NodeCreated(
                id: node.id, kind: node.kind, type: node.type, key: node.key, parent: node.parent,
                component: node.component, providers: node.providers
            ))
        }
        for node in nodes where !node.released {
            guard let parent = node.parent else { continue }
            if [.module, .holder].contains(node.kind), nodes[index(parent)].kind == .holder {
                events.append(.moduleAttached(ModuleAttachment(holder: parent, module: node.id)))
                // Alive after its holder let it go: attached, then detached (its verdict on the node).
                if node.retained != nil {
                    events.append(.moduleDetached(ModuleAttachment(holder: parent, module: node.id)))
                } else {
                    nodes[index(parent)].modules?.append(node.id)
                }
            }
            if node.kind == .router, nodes[index(parent)].kind == .viewComponent, let owner = nodes[index(parent)].parent,
               [.module, .holder].contains(nodes[index(owner)].kind) {
                nodes[index(owner)].router = node.id
                events.append(.routerAttached(RouterAttachment(module: owner, router: node.id)))
            }
        }
        events += lookups
        events += released.map { .released(Released(id: $0)) }
        return GraphSnapshot(nodes: nodes, events: events)
    }
}
