import GraphInspect

/// What changed between two recordings of an app: nodes added or removed, nodes whose parent or
/// holder changed, lookups whose provider changed or that now fail (or now succeed).
///
/// Ids differ between runs, so nodes are matched by their path: kind, type and key of the node and
/// of every ancestor up to the root (`component ^->AppComponent->HomeComponent`), with a count for
/// siblings that share all of that.
public struct GraphDiff: Sendable, Equatable {
    public enum Change: Sendable, Equatable {
        case added(path: String)
        case removed(path: String)
        /// Same node, another parent (a component) or holder (a module).
        case moved(path: String, from: String, to: String)
        /// A lookup answered by another provider, or now failing, or now succeeding.
        case lookup(requester: String, name: String, type: String, before: String, after: String)
    }

    public var changes: [Change]

    public var isEmpty: Bool { changes.isEmpty }

    public init(old: GraphSnapshot, new: GraphSnapshot) {
        let before = Keyed(old), after = Keyed(new)
        var changes: [Change] = []
        for key in before.order where after.byKey[key] == nil { changes.append(.removed(path: key)) }
        for key in after.order where before.byKey[key] == nil { changes.append(.added(path: key)) }
        // A path includes the node's ancestors, so a node that moved shows up as removed at its
        // old path and added at its new one. Where exactly one node of a kind, type and key (its
        // identity) lives in each run and their paths differ, that pair is one move: say so.
        for (identity, oldKeys) in before.byIdentity {
            guard let newKeys = after.byIdentity[identity], oldKeys.count == 1, newKeys.count == 1,
                  oldKeys[0] != newKeys[0] else { continue }
            changes.removeAll { $0 == .removed(path: oldKeys[0]) || $0 == .added(path: newKeys[0]) }
            changes.append(.moved(path: identity, from: before.parentPath[oldKeys[0]] ?? "^", to: after.parentPath[newKeys[0]] ?? "^"))
        }
        let oldLookups = before.lookups, newLookups = after.lookups
        for key in (Set(oldLookups.keys).union(newLookups.keys)).sorted(by: { $0.sortKey < $1.sortKey }) {
            let was = oldLookups[key], now = newLookups[key]
            guard let was, let now, was != now else { continue }
            changes.append(.lookup(requester: key.requester, name: key.name, type: key.type, before: was, after: now))
        }
        self.changes = changes
    }

    /// `-`/`+`/`~` lines, one per change, in a stable order; control characters shown escaped.
    public func text() -> String {
        guard !changes.isEmpty else { return "graphinspect diff: no changes\n" }
        var out = "graphinspect diff: \(changes.count) \(changes.count == 1 ? "change" : "changes")\n"
        for change in changes {
            switch change {
            case .removed(let path): out += "- \(Quoted.visible(path))\n"
            case .added(let path): out += "+ \(Quoted.visible(path))\n"
            case .moved(let path, let from, let to): out += Quoted.visible("~ \(path): moved from under \(from) to under \(to)") + "\n"
            case .lookup(let requester, let name, let type, let before, let after):
                out += Quoted.visible("~ lookup \(Quoted.name(name)): \(ShortTypeName.of(type)) by \(requester): \(before) -> \(after)") + "\n"
            }
        }
        return out
    }
}

/// One snapshot's live nodes by path, and its lookups by (requester path, name, type).
struct Keyed {
    struct LookupKey: Hashable {
        var requester: String
        var name: String
        var type: String
        var sortKey: String { requester + "\u{0}" + name + "\u{0}" + type }
    }

    var byKey: [String: ObjectID] = [:]
    var order: [String] = []
    var keyOf: [ObjectID: String] = [:]
    var parentPath: [String: String] = [:]
    /// A node's kind, type and key without its ancestors, to the full keys that have it.
    var byIdentity: [String: [String]] = [:]
    var lookups: [LookupKey: String] = [:]
    /// Module and router lookups: the requesting holder's path, the key, and `module`/`router`
    /// as the type; answered by the holder found, or MISSING.
    var moduleLookups: [LookupKey: String] = [:]
    /// Each live component's providers, by its path: `name: Type`.
    var providers: [String: Set<String>] = [:]

    init(_ snapshot: GraphSnapshot) {
        var seen: [String: Int] = [:]
        for node in snapshot.liveNodes {
            let path = Self.path(of: node, in: snapshot)
            let count = (seen[path] ?? 0) + 1
            seen[path] = count
            let key = count == 1 ? path : path + " (\(count))"
            byKey[key] = node.id
            keyOf[node.id] = key
            order.append(key)
            let identity = node.kind.rawValue + " " + Self.name(node)
            byIdentity[identity, default: []].append(key)
            parentPath[key] = node.parent.flatMap(snapshot.node).map { Self.chain(of: $0, in: snapshot) } ?? "^"
            if let declared = node.providers, !declared.isEmpty {
                providers[key] = Set(declared.map { $0.name + ": " + ShortTypeName.of($0.type) })
            }
        }
        for lookup in snapshot.moduleLookups {
            guard let requester = keyOf[lookup.requester] else { continue }
            let answer = lookup.module == nil ? "MISSING" : lookup.holder.map { keyOf[$0] ?? "released node" } ?? "released node"
            moduleLookups[LookupKey(requester: requester, name: lookup.key, type: lookup.target.rawValue)] = answer
        }
        for lookup in snapshot.lookups where !lookup.cacheHit {
            guard let requester = keyOf[lookup.requester] else { continue }
            let answer = lookup.provider.map { keyOf[$0] ?? "released node" } ?? "MISSING"
            lookups[LookupKey(requester: requester, name: lookup.name, type: lookup.type)] = answer
        }
    }

    static func name(_ node: GraphNode) -> String {
        node.shortType + (node.key.map { " " + Quoted.string($0) } ?? "")
    }

    /// `^->AppComponent->HomeComponent`: the node and its ancestors by name.
    static func chain(of node: GraphNode, in snapshot: GraphSnapshot) -> String {
        var names: [String] = []
        var seen: Set<ObjectID> = []
        var current: GraphNode? = node
        while let next = current, seen.insert(next.id).inserted {
            names.append(name(next))
            current = next.parent.flatMap(snapshot.node)
        }
        return "^->" + names.reversed().joined(separator: "->")
    }

    static func path(of node: GraphNode, in snapshot: GraphSnapshot) -> String {
        node.kind.rawValue + " " + chain(of: node, in: snapshot)
    }
}
