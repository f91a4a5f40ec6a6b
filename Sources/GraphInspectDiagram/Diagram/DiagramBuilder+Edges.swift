import GraphInspect

/// The edges a picture draws between the nodes it keeps: structure (parents, holds, built with,
/// routers), lookups and module lookups, with their labels capped.
extension DiagramBuilder {
    func structuralEdges(_ graph: Relations, drawn: [ObjectID: String], holds: Bool, into diagram: inout Diagram) {
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
    func lookupEdges(_ snapshot: GraphSnapshot, drawn: [ObjectID: String], into diagram: inout Diagram) {
        let hideCacheHits = options.hide.contains(.cacheHits)
        // Each drawn requester's lookups summed, requesters in the order of their first lookup. Only drawn requesters' are
        // kept: a summary of a big run draws a few dozen nodes of 10,000, and grouping a million
        // lookups it never draws cost twice the text dump. Runs of one requester's lookups are
        // common (a cache hit in a loop), so its slot is looked up once per run.
        var slotOf: [ObjectID: Int] = [:]
        var grouped: [ResolvedDependency.Summary] = []
        var requesters: [ObjectID] = []
        var previous: (requester: ObjectID, slot: Int?)?
        for event in snapshot.events {
            guard case .lookup(let lookup) = event else { continue }
            let slot: Int?
            if let previous, previous.requester == lookup.requester {
                slot = previous.slot
            } else {
                if let known = slotOf[lookup.requester] {
                    slot = known
                } else if drawn[lookup.requester] != nil {
                    slot = grouped.count
                    slotOf[lookup.requester] = grouped.count
                    grouped.append(ResolvedDependency.Summary())
                    requesters.append(lookup.requester)
                } else {
                    slot = nil
                }
                previous = (lookup.requester, slot)
            }
            guard let slot else { continue }
            if hideCacheHits && lookup.cacheHit { continue }
            if let name = options.dependency, lookup.name != name { continue }
            grouped[slot].add(lookup)
        }
        let index = Dictionary(uniqueKeysWithValues: diagram.nodes.indices.map { (diagram.nodes[$0].id, $0) })
        var missing: [String: String] = [:]
        for requester in requesters {
            guard let from = drawn[requester] else { continue }
            var pairs: [(provider: String, hops: Int, names: [String], cached: Int)] = []
            var own: [String] = []
            for resolved in grouped[slotOf[requester] ?? 0].entries {
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
    func moduleLookupEdges(_ snapshot: GraphSnapshot, drawn: [ObjectID: String], into diagram: inout Diagram) {
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
}
