import GraphInspect
import GraphInspectCheckContract

/// The dependency graph read from source: every component the code can make, below every parent
/// it can be given, with the holders and modules, and every lookup the code makes, checked
/// against each parent chain that reaches it.
///
/// It is a `GraphSnapshot` (so every writer draws it, and `failures()` words its misses as the
/// runtime does) plus what only a static reading has: diagnostics at source positions.
public struct StaticGraph: Sendable {
    /// The graph as a snapshot: components, holders and modules as nodes (ids in source order),
    /// then one lookup event per lookup and requesting component.
    public var snapshot: GraphSnapshot
    /// Errors (lookups some chain cannot satisfy, components made below themselves), warnings
    /// and what was not checked, sorted by position.
    public var diagnostics: [StaticDiagnostic]
    /// Where each lookup event of `snapshot` is written, by event index.
    public var lookupPositions: [Int: SourcePosition]
    /// The facts the fidelity and coverage comparisons use.
    public var facts: GraphFacts
    /// Counts for the summary line.
    public var summary: Summary

    public struct Summary: Sendable, Equatable {
        public var files: Int
        /// Of those, the files of modules that cannot see GraphInspect, not read (`ModuleReach`).
        public var filesNotReached = 0
        public var componentTypes: Int
        public var components: Int
        public var holders: Int
        public var modules: Int
        /// Lookups written in the code (each counted once, however many components make it).
        public var lookups: Int
        public var moduleLookups: Int
        /// Of those, the ones made on some component (holder) the sources place in a tree, so
        /// walked up its parent chains; the others are noted as not checked.
        public var lookupsChecked: Int
        public var moduleLookupsChecked: Int
    }

    public var errors: [StaticDiagnostic] { diagnostics.filter { $0.severity == .error } }

    /// The most component nodes expanded; past it, chains are reported and not drawn.
    public static let nodeLimit = 200_000
}

/// Turns the flow analysis into nodes and events. The fields it reads must stay among those
/// `FlowAnalysis.readAsTheGraphBuilderDoes` reads, or pruning could drop what writes them
/// (`PruningTests` would see it).
struct StaticGraphBuilder {
    let analysis: FlowAnalysis
    private var index: TypeIndex { analysis.index }
    private var events: [GraphEvent] = []
    private var nextID: UInt64 = 0
    private var diagnostics: Set<StaticDiagnostic> = []
    /// The component nodes made for each site, and each node's site and parent node.
    private var componentNodes: [Int: [ObjectID]] = [:]
    private var nodeSite: [ObjectID: Int] = [:]
    private var nodeParent: [ObjectID: ObjectID] = [:]
    private var holderNodes: [Int: [ObjectID]] = [:]
    private var holderParent: [ObjectID: ObjectID] = [:]
    private var heldModules: [ObjectID: [(site: Int, node: ObjectID)]] = [:]
    private var lookupPositions: [Int: SourcePosition] = [:]
    private var facts = GraphFacts()

    init(analysis: FlowAnalysis) {
        self.analysis = analysis
    }

    mutating func build(files: Int) -> StaticGraph {
        let sites = analysis.sites
        let componentSites = sites.indices.filter { site in
            site != FlowAnalysis.nilSite && sites[site].type != FlowAnalysis.stringType
                && index.isAppType(sites[site].type) && index.isComponent(sites[site].type)
        }
        expandComponents(componentSites)
        expandHolders()
        recordLookups()
        recordModuleLookups()
        for note in analysis.unresolved {
            diagnostics.insert(note.assumed ? StaticWording.assumed(note.message, at: note.position) : StaticWording.unresolved(note.message, at: note.position))
        }

        // Ids are already 1...n in creation order: the nodes are made here rather than by
        // `GraphSnapshot(events:)`, whose renumbering would look up every id of every walk.
        var nodes: [GraphNode] = []
        for event in events {
            switch event {
            case .created(let created): nodes.append(GraphNode(created: created))
            case .moduleAttached(let attachment): nodes[Int(attachment.holder.rawValue) - 1].modules?.append(attachment.module)
            case .routerAttached(let attachment): nodes[Int(attachment.module.rawValue) - 1].router = attachment.router
            default: break
            }
        }
        let built = GraphSnapshot(nodes: nodes, events: events)
        // Missing dependencies and modules, worded by the runtime's reports.
        for failure in built.failures() {
            guard let position = lookupPositions[failure.eventIndex] else { continue }
            diagnostics.insert(StaticWording.diagnostic(fromReport: failure.report(style: .plain), at: position))
        }
        let checked = Set(lookupPositions.values)
        // Every lookup written: those the analysis followed, and those a note leaves unchecked.
        let unresolved = analysis.unresolved
        let lookups = Set(analysis.lookups.map(\.position)).union(unresolved.filter { $0.lookup == .dependency }.map(\.position))
        let moduleLookups = Set(analysis.moduleLookups.map(\.position)).union(unresolved.filter { $0.lookup == .module }.map(\.position))
        let summary = StaticGraph.Summary(
            files: files, componentTypes: Set(componentSites.map { sites[$0].type }).count,
            components: built.nodes.filter { $0.kind == .component }.count,
            holders: built.nodes.filter { $0.kind == .holder }.count,
            modules: built.nodes.filter { $0.kind == .module }.count,
            lookups: lookups.count, moduleLookups: moduleLookups.count,
            lookupsChecked: lookups.intersection(checked).count, moduleLookupsChecked: moduleLookups.intersection(checked).count
        )
        let all = lookups.union(moduleLookups)
        if let first = all.min(), summary.lookupsChecked + summary.moduleLookupsChecked == 0 {
            diagnostics.insert(StaticWording.nothingChecked(lookups: all.count, firstReason: diagnostics.filter(\.isUnchecked).min(), at: first))
        }
        return StaticGraph(
            snapshot: built, diagnostics: diagnostics.sorted(), lookupPositions: lookupPositions, facts: facts,
            summary: summary
        )
    }

    private mutating func newID() -> ObjectID {
        nextID += 1
        return ObjectID(nextID)
    }

    private func qualified(_ type: String) -> String {
        index.recordedName(WrittenType(name: type, isOptional: false, spelling: type))
    }

    private func position(of site: Int) -> SourcePosition {
        analysis.sites[site].position ?? SourcePosition(file: "?", line: 0, column: 0)
    }

    // MARK: Components

    /// The providers the runtime's index would list for a component class.
    private func providers(of type: String) -> [Provider] {
        index.providers(of: type).compactMap { owner, decl in
            let form: Provider.Form
            switch decl.form {
            case .stored: form = .stored
            case .lazyWrapper: form = .lazy
            case .lazyVar: form = .lazyVar
            case .computed:
                guard index.listsComputedProviders(owner), decl.type != nil else { return nil }
                form = .computed
            }
            return Provider(name: decl.name, type: index.recordedName(decl.type), form: form)
        }
    }

    /// One node per site and parent chain, depth first from the roots (sites given `nil`), in
    /// source order. Iterative, so a 10,000-deep chain does not exhaust the stack.
    private mutating func expandComponents(_ componentSites: [Int]) {
        let sites = analysis.sites
        var children: [Int: [Int]] = [:]
        var roots: [Int] = []
        for site in componentSites {
            let parents = analysis.values(.field(site: site, name: "parent"))
            if parents.isEmpty { diagnostics.insert(StaticWording.unplaced(type: sites[site].type, at: position(of: site))) }
            if parents.contains(FlowAnalysis.nilSite) { roots.append(site) }
            for parent in parents where parent != FlowAnalysis.nilSite { children[parent, default: []].append(site) }
        }
        let byPosition: (Int, Int) -> Bool = { self.position(of: $0) < self.position(of: $1) }
        roots.sort(by: byPosition)
        for key in children.keys { children[key]?.sort(by: byPosition) }
        var providerCache: [String: [Provider]] = [:]
        var count = 0
        var path = PathTracker()
        var stack: [(site: Int, parent: ObjectID?, depth: Int)] = roots.reversed().map { ($0, nil, 0) }
        while let (site, parent, depth) = stack.popLast() {
            if let loop = path.enter(site, at: depth) {
                diagnostics.insert(cycle(loop, kind: "component"))
                continue
            }
            guard count < StaticGraph.nodeLimit else {
                diagnostics.insert(StaticWording.tooLarge(limit: StaticGraph.nodeLimit, at: position(of: site)))
                continue
            }
            count += 1
            let type = sites[site].type
            let provided = providerCache[type] ?? providers(of: type)
            providerCache[type] = provided
            let id = newID()
            events.append(.created(NodeCreated(id: id, kind: .component, type: qualified(type), parent: parent, providers: provided)))
            componentNodes[site, default: []].append(id)
            nodeSite[id] = site
            if let parent { nodeParent[id] = parent }
            facts.components.insert(type)
            facts.parents.insert(GraphFacts.Edge(child: type, parent: parent.flatMap { nodeSite[$0] }.map { sites[$0].type }))
            for provider in provided { facts.providers.insert(GraphFacts.Named(owner: type, name: provider.name)) }
            path.push(site)
            for child in (children[site] ?? []).reversed() { stack.append((child, id, depth + 1)) }
        }
    }

    /// A site met again below itself: an error when making it makes another (recursion through
    /// initialisers never ends), else a note (a loop or a guarded recursion, drawn one level deep).
    private func cycle(_ loop: [Int], kind: String) -> StaticDiagnostic {
        let site = loop[loop.count - 1]
        let chain = loop.map { analysis.sites[$0].type }
        if loop.dropLast().contains(where: analysis.buildsItself) {
            return StaticWording.cycle(type: analysis.sites[site].type, chain: chain, at: position(of: site), kind: kind)
        }
        return StaticWording.nested(type: analysis.sites[site].type, chain: chain, at: position(of: site), kind: kind)
    }

    // MARK: Holders and modules

    private mutating func expandHolders() {
        let sites = analysis.sites
        let holderSites = sites.indices.filter { isAppObject($0) && index.isHolder(sites[$0].type) }
        let moduleSites = Set(sites.indices.filter { isAppObject($0) && index.isModule(sites[$0].type) })
        var heldBy: [Int: [Int]] = [:]
        for holder in holderSites {
            let modules = analysis.values(.field(site: holder, name: "supportedModules")).filter { moduleSites.contains($0) }
            heldBy[holder] = modules.sorted { position(of: $0) < position(of: $1) }
        }
        let isHeld = Set(heldBy.values.flatMap { $0 })
        let roots = holderSites.filter { !isHeld.contains($0) }.sorted { position(of: $0) < position(of: $1) }
        var path = PathTracker()
        var stack: [(site: Int, holder: ObjectID?, depth: Int)] = roots.reversed().map { ($0, nil, 0) }
        while let (site, holder, depth) = stack.popLast() {
            if let loop = path.enter(site, at: depth) {
                diagnostics.insert(cycle(loop, kind: "holder"))
                continue
            }
            let isHolder = index.isHolder(sites[site].type)
            let id = newID()
            let key = analysis.strings(.field(site: site, name: "key")).sorted().first
            let component = componentNode(for: site, under: holder)
            holderComponent[id] = component
            events.append(.created(NodeCreated(
                id: id, kind: isHolder ? .holder : .module, type: qualified(sites[site].type), key: key, parent: holder,
                component: component
            )))
            if let holder {
                events.append(.moduleAttached(ModuleAttachment(holder: holder, module: id)))
                heldModules[holder, default: []].append((site, id))
                facts.held.insert(GraphFacts.Named(owner: analysis.sites[nodeSiteOfHolder(holder)].type, name: key ?? "?"))
            }
            addRouters(of: site, node: id)
            guard isHolder else { continue }
            holderNodes[site, default: []].append(id)
            if let holder { holderParent[id] = holder }
            holderSite[id] = site
            path.push(site)
            for module in (heldBy[site] ?? []).reversed() { stack.append((module, id, depth + 1)) }
        }
    }

    private var holderSite: [ObjectID: Int] = [:]

    /// The routers the sources give a module or holder (`module.router = SomeRouter(viewComponent:
    /// ...)`, or its own stored `router`), each with the view component it is made with, as the
    /// runtime records them: the view component below the module, the router below it.
    private mutating func addRouters(of site: Int, node module: ObjectID) {
        let sites = analysis.sites
        let moduleType = ShortTypeName.of(sites[site].type)
        let routers = analysis.values(.field(site: site, name: "router")).filter(isObject).sorted { position(of: $0) < position(of: $1) }
        for router in routers {
            // Whatever the router stores that is a view component (`viewComponent` in RouterObject,
            // the article's `component`).
            let stored = index.supertypes(of: sites[router].type).flatMap { index.types[$0]?.propertyOrder ?? [] }
            let viewComponents = Set(stored.flatMap { analysis.values(.field(site: router, name: $0)) })
                .filter { isObject($0) && index.reaches(sites[$0].type, index.libraryName("ViewComponent")) }
                .sorted { position(of: $0) < position(of: $1) }
            var parent = module
            if let viewComponent = viewComponents.first {
                let id = newID()
                events.append(.created(NodeCreated(id: id, kind: .viewComponent, type: qualified(sites[viewComponent].type), parent: module)))
                facts.viewComponents.insert(GraphFacts.Named(owner: ShortTypeName.of(sites[router].type), name: ShortTypeName.of(sites[viewComponent].type)))
                parent = id
            }
            let id = newID()
            events.append(.created(NodeCreated(id: id, kind: .router, type: qualified(sites[router].type), parent: parent)))
            events.append(.routerAttached(RouterAttachment(module: module, router: id)))
            facts.routers.insert(GraphFacts.Named(owner: moduleType, name: ShortTypeName.of(sites[router].type)))
        }
    }

    /// A site that is an object (not `nil`, not a string).
    private func isObject(_ site: Int) -> Bool {
        site != FlowAnalysis.nilSite && analysis.sites[site].type != FlowAnalysis.stringType
    }

    private func nodeSiteOfHolder(_ id: ObjectID) -> Int { holderSite[id] ?? 0 }

    private func isAppObject(_ site: Int) -> Bool {
        site != FlowAnalysis.nilSite && analysis.sites[site].type != FlowAnalysis.stringType && index.isAppType(analysis.sites[site].type)
    }

    /// The component node a module was built with: of the module's component sites, the node
    /// below the holder's own component (else the first made).
    private func componentNode(for module: Int, under holder: ObjectID?) -> ObjectID? {
        let candidates = analysis.values(.field(site: module, name: "component")).sorted().flatMap { componentNodes[$0] ?? [] }
        guard let holder, let holderComponent = holderComponentNode(holder) else { return candidates.first }
        return candidates.first { chain(from: $0).contains(holderComponent) } ?? candidates.first
    }

    private func holderComponentNode(_ holder: ObjectID) -> ObjectID? {
        holderComponent[holder] ?? nil
    }

    /// The component node each holder and module node was built with.
    private var holderComponent: [ObjectID: ObjectID?] = [:]

    /// A component node and its ancestors, nearest first.
    private func chain(from node: ObjectID) -> [ObjectID] {
        var result = [node]
        var current = node
        while let parent = nodeParent[current] {
            result.append(parent)
            current = parent
        }
        return result
    }

    // MARK: Lookups

    private mutating func recordLookups() {
        let sites = analysis.sites
        let ordered = analysis.lookups.sorted { ($0.position, position(of: $0.requester), $0.name) < ($1.position, position(of: $1.requester), $1.name) }
        // Each type's providers by name (the nearest declaration wins, as in the runtime's index).
        var tables: [String: [String: (owner: String, decl: PropertyDecl)]] = [:]
        func table(_ type: String) -> [String: (owner: String, decl: PropertyDecl)] {
            if let known = tables[type] { return known }
            var byName: [String: (owner: String, decl: PropertyDecl)] = [:]
            for entry in index.providers(of: type) { byName[entry.decl.name] = entry }
            tables[type] = byName
            return byName
        }
        // Names some `@Providers` class computes: only lookups of these can shadow one.
        let computedNames = Set(index.types.values.filter { index.listsComputedProviders($0.name) }.flatMap { type in
            type.properties.values.filter { $0.form == .computed }.map(\.name)
        })
        let nodeCount = Int(nextID)
        var siteOf = [Int](repeating: 0, count: nodeCount + 1)
        var parentOf = [Int](repeating: 0, count: nodeCount + 1)
        // Component sites numbered 0..<n: a node's entry in `siteOf`, and its place in `declaring`.
        // Component nodes' sites and parents by raw id (0: none): the walks visit every component
        // up a chain (a chain 10,000 deep makes 50 million steps), so each step reads arrays.
        let componentSites = Array(Set(nodeSite.values)).sorted()
        var slot = [Int](repeating: 0, count: sites.count)
        for (offset, site) in componentSites.enumerated() { slot[site] = offset }
        for (node, site) in nodeSite { siteOf[Int(node.rawValue)] = slot[site] }
        for (node, parent) in nodeParent { parentOf[Int(node.rawValue)] = Int(parent.rawValue) }
        // For each name provided, which component sites' types declare it (so a step is two array
        // reads); filled from each type's providers, not by asking every site for every name.
        let asked = Set(ordered.map(\.name))
        let declaresNone = [Bool](repeating: false, count: componentSites.count)
        var declaring: [String: [Bool]] = [:]
        for (offset, site) in componentSites.enumerated() {
            for name in table(sites[site].type).keys where asked.contains(name) {
                declaring[name, default: declaresNone][offset] = true
            }
        }
        for lookup in ordered {
            let requesterType = sites[lookup.requester].type
            let nodes = componentNodes[lookup.requester] ?? []
            let declares = declaring[lookup.name] ?? declaresNone
            if nodes.isEmpty {
                diagnostics.insert(StaticWording.unresolved(
                    "the \(requesterType) this lookup of `\(Quoted.name(lookup.name))` is made on is never placed in a tree the sources build", at: lookup.position
                ))
            }
            facts.lookups.insert(GraphFacts.Named(owner: requesterType, name: lookup.name))
            facts.lookupPositions[GraphFacts.Named(owner: requesterType, name: lookup.name), default: []].insert(lookup.position)
            for node in nodes {
                var answered: ObjectID?
                var walked: [ObjectID] = []
                var raw = Int(node.rawValue)
                while raw != 0 {
                    let step = ObjectID(UInt64(raw))
                    walked.append(step)
                    let offset = siteOf[raw]
                    raw = parentOf[raw]
                    guard declares[offset], case let type = sites[componentSites[offset]].type, let match = table(type)[lookup.name] else { continue }
                    if match.decl.form == .computed && !index.listsComputedProviders(match.owner) {
                        diagnostics.insert(StaticWording.invisibleComputed(owner: match.owner, name: lookup.name, lookupAt: lookup.position, at: match.decl.position))
                        continue
                    }
                    guard match.decl.form != .lazyVar, satisfies(match.decl.type, lookup.type) else { continue }
                    answered = step
                    if match.decl.form == .stored && computedNames.contains(lookup.name) {
                        warnShadowed(lookup: lookup, nearer: type, beyond: chain(from: step).dropFirst())
                    }
                    break
                }
                if let answered {
                    facts.resolved.insert(GraphFacts.Named(owner: sites[nodeSite[answered] ?? 0].type, name: lookup.name))
                }
                lookupPositions[events.count] = lookup.position
                events.append(.lookup(GraphInspect.DependencyLookup(
                    requester: node, name: lookup.name, type: index.recordedName(lookup.type), walk: walked, provider: answered,
                    cacheHit: false, location: SourceLocation(file: lookup.position.file, line: lookup.position.line)
                )))
            }
        }
    }

    /// A `@Providers` computed provider farther up that the stored one just found hides.
    private mutating func warnShadowed(lookup: FlowAnalysis.DependencyLookup, nearer: String, beyond: ArraySlice<ObjectID>) {
        for step in beyond {
            let type = analysis.sites[nodeSite[step] ?? 0].type
            for (owner, decl) in index.providers(of: type) where decl.name == lookup.name && decl.form == .computed {
                guard index.listsComputedProviders(owner), satisfies(decl.type, lookup.type) else { continue }
                diagnostics.insert(StaticWording.shadowedComputed(owner: owner, name: lookup.name, nearer: nearer, lookupAt: lookup.position, at: decl.position))
            }
        }
    }

    /// Whether a provider of type `provided` answers a lookup asking for `asked`: the same type
    /// (optional or not), a subclass or conforming type; either unwritten matches by name alone.
    private func satisfies(_ provided: WrittenType?, _ asked: WrittenType?) -> Bool {
        guard let provided, let asked else { return true }
        if asked.name == "Any" || asked.name == "AnyObject" { return true }
        return provided.name == asked.name || index.reaches(provided.name, asked.name)
    }

    private mutating func recordModuleLookups() {
        let sites = analysis.sites
        let ordered = analysis.moduleLookups.sorted { ($0.position, position(of: $0.holder), $0.key) < ($1.position, position(of: $1.holder), $1.key) }
        for lookup in ordered {
            let holderType = sites[lookup.holder].type
            facts.moduleLookups.insert(GraphFacts.Named(owner: holderType, name: lookup.key))
            for node in holderNodes[lookup.holder] ?? [] {
                var walk: [ObjectID] = []
                var current: ObjectID? = node
                var found: (module: ObjectID, holder: ObjectID)?
                while let holder = current, found == nil {
                    walk.append(holder)
                    for (site, module) in heldModules[holder] ?? [] where analysis.strings(.field(site: site, name: "key")).contains(lookup.key) {
                        found = (module, holder)
                        break
                    }
                    current = holderParent[holder]
                }
                lookupPositions[events.count] = lookup.position
                events.append(.moduleLookup(GraphInspect.ModuleLookup(
                    requester: node, key: lookup.key, target: lookup.target == .module ? .module : .router, walk: walk,
                    module: found?.module, holder: found?.holder
                )))
            }
        }
    }
}

/// The sites from a root down to the one being expanded, for a depth-first walk that pops back up:
/// finds a site met again below itself without copying the path at every step (a chain 10,000
/// deep would copy 50 million entries).
private struct PathTracker {
    private var path: [Int] = []
    private var depthOf: [Int: Int] = [:]

    /// Moves to `depth` (dropping what was below it); the loop when `site` is already on the path.
    mutating func enter(_ site: Int, at depth: Int) -> [Int]? {
        while path.count > depth { depthOf[path.removeLast()] = nil }
        guard let start = depthOf[site] else { return nil }
        return Array(path[start...]) + [site]
    }

    mutating func push(_ site: Int) {
        depthOf[site] = path.count
        path.append(site)
    }
}
