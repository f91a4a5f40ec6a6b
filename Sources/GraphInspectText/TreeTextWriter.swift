import GraphInspect
import GraphInspectDiagram

/// Writes a snapshot as indented text: the holder tree with modules and routers, then the
/// component tree with what each component provides and resolved, then what was released.
/// A section with nothing in it is left out.
///
/// Deterministic: the same snapshot always gives the same text, so it can be pinned whole.
/// Iterative, so a 10,000-deep tree does not overflow the stack; indentation stops growing at
/// `maxIndentLevel` and deeper lines carry their depth instead.
public struct TreeTextWriter: Sendable {
    /// Levels of indentation drawn before lines switch to a `[depth N]` prefix.
    public var maxIndentLevel: Int
    /// Whether to print how often things happened (events, lookups, cache hits); without them the
    /// text is the graph's shape alone, what a golden should pin.
    public var counts: Bool
    /// How long a module may outlive its detach before "retained after detach" calls it a leak.
    public var leakGrace: UInt64

    public init(maxIndentLevel: Int = 32, counts: Bool = true, leakGrace: UInt64 = RetainedAfterDetach.defaultGrace) {
        self.maxIndentLevel = maxIndentLevel
        self.counts = counts
        self.leakGrace = leakGrace
    }

    public func write(_ snapshot: GraphSnapshot) -> String {
        var out = TextLines(maxIndentLevel: maxIndentLevel)
        let live = snapshot.liveNodes
        let released = snapshot.nodes.filter(\.released)
        out.line(0, "graphinspect: \(live.count) live nodes, \(released.count) released" + (counts ? ", \(snapshot.eventCount) events" : ""))
        writeHolders(snapshot, into: &out)
        writeComponents(snapshot, into: &out)
        writeRecorded(snapshot, into: &out)
        writeLinks(snapshot, into: &out)
        writeRetained(snapshot, into: &out)
        writeReleased(released, into: &out)
        return out.text
    }

    /// Modules and holders their holder let go that are still alive (`RetainedAfterDetach`): each
    /// with what let it go and how long ago, what holds it when that was searched, and what is
    /// alive below it.
    private func writeRetained(_ snapshot: GraphSnapshot, into out: inout TextLines) {
        let retained = RetainedAfterDetach.find(in: snapshot, grace: leakGrace)
        guard !retained.isEmpty else { return }
        out.blank()
        out.line(0, "retained after detach")
        for found in retained {
            var text = RetainedAfterDetach.label(found.node, in: snapshot) + "  " + found.letGo(in: snapshot)
            if let aliveFor = found.aliveFor {
                text += found.isLeak ? ", alive \(RetainedAfterDetach.duration(aliveFor)) after: a leak"
                    : ", alive at exit \(RetainedAfterDetach.duration(aliveFor)) after (within the \(RetainedAfterDetach.duration(leakGrace)) grace)"
            } else {
                text += ", alive at the end (no times recorded)"
            }
            out.line(1, text)
            if let holder = found.holderLine(in: snapshot) { out.line(2, holder) }
            for id in found.aliveBelow { out.line(2, snapshot.node(id).map(label) ?? "\(id)") }
        }
    }

    private func label(_ node: GraphNode) -> String {
        var text = node.shortType
        if let key = node.key { text += " " + Quoted.string(key) }
        return text + " \(node.id)"
    }

    private func writeHolders(_ snapshot: GraphSnapshot, into out: inout TextLines) {
        let holders = snapshot.liveNodes.filter { $0.kind == .holder }
        guard !holders.isEmpty else { return }
        out.blank()
        out.line(0, "holders")
        var moduleLookups: [ObjectID: [ModuleLookup]] = [:]
        for lookup in snapshot.moduleLookups { moduleLookups[lookup.requester, default: []].append(lookup) }
        let roots = holders.filter { holder in
            holder.parent.flatMap(snapshot.node).map(\.released) ?? true
        }
        // Modules built for a holder but never attached (or detached yet alive) are still shown,
        // after the attached ones, so nothing alive goes missing from the dump.
        var builtFor: [ObjectID: [GraphNode]] = [:]
        for node in snapshot.liveNodes where node.kind == .module || node.kind == .holder {
            if let parent = node.parent { builtFor[parent, default: []].append(node) }
        }
        var stack: [(node: GraphNode, level: Int, attached: Bool)] = roots.reversed().map { ($0, 1, true) }
        // A holder attached below itself (or a module held twice) is shown once in full; later it
        // is named and not descended into, so a cycle in `modules` cannot loop the writer.
        var shown: Set<ObjectID> = []
        while let (node, level, attached) = stack.popLast() {
            var text = label(node)
            guard shown.insert(node.id).inserted else {
                out.line(level, text + "  (shown above)")
                continue
            }
            if !attached { text += "  (not attached)" }
            if let component = node.component.flatMap(snapshot.node) {
                text += "  component " + label(component)
            }
            if let router = node.router.flatMap(snapshot.node), !router.released {
                text += "  router " + label(router)
            }
            out.line(level, text)
            for found in FoundModule.summarize(moduleLookups[node.id] ?? []) {
                out.line(level + 1, describe(found, in: snapshot))
            }
            let held = (node.modules ?? []).compactMap(snapshot.node).filter { !$0.released }
            let heldIDs = Set(held.map(\.id))
            let loose = (builtFor[node.id] ?? []).filter { !heldIDs.contains($0.id) }
            let children = held.map { ($0, level + 1, true) } + loose.map { ($0, level + 1, false) }
            stack.append(contentsOf: children.reversed())
        }
    }

    private func writeComponents(_ snapshot: GraphSnapshot, into out: inout TextLines) {
        let components = snapshot.liveNodes.filter { $0.kind == .component }
        guard !components.isEmpty else { return }
        out.blank()
        out.line(0, "components")
        var children: [ObjectID: [GraphNode]] = [:]
        var roots: [GraphNode] = []
        for component in components {
            if let parent = component.parent, let node = snapshot.node(parent), !node.released {
                children[parent, default: []].append(component)
            } else {
                roots.append(component)
            }
        }
        var owners: [ObjectID: GraphNode] = [:]
        for node in snapshot.liveNodes where node.kind == .module || node.kind == .holder {
            if let component = node.component { owners[component] = owners[component] ?? node }
        }
        var lookups: [ObjectID: [DependencyLookup]] = [:]
        var shared: [ObjectID: [String]] = [:]
        for event in snapshot.events {
            switch event {
            case .lookup(let lookup): lookups[lookup.requester, default: []].append(lookup)
            // `shares` is what `shared { }` built; a `@Lazy` build is its provider's, listed already.
            case .sharedCreated(let made) where made.form != .lazy: shared[made.component, default: []].append(ShortTypeName.of(made.type))
            default: break
            }
        }

        var stack: [(GraphNode, Int)] = roots.reversed().map { ($0, 1) }
        while let (node, level) = stack.popLast() {
            var text = label(node)
            if let owner = owners[node.id] { text += "  (\(owner.kind == .holder ? "holder" : "module") \(label(owner)))" }
            out.line(level, text)
            let providers = (node.providers ?? []).map(describe)
            if !providers.isEmpty {
                out.line(level + 1, "provides " + providers.joined(separator: ", "))
            }
            if let types = shared[node.id] {
                out.line(level + 1, "shares " + types.joined(separator: ", "))
            }
            for resolved in ResolvedDependency.summarize(lookups[node.id] ?? []) {
                out.line(level + 1, describe(resolved, in: snapshot))
            }
            stack.append(contentsOf: (children[node.id] ?? []).reversed().map { ($0, level + 1) })
        }
    }

    private func describe(_ provider: Provider) -> String {
        let text = "\(Quoted.name(provider.name)): \(ShortTypeName.of(provider.type))"
        switch provider.form {
        case .stored: return text
        case .lazy: return text + " (@Lazy)"
        case .lazyVar: return text + " (lazy var, invisible to lookup)"
        case .storedClosure: return text + " (stored closure, invisible to lookup)"
        case .computed: return text + " (computed)"
        }
    }

    private func describe(_ resolved: ResolvedDependency, in snapshot: GraphSnapshot) -> String {
        var text = "resolves \(Quoted.name(resolved.name)): \(ShortTypeName.of(resolved.type)) <- "
        if let provider = resolved.provider {
            let where_ = resolved.hops == 0 ? "self" : snapshot.node(provider).map(label) ?? "\(provider)"
            text += where_ + (resolved.hops == 0 ? "" : " (\(resolved.hops) \(resolved.hops == 1 ? "hop" : "hops"))")
        } else {
            text += "MISSING"
        }
        guard self.counts else { return text }
        var counts = ["\(resolved.lookups) \(resolved.lookups == 1 ? "lookup" : "lookups")"]
        if resolved.cacheHits > 0 { counts.append("\(resolved.cacheHits) cached") }
        if resolved.misses > 0 && resolved.provider != nil { counts.append("\(resolved.misses) missed") }
        return text + ", " + counts.joined(separator: ", ")
    }

    private func describe(_ found: FoundModule, in snapshot: GraphSnapshot) -> String {
        var text = "finds \(found.target.rawValue) \(Quoted.string(found.key)) <- "
        if let holder = found.holder {
            text += found.hops == 0 ? "self" : snapshot.node(holder).map(label) ?? "\(holder)"
            if found.hops > 0 { text += " (\(found.hops) \(found.hops == 1 ? "hop" : "hops"))" }
        } else {
            text += "MISSING"
        }
        return counts ? text + ", \(found.lookups) \(found.lookups == 1 ? "lookup" : "lookups")" : text
    }

    /// Nodes of kinds apps registered through `GraphRecord`, as a tree by owner.
    private func writeRecorded(_ snapshot: GraphSnapshot, into out: inout TextLines) {
        let recorded = snapshot.liveNodes.filter { !$0.kind.isRuntimeKind }
        guard !recorded.isEmpty else { return }
        out.blank()
        out.line(0, "recorded nodes")
        let ids = Set(recorded.map(\.id))
        var children: [ObjectID: [GraphNode]] = [:]
        var roots: [GraphNode] = []
        for node in recorded {
            if let parent = node.parent, ids.contains(parent) { children[parent, default: []].append(node) } else { roots.append(node) }
        }
        var stack: [(GraphNode, Int)] = roots.reversed().map { ($0, 1) }
        while let (node, level) = stack.popLast() {
            var text = "\(node.kind.rawValue) " + label(node)
            if let parent = node.parent, !ids.contains(parent), let owner = snapshot.node(parent) { text += "  (under \(label(owner)))" }
            out.line(level, text)
            stack.append(contentsOf: (children[node.id] ?? []).reversed().map { ($0, level + 1) })
        }
    }

    /// Links apps recorded (`GraphRecord.edge`), in the order they were recorded.
    private func writeLinks(_ snapshot: GraphSnapshot, into out: inout TextLines) {
        let links = snapshot.events.compactMap { if case .linked(let link) = $0 { link } else { nil } }
        guard !links.isEmpty else { return }
        out.blank()
        out.line(0, "links")
        for link in links {
            let from = snapshot.node(link.from).map(label) ?? "\(link.from)"
            let to = snapshot.node(link.to).map(label) ?? "\(link.to)"
            out.line(1, "\(from) --\(link.kind)--> \(to)" + (link.label.map { " (" + Quoted.string($0) + ")" } ?? ""))
        }
    }

    private func writeReleased(_ released: [GraphNode], into out: inout TextLines) {
        guard !released.isEmpty else { return }
        out.blank()
        out.line(0, "released")
        for node in released {
            out.line(1, "\(node.kind.rawValue) " + label(node))
        }
    }
}
