import GraphInspect

/// Chooses what a picture shows from a snapshot: applies `--focus`, `--depth`, `--dependency`,
/// `--collapse` and `--hide`, and turns what is left into nodes, holder clusters and edges.
public struct DiagramBuilder: Sendable {
    public var options: DiagramOptions

    public init(options: DiagramOptions = DiagramOptions()) {
        self.options = options
    }

    public func build(_ snapshot: GraphSnapshot) throws(DiagramError) -> Diagram {
        Self.foldingLookups(try buildSummarised(snapshot))
    }

    /// Lookup edges drawn as edges up to this many. Each climbs from its requester to an
    /// ancestor across ranks, and Graphviz's crossing minimisation grows much faster than their
    /// number (400 components with 997 lookup edges: 16 s; without them: 0.2 s); above it, each
    /// requester lists its lookups as lines instead, and the picture says so.
    static let lookupEdgesUpTo = 200

    private static func foldingLookups(_ diagram: Diagram) -> Diagram {
        let lookups = diagram.edges.filter { $0.kind == .lookup }
        guard lookups.count > lookupEdgesUpTo else { return diagram }
        var folded = diagram
        let index = Dictionary(diagram.nodes.enumerated().map { ($1.id, $0) }) { first, _ in first }
        for edge in lookups {
            guard let at = index[edge.from] else { continue }
            let provider = index[edge.to].map { diagram.nodes[$0] }
            let name = provider.map { node in ([node.title] + node.details.filter { $0.hasPrefix("#") }).joined(separator: " ") } ?? edge.to
            folded.nodes[at].details.append("\u{2191} " + edge.label.joined(separator: ", ") + " <- " + name)
        }
        folded.edges.removeAll { $0.kind == .lookup }
        let note = "\(lookups.count) lookup edges are too many to lay out: each requester lists its lookups (\u{2191} name, hops <- provider) instead; --focus or --dependency draws a part with its lookup edges"
        folded.summary = folded.summary.map { $0 + "; " + note } ?? note
        return folded
    }

    /// Too many nodes to read in one picture: the most levels that fit in `limit` nodes. Levels
    /// below the roots, or under `--focus` below the focused nodes (which keep their ancestors).
    private func buildSummarised(_ snapshot: GraphSnapshot) throws(DiagramError) -> Diagram {
        let whole = try buildSelected(snapshot)
        guard let limit = options.summarizeAbove, whole.nodes.count > limit, options.depth == nil, options.dependency == nil else { return whole }
        // The node count grows with the depth, so a binary search over it.
        func drawn(depth: Int) throws(DiagramError) -> Diagram {
            var shallower = self
            shallower.options.depth = depth
            shallower.options.summarizeAbove = nil
            return try shallower.buildSelected(snapshot)
        }
        var summary = try drawn(depth: 0)
        var lowest = 0, highest = whole.nodes.count, levels = 0
        while lowest < highest {
            let middle = (lowest + highest + 1) / 2
            let candidate = try drawn(depth: middle)
            if candidate.nodes.count <= limit {
                (summary, levels, lowest) = (candidate, middle, middle)
            } else {
                highest = middle - 1
            }
        }
        let tooMany = "\(whole.nodes.count) nodes are too many to read in one picture: "
        if let focus = options.focus {
            let below = levels == 0 ? "no levels" : levels == 1 ? "1 level" : "\(levels) levels"
            summary.summary = tooMany + "drew \(focus) with its ancestors and \(below) below (\(summary.nodes.count) nodes); --depth N draws N levels below it, --full everything"
        } else {
            summary.summary = tooMany + "drew the roots and \(levels == 1 ? "1 level" : "\(levels) levels") below them (\(summary.nodes.count) nodes); --depth, --focus or --dependency draws another part, --full draws everything"
        }
        return summary
    }

    private func buildSelected(_ snapshot: GraphSnapshot) throws(DiagramError) -> Diagram {
        let graph = Relations(snapshot, hideReleased: options.hide.contains(.released))
        let view = options.view(for: snapshot)
        var kept = try select(graph, snapshot)
        // A router goes with its module; under --focus only the focused nodes' and their
        // descendants' routers are drawn (they are descendants already), not the ancestors'.
        for node in graph.nodes where node.kind == .router {
            guard let module = graph.treeParent[node.id], kept.contains(module) else {
                kept.remove(node.id)
                continue
            }
            if options.focus == nil { kept.insert(node.id) }
        }
        let collapsed = collapse(graph, kept: kept)
        kept.subtract(collapsed.hidden)
        // One question per picture: the dependency graph leaves the module tree out, and the other
        // way round; each node names its counterpart in the other tree instead.
        switch view {
        case .dependencies: kept = kept.filter { ![.holder, .module, .router].contains(graph.byID[$0]?.kind) }
        // The module tree is drawn as a tree of holds edges, with each router a line of its
        // module: narrower than clusters, and every lookup in it is between holders.
        case .modules: kept = kept.filter { ![.component, .router].contains(graph.byID[$0]?.kind) }
        case .auto, .all: break
        }
        let owners = Self.owners(graph)

        var diagram = Diagram(nodes: [], clusters: [], edges: [])
        var drawn: [ObjectID: String] = [:]
        func clusterID(_ holder: ObjectID) -> String { "cluster_h\(holder.rawValue)" }
        func clusterOf(_ node: GraphNode) -> String? {
            switch node.kind {
            case .holder where !collapsed.holders.contains(node.id): clusterID(node.id)
            case .holder, .module: graph.treeParent[node.id].flatMap { kept.contains($0) ? clusterID($0) : nil }
            case .router where node.kind == .router:
                // Beside its module: in the module's holder's cluster, or, for a holder's own
                // router, in that holder's cluster.
                graph.treeParent[node.id].flatMap { module -> String? in
                    if graph.byID[module]?.kind == .holder, !collapsed.holders.contains(module) { return clusterID(module) }
                    return graph.treeParent[module].flatMap { kept.contains($0) ? clusterID($0) : nil }
                }
            default: nil
            }
        }
        for node in graph.nodes where kept.contains(node.id) {
            if node.kind == .holder, !collapsed.holders.contains(node.id), view != .modules {
                let parent = graph.treeParent[node.id].flatMap { kept.contains($0) ? clusterID($0) : nil }
                diagram.clusters.append(Diagram.Cluster(id: clusterID(node.id), label: Self.keyed(node), parent: parent))
            }
            let id = Self.nodeID(node)
            drawn[node.id] = id
            var details: [String] = []
            if let key = node.key { details.append(Quoted.string(key)) }
            if let count = collapsed.counts[node.id] { details.append("\(count) inside, collapsed") }
            details.append("\(node.id)" + (node.released ? " · released" : ""))
            if view == .dependencies, node.kind == .component, let owner = owners[node.id].flatMap({ graph.byID[$0] }) {
                details.append("in " + owner.shortType)
                if let key = owner.key { details.append(Quoted.string(key)) }
            }
            if view == .modules, let component = node.component.flatMap({ graph.byID[$0] }) {
                details.append("with " + component.shortType + " \(component.id)")
            }
            if view == .modules, let router = node.router.flatMap({ graph.byID[$0] }) {
                details.append("router " + router.shortType + " \(router.id)")
            }
            var drawnNode = Diagram.Node(
                id: id, kind: collapsed.holders.contains(node.id) ? .collapsed : Self.kind(node.kind),
                title: node.shortType, details: details, released: node.released, cluster: view == .modules ? nil : clusterOf(node)
            )
            if !node.kind.isRuntimeKind {
                drawnNode.customKind = node.kind.rawValue
                drawnNode.details.insert(node.kind.rawValue, at: 0)
            }
            diagram.nodes.append(drawnNode)
            if let modules = collapsed.moduleGroups[node.id] {
                let keys = modules.compactMap { graph.byID[$0]?.key }.map(Quoted.string)
                diagram.nodes.append(Diagram.Node(
                    id: "k\(node.id.rawValue)", kind: .collapsed, title: "\(modules.count) modules",
                    details: [keys.joined(separator: ", ")], released: false, cluster: view == .modules ? nil : clusterID(node.id)
                ))
                if view == .modules { diagram.edges.append(Diagram.Edge(from: id, to: "k\(node.id.rawValue)", kind: .holds, label: [])) }
            }
        }
        structuralEdges(graph, drawn: drawn, holds: view == .modules, into: &diagram)
        // Recorded links, the same link made again drawn once with a count.
        var linkIndex: [[String]: (edge: Int, count: Int)] = [:]
        for event in snapshot.events {
            guard case .linked(let link) = event, let from = drawn[link.from], let to = drawn[link.to] else { continue }
            let label = [link.kind] + (link.label.map { [$0] } ?? [])
            let key = [from, to] + label
            if let seen = linkIndex[key] {
                linkIndex[key] = (seen.edge, seen.count + 1)
                diagram.edges[seen.edge].label[0] = link.kind + " ×\(seen.count + 1)"
                continue
            }
            var edge = Diagram.Edge(from: from, to: to, kind: .custom, label: label)
            edge.customKind = link.kind
            linkIndex[key] = (diagram.edges.count, 1)
            diagram.edges.append(edge)
        }
        if !options.hide.contains(.lookups) {
            if view != .modules { lookupEdges(snapshot, drawn: drawn, into: &diagram) }
            if view != .dependencies { moduleLookupEdges(snapshot, drawn: drawn, into: &diagram) }
        }
        return diagram
    }

    // MARK: Selection

    private func select(_ graph: Relations, _ snapshot: GraphSnapshot) throws(DiagramError) -> Set<ObjectID> {
        let all = Set(graph.nodes.map(\.id))
        if let name = options.dependency {
            var kept = Set<ObjectID>()
            for lookup in snapshot.lookups where lookup.name == name {
                kept.insert(lookup.requester)
                if let provider = lookup.provider { kept.insert(provider) }
            }
            for node in graph.nodes where node.providers?.contains(where: { $0.name == name }) == true {
                kept.insert(node.id)
            }
            guard !kept.isEmpty else {
                let known = Set(snapshot.lookups.map(\.name) + graph.nodes.flatMap { $0.providers?.map(\.name) ?? [] })
                throw DiagramError(dependency: name, known: known.sorted())
            }
            return graph.withAncestors(kept.intersection(all))
        }
        if let focus = options.focus {
            let matches = graph.nodes.filter { $0.shortType == focus || $0.type == focus || $0.key == focus }
            guard !matches.isEmpty else {
                let known = Set(graph.nodes.filter { $0.kind != .router }.flatMap { [$0.shortType] + ($0.key.map { [$0] } ?? []) })
                throw DiagramError(focus: focus, known: known.sorted())
            }
            var kept = graph.withAncestors(Set(matches.map(\.id)))
            for match in matches { kept.formUnion(graph.descendants(of: match.id, depth: options.depth)) }
            // Modules and holders bring the component they were built with.
            for id in kept { if let component = graph.byID[id]?.component, all.contains(component) { kept.insert(component) } }
            return kept
        }
        if let depth = options.depth {
            return Set(graph.levels().filter { $0.value <= depth }.keys)
        }
        return all
    }

    // MARK: Collapsing

    private struct Collapsed {
        /// Nested holders drawn as one node.
        var holders: Set<ObjectID> = []
        /// How many nodes each collapsed holder stands for.
        var counts: [ObjectID: Int] = [:]
        /// Per holder, the modules drawn as one node.
        var moduleGroups: [ObjectID: [ObjectID]] = [:]
        /// Nodes not drawn because something stands for them.
        var hidden: Set<ObjectID> = []
    }

    private func collapse(_ graph: Relations, kept: Set<ObjectID>) -> Collapsed {
        var result = Collapsed()
        if options.collapse.contains(.holders) {
            for node in graph.nodes where node.kind == .holder && kept.contains(node.id) && !result.hidden.contains(node.id) {
                guard let parent = graph.treeParent[node.id], kept.contains(parent) else { continue }
                let inside = graph.descendants(of: node.id, depth: nil).subtracting([node.id]).intersection(kept)
                    .filter { graph.byID[$0]?.kind != .component }
                result.holders.insert(node.id)
                result.counts[node.id] = inside.count
                result.hidden.formUnion(inside)
            }
        }
        if options.collapse.contains(.modules) {
            for node in graph.nodes where node.kind == .holder && kept.contains(node.id) && !result.hidden.contains(node.id) && !result.holders.contains(node.id) {
                let modules = (graph.children[node.id] ?? []).filter { kept.contains($0) && graph.byID[$0]?.kind == .module }
                guard !modules.isEmpty else { continue }
                result.moduleGroups[node.id] = modules
                result.hidden.formUnion(modules)
                result.hidden.formUnion(modules.flatMap { graph.children[$0] ?? [] })
            }
        }
        return result
    }

    // MARK: Edges

    private func structuralEdges(_ graph: Relations, drawn: [ObjectID: String], holds: Bool, into diagram: inout Diagram) {
        for node in graph.nodes {
            guard let from = drawn[node.id] else { continue }
            // In the module tree, a holder above each module and holder it holds, so it reads top-down.
            if holds, node.kind == .holder || node.kind == .module, let holder = graph.treeParent[node.id], let to = drawn[holder] {
                diagram.edges.append(Diagram.Edge(from: to, to: from, kind: .holds, label: []))
            }
            switch node.kind {
            case .component:
                if let parent = node.parent, let to = drawn[parent] {
                    diagram.edges.append(Diagram.Edge(from: from, to: to, kind: .parent, label: []))
                }
            case .holder, .module:
                if let component = node.component, let to = drawn[component] {
                    diagram.edges.append(Diagram.Edge(from: from, to: to, kind: .component, label: []))
                }
                if let router = node.router, let to = drawn[router] {
                    diagram.edges.append(Diagram.Edge(from: from, to: to, kind: .router, label: []))
                }
            case .router, .viewComponent:
                break
            default:
                // A recorded node: to what owns it.
                if let parent = node.parent, let to = drawn[parent] {
                    diagram.edges.append(Diagram.Edge(from: from, to: to, kind: .owner, label: []))
                }
            }
        }
    }

    /// Dependency lookups: one edge per requester and provider, listing every name it resolved
    /// there; what a component resolved from itself is a line on the node; failed lookups point at
    /// one "missing" node per name and type.
    private func lookupEdges(_ snapshot: GraphSnapshot, drawn: [ObjectID: String], into diagram: inout Diagram) {
        let hideCacheHits = options.hide.contains(.cacheHits)
        var byRequester: [ObjectID: [DependencyLookup]] = [:]
        var requesters: [ObjectID] = []
        for lookup in snapshot.lookups {
            if hideCacheHits && lookup.cacheHit { continue }
            if let name = options.dependency, lookup.name != name { continue }
            if byRequester[lookup.requester] == nil { requesters.append(lookup.requester) }
            byRequester[lookup.requester, default: []].append(lookup)
        }
        let index = Dictionary(uniqueKeysWithValues: diagram.nodes.indices.map { (diagram.nodes[$0].id, $0) })
        var missing: [String: String] = [:]
        for requester in requesters {
            guard let from = drawn[requester] else { continue }
            var pairs: [(provider: String, hops: Int, names: [String], cached: Int)] = []
            var own: [String] = []
            for resolved in ResolvedDependency.summarize(byRequester[requester] ?? []) {
                let what = Self.named(resolved.name, type: resolved.type)
                let cached = hideCacheHits ? 0 : resolved.cacheHits
                if let provider = resolved.provider {
                    guard let to = drawn[provider] else { continue }
                    if to == from {
                        own.append(what)
                    } else if let at = pairs.firstIndex(where: { $0.provider == to }) {
                        pairs[at].names.append(what)
                        pairs[at].cached += cached
                    } else {
                        pairs.append((to, resolved.hops, [what], cached))
                    }
                } else {
                    let key = resolved.name + "\u{0}" + resolved.type
                    let to = missing[key] ?? {
                        let id = "x\(missing.count + 1)"
                        missing[key] = id
                        // The type in full: a wrong type is a common reason for a miss.
                        let asked = "\(resolved.name): \(ShortTypeName.of(resolved.type))"
                        diagram.nodes.append(Diagram.Node(id: id, kind: .missing, title: "missing", details: [asked], released: false, cluster: nil))
                        return id
                    }()
                    diagram.edges.append(Diagram.Edge(from: from, to: to, kind: .failed, label: []))
                }
            }
            if !own.isEmpty, let at = index[from] {
                diagram.nodes[at].details += Self.capped(own.map { "self: " + $0 })
            }
            for pair in pairs {
                var counts = pair.hops == 1 ? "1 hop" : "\(pair.hops) hops"
                if pair.cached > 0 { counts += " · \(pair.cached)× cached" }
                diagram.edges.append(Diagram.Edge(from: from, to: pair.provider, kind: .lookup, label: Self.capped(pair.names) + [counts]))
            }
        }
    }

    /// Module and router lookups that climbed: holder to the holder that held the key.
    private func moduleLookupEdges(_ snapshot: GraphSnapshot, drawn: [ObjectID: String], into diagram: inout Diagram) {
        guard options.dependency == nil else { return }
        var moduleRequesters: [ObjectID] = []
        var moduleLookups: [ObjectID: [ModuleLookup]] = [:]
        for lookup in snapshot.moduleLookups {
            if moduleLookups[lookup.requester] == nil { moduleRequesters.append(lookup.requester) }
            moduleLookups[lookup.requester, default: []].append(lookup)
        }
        var missing = diagram.nodes.filter { $0.kind == .missing }.count
        var missingModules: [String: String] = [:]
        for requester in moduleRequesters {
            guard let from = drawn[requester] else { continue }
            var pairs: [(holder: String, names: [String])] = []
            for found in FoundModule.summarize(moduleLookups[requester] ?? []) {
                let what = "\(found.target.rawValue) \(Quoted.string(found.key))"
                if let holder = found.holder {
                    guard found.hops > 0, let to = drawn[holder] else { continue }
                    if let at = pairs.firstIndex(where: { $0.holder == to }) { pairs[at].names.append(what) } else { pairs.append((to, [what])) }
                } else {
                    let to = missingModules[found.key] ?? {
                        missing += 1
                        let id = "x\(missing)"
                        missingModules[found.key] = id
                        diagram.nodes.append(Diagram.Node(id: id, kind: .missing, title: "missing", details: [what], released: false, cluster: nil))
                        return id
                    }()
                    diagram.edges.append(Diagram.Edge(from: from, to: to, kind: .failed, label: []))
                }
            }
            for pair in pairs {
                diagram.edges.append(Diagram.Edge(from: from, to: pair.holder, kind: .moduleLookup, label: Self.capped(pair.names)))
            }
        }
    }

    /// `name: Type`, or just `name` when the type is the name capitalised (`analytics: Analytics`),
    /// the common case, to keep pictures narrow; text and JSON always carry the type.
    static func named(_ name: String, type: String) -> String {
        let short = ShortTypeName.of(type)
        return short == name.prefix(1).uppercased() + name.dropFirst() ? name : "\(name): \(short)"
    }

    /// At most four lines, the rest counted, so one busy node or edge cannot crowd a picture.
    static func capped(_ lines: [String]) -> [String] {
        lines.count <= 4 ? lines : Array(lines.prefix(3)) + ["+ \(lines.count - 3) more"]
    }

    /// Each component's module or holder: the node built with it.
    static func owners(_ graph: Relations) -> [ObjectID: ObjectID] {
        var owners: [ObjectID: ObjectID] = [:]
        for node in graph.nodes where node.kind == .module || node.kind == .holder {
            if let component = node.component, owners[component] == nil { owners[component] = node.id }
        }
        return owners
    }

    // MARK: Names

    public static func nodeID(_ node: GraphNode) -> String {
        nodeID(kind: node.kind, node.id)
    }

    /// `c12` for component #12, `h2` holder, `m3` module, `r8` router, `v7` view component.
    public static func nodeID(kind: NodeKind, _ id: ObjectID) -> String {
        let letter: String
        switch kind {
        case .component: letter = "c"
        case .holder: letter = "h"
        case .module: letter = "m"
        case .router: letter = "r"
        case .viewComponent: letter = "v"
        default: letter = "n"
        }
        return letter + String(id.rawValue)
    }

    static func kind(_ kind: NodeKind) -> Diagram.NodeKind {
        switch kind {
        case .component: .component
        case .holder: .holder
        case .module: .module
        case .router, .viewComponent: .router
        default: .custom
        }
    }

    public static func keyed(_ node: GraphNode) -> String {
        node.shortType + (node.key.map { " " + Quoted.string($0) } ?? "")
    }
}
