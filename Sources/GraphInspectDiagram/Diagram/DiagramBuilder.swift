import GraphInspect

/// Chooses what a picture shows from a snapshot: applies `--focus`, `--depth`, `--dependency`,
/// `--collapse` and `--hide`, and turns what is left into nodes, holder clusters and edges.
public struct DiagramBuilder: Sendable {
    public var options: DiagramOptions

    public init(options: DiagramOptions = DiagramOptions()) {
        self.options = options
    }

    /// The diagram of `snapshot` as the options select it. Every lookup is an edge; a writer
    /// whose layout cannot take that many folds them (`Diagram.foldingLookups(above:)`).
    public func build(_ snapshot: GraphSnapshot) throws(DiagramError) -> Diagram {
        try buildSummarised(snapshot)
    }

    /// Too many nodes to read in one picture: the most levels that fit in `limit` nodes. Levels
    /// below the roots, or under `--focus` below the focused nodes (which keep their ancestors).
    private func buildSummarised(_ snapshot: GraphSnapshot) throws(DiagramError) -> Diagram {
        guard let limit = options.summarizeAbove, options.depth == nil, options.dependency == nil else { return try buildSelected(snapshot) }
        // The depth is chosen by how many nodes each would draw, counted without drawing: the
        // lookups of nodes a summary leaves out are read once, not once per depth tried.
        let graph = Relations(snapshot, hideReleased: options.hide.contains(.released))
        let unresolved = UnresolvedLookups(snapshot, hidingCacheHits: options.hide.contains(.cacheHits))
        func atDepth(_ depth: Int?) -> DiagramBuilder {
            var shallower = self
            shallower.options.depth = depth
            shallower.options.summarizeAbove = nil
            return shallower
        }
        let whole = try atDepth(nil).selection(graph, snapshot).nodeCount(unresolved, options: options)
        guard whole > limit else { return try buildSelected(snapshot) }
        // The node count grows with the depth, so a binary search over it.
        var lowest = 0, highest = whole, levels = 0
        while lowest < highest {
            let middle = (lowest + highest + 1) / 2
            if try atDepth(middle).selection(graph, snapshot).nodeCount(unresolved, options: options) <= limit {
                (levels, lowest) = (middle, middle)
            } else {
                highest = middle - 1
            }
        }
        var summary = try atDepth(levels).buildSelected(snapshot)
        let tooMany = "\(whole) nodes are too many to read in one picture: "
        if let focus = options.focus {
            let below = levels == 0 ? "no levels" : levels == 1 ? "1 level" : "\(levels) levels"
            summary.summary = tooMany + "drew \(focus) with its ancestors and \(below) below (\(summary.nodes.count) nodes); --depth N draws N levels below it, --full everything"
        } else {
            summary.summary = tooMany + "drew the roots and \(levels == 1 ? "1 level" : "\(levels) levels") below them (\(summary.nodes.count) nodes); --depth, --focus or --dependency draws another part, --full draws everything"
        }
        return summary
    }

    /// How many nodes `build` draws with these options, without drawing them (for tests: the
    /// summary's choice stands on it).
    func drawnNodeCount(_ snapshot: GraphSnapshot) throws(DiagramError) -> Int {
        let graph = Relations(snapshot, hideReleased: options.hide.contains(.released))
        let unresolved = UnresolvedLookups(snapshot, hidingCacheHits: options.hide.contains(.cacheHits))
        return try selection(graph, snapshot).nodeCount(unresolved, options: options)
    }

    /// What a picture keeps of the graph, before it is drawn.
    struct Selection {
        var graph: Relations
        var view: DiagramOptions.View
        /// The nodes drawn.
        var kept: Set<ObjectID>
        var collapsed: Collapsed

        /// The nodes drawing this selection makes: those kept, a node per group of collapsed
        /// modules, and a "missing" node per name and type, and per module key, that a drawn
        /// requester never found.
        func nodeCount(_ unresolved: UnresolvedLookups, options: DiagramOptions) -> Int {
            var count = kept.count + collapsed.moduleGroups.keys.count { kept.contains($0) }
            if !options.hide.contains(.lookups) {
                if view != .modules { count += unresolved.missingDependencies(askedBy: kept, named: options.dependency) }
                if view != .dependencies, options.dependency == nil { count += unresolved.missingModules(askedBy: kept) }
            }
            return count
        }
    }

    private func selection(_ graph: Relations, _ snapshot: GraphSnapshot) throws(DiagramError) -> Selection {
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
        return Selection(graph: graph, view: view, kept: kept, collapsed: collapsed)
    }

    private func buildSelected(_ snapshot: GraphSnapshot) throws(DiagramError) -> Diagram {
        let selected = try selection(Relations(snapshot, hideReleased: options.hide.contains(.released)), snapshot)
        let (graph, view, kept, collapsed) = (selected.graph, selected.view, selected.kept, selected.collapsed)
        let owners = Self.owners(graph)
        // Modules and holders kept alive past the grace after their holder let them go, and what
        // is alive below them (the dependency view draws their components).
        let retained = Set(RetainedAfterDetach.find(in: snapshot, grace: options.leakGrace).filter(\.isLeak).flatMap { [$0.node] + $0.aliveBelow })

        var diagram = Diagram(nodes: [], clusters: [], edges: [])
        var drawn: [ObjectID: String] = [:]
        func clusterID(_ holder: ObjectID) -> String { Diagram.clusterID(ofHolder: holder) }
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
            details.append("\(node.id)" + (node.released ? " · released" : retained.contains(node.id) ? " · retained after detach" : ""))
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
            drawnNode.retained = retained.contains(node.id)
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

    struct Collapsed {
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
}
