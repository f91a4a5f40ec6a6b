import GraphInspect

/// Chooses what a picture shows from a snapshot: applies `--focus`, `--depth`, `--dependency`,
/// `--collapse` and `--hide`, and turns what is left into nodes, holder clusters and edges.
public struct DiagramBuilder: Sendable {
    public var options: DiagramOptions

    public init(options: DiagramOptions = DiagramOptions()) {
        self.options = options
    }

    public func build(_ snapshot: GraphSnapshot) throws(DiagramError) -> Diagram {
        let graph = Relations(snapshot, hideReleased: options.hide.contains(.released))
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
            if node.kind == .holder, !collapsed.holders.contains(node.id) {
                let parent = graph.treeParent[node.id].flatMap { kept.contains($0) ? clusterID($0) : nil }
                diagram.clusters.append(Diagram.Cluster(id: clusterID(node.id), label: Self.keyed(node), parent: parent))
            }
            let id = Self.nodeID(node)
            drawn[node.id] = id
            var details: [String] = []
            if let key = node.key { details.append(Quoted.string(key)) }
            if let count = collapsed.counts[node.id] { details.append("\(count) inside, collapsed") }
            details.append("\(node.id)" + (node.released ? " · released" : ""))
            var drawnNode = Diagram.Node(
                id: id, kind: collapsed.holders.contains(node.id) ? .collapsed : Self.kind(node.kind),
                title: node.shortType, details: details, released: node.released, cluster: clusterOf(node)
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
                    details: [keys.joined(separator: ", ")], released: false, cluster: clusterID(node.id)
                ))
            }
        }
        structuralEdges(graph, drawn: drawn, into: &diagram)
        for event in snapshot.events {
            guard case .linked(let link) = event, let from = drawn[link.from], let to = drawn[link.to] else { continue }
            var edge = Diagram.Edge(from: from, to: to, kind: .custom, label: [link.kind] + (link.label.map { [$0] } ?? []))
            edge.customKind = link.kind
            diagram.edges.append(edge)
        }
        if !options.hide.contains(.lookups) {
            lookupEdges(snapshot, graph, drawn: drawn, into: &diagram)
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

    private func structuralEdges(_ graph: Relations, drawn: [ObjectID: String], into diagram: inout Diagram) {
        for node in graph.nodes {
            guard let from = drawn[node.id] else { continue }
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

    private func lookupEdges(_ snapshot: GraphSnapshot, _ graph: Relations, drawn: [ObjectID: String], into diagram: inout Diagram) {
        let hideCacheHits = options.hide.contains(.cacheHits)
        var byRequester: [ObjectID: [DependencyLookup]] = [:]
        var requesters: [ObjectID] = []
        for lookup in snapshot.lookups {
            if hideCacheHits && lookup.cacheHit { continue }
            if let name = options.dependency, lookup.name != name { continue }
            if byRequester[lookup.requester] == nil { requesters.append(lookup.requester) }
            byRequester[lookup.requester, default: []].append(lookup)
        }
        var missing: [String: String] = [:]
        for requester in requesters {
            guard let from = drawn[requester] else { continue }
            for resolved in ResolvedDependency.summarize(byRequester[requester] ?? []) {
                let what = "\(resolved.name): \(ShortTypeName.of(resolved.type))"
                if let provider = resolved.provider {
                    guard let to = drawn[provider] else { continue }
                    var counts = resolved.hops == 0 ? "self" : resolved.hops == 1 ? "1 hop" : "\(resolved.hops) hops"
                    if !hideCacheHits && resolved.cacheHits > 0 { counts += " · \(resolved.cacheHits)× cached" }
                    diagram.edges.append(Diagram.Edge(from: from, to: to, kind: .lookup, label: [what, counts]))
                } else {
                    let key = resolved.name + "\u{0}" + resolved.type
                    let to = missing[key] ?? {
                        let id = "x\(missing.count + 1)"
                        missing[key] = id
                        diagram.nodes.append(Diagram.Node(id: id, kind: .missing, title: "missing", details: [what], released: false, cluster: nil))
                        return id
                    }()
                    diagram.edges.append(Diagram.Edge(from: from, to: to, kind: .failed, label: [what]))
                }
            }
        }
        guard options.dependency == nil else { return }
        var moduleRequesters: [ObjectID] = []
        var moduleLookups: [ObjectID: [ModuleLookup]] = [:]
        for lookup in snapshot.moduleLookups {
            if moduleLookups[lookup.requester] == nil { moduleRequesters.append(lookup.requester) }
            moduleLookups[lookup.requester, default: []].append(lookup)
        }
        for requester in moduleRequesters {
            guard let from = drawn[requester] else { continue }
            for found in FoundModule.summarize(moduleLookups[requester] ?? []) {
                let what = "\(found.target.rawValue) \(Quoted.string(found.key))"
                if let holder = found.holder {
                    guard found.hops > 0, let to = drawn[holder] else { continue }
                    diagram.edges.append(Diagram.Edge(from: from, to: to, kind: .moduleLookup, label: [what]))
                } else {
                    let key = "module\u{0}" + found.key
                    let to = missing[key] ?? {
                        let id = "x\(missing.count + 1)"
                        missing[key] = id
                        diagram.nodes.append(Diagram.Node(id: id, kind: .missing, title: "missing", details: [what], released: false, cluster: nil))
                        return id
                    }()
                    diagram.edges.append(Diagram.Edge(from: from, to: to, kind: .failed, label: [what]))
                }
            }
        }
    }

    // MARK: Names

    static func nodeID(_ node: GraphNode) -> String {
        nodeID(kind: node.kind, node.id)
    }

    /// `c12` for component #12, `h2` holder, `m3` module, `r8` router, `v7` view component.
    static func nodeID(kind: NodeKind, _ id: ObjectID) -> String {
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

    static func keyed(_ node: GraphNode) -> String {
        node.shortType + (node.key.map { " " + Quoted.string($0) } ?? "")
    }
}
