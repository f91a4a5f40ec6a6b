import GraphInspect
import GraphInspectCheckContract

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
    /// Modules and holders retained after detach (leaks, `RetainedAfterDetach`) in the new run
    /// and not the old, and in the old and not the new, by path. Only recordings with times (a
    /// trace, a running app) can have any: a snapshot's JSON and a baseline carry none.
    public var newLeaks: [String] = []
    public var fixedLeaks: [String] = []
    /// Each new leak's report, as `why` words it from the new run.
    public var leakReports: [String: String] = [:]
    /// How each run ended, when its recording says (`GraphSnapshot.ending`).
    public var oldEnding: RunEnding?, newEnding: RunEnding?
    /// Findings of a rules file in the new run that its baseline does not list and the old run
    /// did not have, set by the caller that holds the runs to the rules (`diff --rules`).
    public var newRuleFindings: [StaticDiagnostic] = []
    /// What got slower or faster beyond the runs' noise (`diff` sets it from the recordings'
    /// times): reported after the changes of shape, never one of them.
    public var costChanges = CostChanges()
    /// Both runs keyed by path, kept for the comment and the picture made from this diff.
    let before: Keyed, after: Keyed

    /// Whether how the runs ended is a change: the new run crashed or failed (whatever the old
    /// one did: a change of shape may be all it cut short), or the old one did and the new one
    /// did not.
    public var endingChanged: Bool {
        guard let newEnding else { return false }
        return newEnding.failed || oldEnding?.failed == true
    }

    public var isEmpty: Bool { changes.isEmpty && newLeaks.isEmpty && fixedLeaks.isEmpty && !endingChanged && newRuleFindings.isEmpty }

    public static func == (a: Self, b: Self) -> Bool {
        a.changes == b.changes && a.newLeaks == b.newLeaks && a.fixedLeaks == b.fixedLeaks && a.oldEnding == b.oldEnding
            && a.newEnding == b.newEnding && a.newRuleFindings == b.newRuleFindings
    }

    public init(old: GraphSnapshot, new: GraphSnapshot, leakGrace: UInt64 = RetainedAfterDetach.defaultGrace) {
        let before = Keyed(old), after = Keyed(new)
        self.before = before
        self.after = after
        oldEnding = old.ending
        newEnding = new.ending
        // A recording whose detaches or releases carry no times cannot tell a leak from a module
        // released later; compared with it, no leak is new or fixed.
        let judged = Self.tellsLeaks(old) && Self.tellsLeaks(new)
        let leakedBefore = judged ? RetainedAfterDetach.find(in: old, grace: leakGrace).filter(\.isLeak) : []
        let leakedAfter = judged ? RetainedAfterDetach.find(in: new, grace: leakGrace).filter(\.isLeak) : []
        let pathsBefore = Set(leakedBefore.compactMap { before.keyOf[$0.node] })
        var pathsAfter: Set<String> = []
        for leak in leakedAfter {
            guard let path = after.keyOf[leak.node] else { continue }
            pathsAfter.insert(path)
            if !pathsBefore.contains(path) { leakReports[path] = leak.report(in: new, grace: leakGrace) }
        }
        newLeaks = pathsAfter.subtracting(pathsBefore).sorted()
        fixedLeaks = pathsBefore.subtracting(pathsAfter).sorted()
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
            if let was, let now, was != now {
                changes.append(.lookup(requester: key.requester, name: key.name, type: key.type, before: was, after: now))
            } else if was == nil || now == nil, was == Keyed.missing || now == Keyed.missing {
                // A lookup one run did not make is the component's own business, unless it failed:
                // a new missing dependency (or one gone) is a change of shape, always.
                changes.append(.lookup(requester: key.requester, name: key.name, type: key.type,
                                       before: was ?? Keyed.notMade, after: now ?? Keyed.notMade))
            }
        }
        self.changes = changes
    }

    /// Whether every detach and release of `snapshot` carries its time (a trace or a running
    /// app's recording does; a snapshot's JSON and a baseline do not).
    static func tellsLeaks(_ snapshot: GraphSnapshot) -> Bool {
        !snapshot.events.contains { event in
            switch event {
            case .moduleDetached(let attachment): attachment.time == nil
            case .released(let released): released.time == nil
            default: false
            }
        }
    }

    /// `-`/`+`/`~` lines, one per change, in a stable order; control characters shown escaped. A
    /// run that crashed or failed comes first, in a `!` line; new rule findings last, as `check`
    /// prints them, after `+ rule`.
    public func text() -> String {
        shapeText() + costText()
    }

    /// The cost lines: `~ slower: builder FeedBuilder: 40.2 ms -> 80.5 ms (+40.3 ms, 2.00x)`.
    private func costText() -> String {
        guard !costChanges.isEmpty else { return "" }
        var out = "costs changed beyond the noise (\(costChanges.basis)):\n"
        for change in costChanges.slower { out += "~ slower: " + change.line + "\n" }
        for change in costChanges.faster { out += "~ faster: " + change.line + "\n" }
        return out
    }

    private func shapeText() -> String {
        guard !isEmpty else { return "graphinspect diff: no changes\n" }
        let ending = endingChanged ? EndingWords.text.line(old: oldEnding, new: newEnding) : nil
        let count = changes.count + newLeaks.count + fixedLeaks.count + (ending == nil ? 0 : 1) + newRuleFindings.count
        var out = "graphinspect diff: \(count) \(count == 1 ? "change" : "changes")\n"
        if let ending { out += Quoted.visible("! " + ending.lead + ending.rest) + "\n" }
        for change in changes {
            switch change {
            case .removed(let path): out += "- \(Quoted.visible(path))\n"
            case .added(let path): out += "+ \(Quoted.visible(path))\n"
            case .moved(let path, let from, let to): out += Quoted.visible("~ \(path): moved from under \(from) to under \(to)") + "\n"
            case .lookup(let requester, let name, let type, let before, let after):
                out += Quoted.visible("~ lookup \(Quoted.name(name)): \(ShortTypeName.of(type)) by \(requester): \(before) -> \(after)") + "\n"
            }
        }
        for path in newLeaks { out += Quoted.visible("+ retained after detach (a leak): \(path)") + "\n" }
        for path in fixedLeaks { out += Quoted.visible("- retained after detach (a leak, fixed): \(path)") + "\n" }
        for finding in newRuleFindings { out += "+ rule " + finding.formatted() + "\n" }
        return out
    }
}

/// One snapshot's live nodes by path, and its lookups by (requester path, name, type).
struct Keyed: Sendable {
    /// A lookup's answer when nothing answered it, and when what answered it has been released
    /// (no path is either: a path starts with its kind and `^`).
    static let missing = "MISSING", released = "released node"
    /// A lookup's side in a diff when that run did not make it.
    static let notMade = "not made"

    /// How a path spells a node and its kind: for people (`diff`'s lines) or so that it can be
    /// read back (`BaselineText`). Both keep the same paths apart.
    struct Spelling: Sendable {
        var element: @Sendable (GraphNode) -> String
        var kind: @Sendable (NodeKind) -> String

        static let display = Spelling(element: Keyed.name, kind: \.rawValue)
    }

    struct LookupKey: Hashable, Sendable {
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
    /// How far each answered lookup walked: the hops from requester to provider, and the
    /// components (or holders) passed on the way, by name.
    var hops: [LookupKey: Hops] = [:]

    struct Hops: Sendable, Equatable {
        var count: Int
        var via: [String]

        /// The hops of a walk, requester first, that ended at `provider`; nil when it did not.
        init?(walk: [ObjectID], provider: ObjectID?, in snapshot: GraphSnapshot) {
            guard let provider, let index = walk.firstIndex(of: provider) else { return nil }
            count = index
            via = walk.dropFirst().prefix(max(0, index - 1)).map { snapshot.node($0).map(Keyed.name) ?? "?" }
        }
    }

    init(_ snapshot: GraphSnapshot, spelling: Spelling = .display) {
        var seen: [String: Int] = [:]
        var paths = Paths(snapshot, spelling: spelling)
        for node in snapshot.liveNodes {
            let path = paths.path(of: node)
            let count = (seen[path] ?? 0) + 1
            seen[path] = count
            let key = count == 1 ? path : path + " (\(count))"
            byKey[key] = node.id
            keyOf[node.id] = key
            order.append(key)
            let identity = spelling.kind(node.kind) + " " + spelling.element(node)
            byIdentity[identity, default: []].append(key)
            parentPath[key] = node.parent.flatMap(snapshot.node).map { paths.chain(of: $0) } ?? "^"
            if let declared = node.providers, !declared.isEmpty {
                providers[key] = Set(declared.map { $0.name + ": " + ShortTypeName.of($0.type) })
            }
        }
        for lookup in snapshot.moduleLookups {
            guard let requester = keyOf[lookup.requester] else { continue }
            let answer = lookup.module == nil ? Self.missing : lookup.holder.map { keyOf[$0] ?? Self.released } ?? Self.released
            let key = LookupKey(requester: requester, name: lookup.key, type: lookup.target.rawValue)
            moduleLookups[key] = answer
            hops[key] = Hops(walk: lookup.walk, provider: lookup.holder, in: snapshot)
        }
        for lookup in snapshot.lookups where !lookup.cacheHit {
            guard let requester = keyOf[lookup.requester] else { continue }
            let answer = lookup.provider.map { keyOf[$0] ?? Self.released } ?? Self.missing
            let key = LookupKey(requester: requester, name: lookup.name, type: lookup.type)
            lookups[key] = answer
            hops[key] = Hops(walk: lookup.walk, provider: lookup.provider, in: snapshot)
        }
    }

    static func name(_ node: GraphNode) -> String {
        node.shortType + (node.key.map { " " + Quoted.string($0) } ?? "")
    }

    /// Paths of one snapshot's nodes, each ancestor's chain spelled once and reused by its
    /// descendants: a deep tree costs the length of its paths, not that times the depth.
    struct Paths {
        let snapshot: GraphSnapshot
        let spelling: Spelling
        private var chains: [ObjectID: String] = [:]

        init(_ snapshot: GraphSnapshot, spelling: Spelling = .display) {
            self.snapshot = snapshot
            self.spelling = spelling
        }

        /// `^->AppComponent->HomeComponent`: the node and its ancestors by name.
        mutating func chain(of node: GraphNode) -> String {
            if let known = chains[node.id] { return known }
            // Up to the root or the nearest ancestor already spelled, then back down.
            var above: [GraphNode] = []
            var seen: Set<ObjectID> = []
            var current: GraphNode? = node
            var base = "^"
            while let next = current {
                if let known = chains[next.id] { base = known; break }
                guard seen.insert(next.id).inserted else {
                    // A parent cycle (no snapshot read from a file has one): each node's chain
                    // stops where it repeats, so none of these is shared.
                    return "^->" + above.reversed().map(spelling.element).joined(separator: "->")
                }
                above.append(next)
                current = next.parent.flatMap(snapshot.node)
            }
            for ancestor in above.reversed() {
                base += "->" + spelling.element(ancestor)
                chains[ancestor.id] = base
            }
            return base
        }

        /// `component ^->AppComponent->HomeComponent`: the node's kind and chain.
        mutating func path(of node: GraphNode) -> String {
            spelling.kind(node.kind) + " " + chain(of: node)
        }
    }
}
