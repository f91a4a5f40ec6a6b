import GraphInspect
import GraphInspectCheckContract

/// Turns the flow analysis into nodes and events. The fields it reads must stay among those
/// `FlowAnalysis.readAsTheGraphBuilderDoes` reads, or pruning could drop what writes them
/// (`PruningTests` would see it).
struct StaticGraphBuilder {
    let analysis: FlowAnalysis
    var index: TypeIndex { analysis.index }
    var events: [GraphEvent] = []
    var nextID: UInt64 = 0
    var diagnostics: Set<StaticDiagnostic> = []
    /// The component nodes made for each site, and each node's site and parent node.
    var componentNodes: [Int: [ObjectID]] = [:]
    var nodeSite: [ObjectID: Int] = [:]
    var nodeParent: [ObjectID: ObjectID] = [:]
    var holderNodes: [Int: [ObjectID]] = [:]
    var holderParent: [ObjectID: ObjectID] = [:]
    var heldModules: [ObjectID: [(site: Int, node: ObjectID)]] = [:]
    var lookupPositions: [Int: SourcePosition] = [:]
    /// Lookups a provider answers only if its value at run time is of the type asked (or a type
    /// is not known): walked, noted, not counted as checked, and no reason to call a check empty.
    var undecided: Set<SourcePosition> = []
    var facts = GraphFacts()

    /// Every name the sources declare (`InertStatements.declared`).
    let declaredNames: Set<String>

    init(analysis: FlowAnalysis) {
        self.analysis = analysis
        declaredNames = analysis.inert.declared
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
        for cycle in analysis.closureCycles {
            diagnostics.insert(StaticWording.closureCycle(cycle, shortType: ShortTypeName.of(cycle.type)))
        }
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
        // Missing dependencies and modules, worded by the runtime's reports. An error needs
        // positive evidence: while an `attach` the reading cannot follow may add any module
        // anywhere, a module lookup that finds nothing is a note, not checked.
        let unresolved = analysis.unresolved
        let unfollowedAttach = unresolved.filter { $0.lookup == .attachment }.map(\.position).min()
        var unchecked: Set<SourcePosition> = []
        for failure in built.failures() {
            guard let position = lookupPositions[failure.eventIndex] else { continue }
            if case .module(let missing, _) = failure, let unfollowedAttach {
                unchecked.insert(position)
                diagnostics.insert(StaticWording.unfollowedAttach(missing.request, attach: unfollowedAttach, at: position))
                continue
            }
            diagnostics.insert(StaticWording.diagnostic(fromReport: failure.report(style: .plain), at: position))
        }
        let checked = Set(lookupPositions.values).subtracting(unchecked).subtracting(undecided)
        // Every lookup written: those the analysis followed, and those a note leaves unchecked.
        let lookups = Set(analysis.lookups.map(\.position)).union(unresolved.filter { $0.lookup == .dependency }.map(\.position))
        let moduleLookups = Set(analysis.moduleLookups.map(\.position)).union(unresolved.filter { $0.lookup == .module }.map(\.position))
        let summary = StaticGraph.Summary(
            files: files, componentTypes: Set(componentSites.map { sites[$0].type }).count,
            components: built.nodes.filter { $0.kind == .component }.count,
            holders: built.nodes.filter { $0.kind == .holder }.count,
            modules: built.nodes.filter { $0.kind == .module }.count,
            lookups: lookups.count, moduleLookups: moduleLookups.count,
            lookupsChecked: lookups.intersection(checked).count, moduleLookupsChecked: moduleLookups.intersection(checked).count,
            redeclaredOutsideTheGraph: analysis.redeclaredOutsideTheGraph
        )
        // Lookups in code only a caller elsewhere reaches are one note, and no reason to call the
        // check one that checked nothing: the check that reads the caller checks them.
        let givenByCaller = unresolved.filter { $0.givenByCaller && ($0.lookup == .dependency || $0.lookup == .module) }
        let outOfReach = Set(givenByCaller.map(\.position))
        if let first = outOfReach.min() {
            let modules = Set(givenByCaller.filter { $0.lookup == .module }.map(\.position))
            diagnostics.insert(StaticWording.outOfReach(lookups: outOfReach.subtracting(modules).count, moduleLookups: modules.count, at: first))
        }
        let all = lookups.union(moduleLookups).subtracting(outOfReach).subtracting(undecided)
        if let first = all.min(), summary.lookupsChecked + summary.moduleLookupsChecked == 0 {
            let reason = diagnostics.filter { $0.isUnchecked && !outOfReach.contains($0.position) }.min()
            diagnostics.insert(StaticWording.nothingChecked(lookups: all.count, firstReason: reason, at: first))
        }
        return StaticGraph(
            snapshot: built, diagnostics: diagnostics.sorted(), lookupPositions: lookupPositions, facts: facts,
            summary: summary, places: places(of: built), declaredNames: declaredNames, graphTypeNames: analysis.inert.graphTypes ?? [],
            graphFreeNames: analysis.inert.graphFree
        )
    }

    /// Where the graph's lookups, providers and types are written, for the rules' findings.
    func places(of snapshot: GraphSnapshot) -> SourcePlaces {
        var places = SourcePlaces(lookups: lookupPositions)
        let nodeTypes = Set(snapshot.nodes.map(\.type))
        let componentTypes = Set(snapshot.nodes.filter { $0.kind == .component }.map(\.type))
        var unplaced: [String: SourcePosition] = [:]
        for (name, decl) in index.types where !decl.isLibrary {
            let type = qualified(name)
            guard nodeTypes.contains(type) else {
                if let position = decl.position, index.isComponent(name) { unplaced[type] = position }
                continue
            }
            if let position = decl.position { places.types[type] = position }
            guard componentTypes.contains(type) else { continue }
            for (_, provider) in index.providers(of: name) { places.providers[type, default: [:]][provider.name] = provider.position }
        }
        places.unplacedComponents = unplaced
        places.answering = answeringTypes(componentTypes: componentTypes)
        places.declarationsRunningCode = declarationsRunningCode(inert: analysis.inert)
        places.propertyReads = analysis.propertyReads.flatMap { read in
            (componentNodes[read.receiver] ?? []).map { node in
                SourcePlaces.PropertyRead(
                    node: node, name: read.name, type: index.recordedName(read.type), declared: read.declared.map(qualified), position: read.position
                )
            }
        }.sorted { ($0.position, $0.node.rawValue, $0.name) < ($1.position, $1.node.rawValue, $1.name) }
        return places
    }

    /// For each type a lookup (or a property read, a lookup once its property goes) asks for,
    /// the types of same-named providers that answer it, as `recordLookups` decides (`satisfies`).
    func answeringTypes(componentTypes: Set<String>) -> [String: [String]] {
        var asked: [String: [WrittenType?]] = [:]
        for lookup in analysis.lookups { asked[lookup.name, default: []].append(lookup.type) }
        for read in analysis.propertyReads { asked[read.name, default: []].append(read.type) }
        var provided: [String: [WrittenType?]] = [:]
        for (name, decl) in index.types where !decl.isLibrary && componentTypes.contains(qualified(name)) {
            for (_, provider) in index.providers(of: name) where asked[provider.name] != nil {
                provided[provider.name, default: []].append(provider.type)
            }
        }
        var answering: [String: Set<String>] = [:]
        for (name, askedTypes) in asked {
            for askedType in askedTypes {
                let key = index.recordedName(askedType)
                for providedType in provided[name] ?? [] where satisfies(providedType, askedType) {
                    answering[key, default: []].insert(index.recordedName(providedType))
                }
            }
        }
        return answering.mapValues { $0.sorted() }
    }

    mutating func newID() -> ObjectID {
        nextID += 1
        return ObjectID(nextID)
    }

    func qualified(_ type: String) -> String {
        index.recordedName(WrittenType(name: type, isOptional: false, spelling: type))
    }

    func position(of site: Int) -> SourcePosition {
        analysis.sites[site].position ?? SourcePosition(file: "?", line: 0, column: 0)
    }

    // MARK: Components

    /// The providers the runtime's index would list for a component class.
    func providers(of type: String) -> [Provider] {
        index.providers(of: type).compactMap { owner, decl in
            let form: Provider.Form
            switch decl.form {
            case .stored: form = unlistedClosure(decl, of: owner) == nil ? .stored : .storedClosure
            case .lazyWrapper: form = .lazy
            case .lazyVar: form = .lazyVar
            case .computed:
                guard index.listsComputedProviders(owner), decl.type != nil else { return nil }
                form = .computed
            case .storedClosure:
                // Listed by `@Providers`, it is read through its getter as a computed one is.
                form = unlistedClosure(decl, of: owner) == nil ? .computed : .storedClosure
            }
            return Provider(name: decl.name, type: index.recordedName(decl.type), form: form)
        }
    }

    /// `decl` as a stored closure lookups cannot read, if it is one: written as a function type
    /// in a class `@Providers` does not mark (or with no type the macro could name), or of a
    /// `typealias` of a function type, which the macro cannot see through.
    func unlistedClosure(_ decl: PropertyDecl, of owner: String) -> PropertyDecl? {
        switch decl.form {
        case .storedClosure where !index.listsComputedProviders(owner) || decl.type == nil:
            return decl
        case .stored where decl.type.map { analysis.closureAliases.contains($0.name) } == true:
            var closure = decl
            closure.form = .storedClosure
            return closure
        default:
            return nil
        }
    }

    /// One node per site and parent chain, depth first from the roots (sites given `nil`), in
    /// source order. Iterative, so a 10,000-deep chain does not exhaust the stack.
    mutating func expandComponents(_ componentSites: [Int]) {
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
    func cycle(_ loop: [Int], kind: String) -> StaticDiagnostic {
        let site = loop[loop.count - 1]
        let chain = loop.map { analysis.sites[$0].type }
        if loop.dropLast().contains(where: analysis.buildsItself) {
            return StaticWording.cycle(type: analysis.sites[site].type, chain: chain, at: position(of: site), kind: kind)
        }
        return StaticWording.nested(type: analysis.sites[site].type, chain: chain, at: position(of: site), kind: kind)
    }

    // MARK: Holders and modules

    mutating func expandHolders() {
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

    var holderSite: [ObjectID: Int] = [:]

    /// The routers the sources give a module or holder (`module.router = SomeRouter(viewComponent:
    /// ...)`, or its own stored `router`), each with the view component it is made with, as the
    /// runtime records them: the view component below the module, the router below it.
    mutating func addRouters(of site: Int, node module: ObjectID) {
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
    func isObject(_ site: Int) -> Bool {
        site != FlowAnalysis.nilSite && analysis.sites[site].type != FlowAnalysis.stringType
    }

    func nodeSiteOfHolder(_ id: ObjectID) -> Int { holderSite[id] ?? 0 }

    func isAppObject(_ site: Int) -> Bool {
        site != FlowAnalysis.nilSite && analysis.sites[site].type != FlowAnalysis.stringType && index.isAppType(analysis.sites[site].type)
    }

    /// The component node a module was built with: of the module's component sites, the node
    /// below the holder's own component (else the first made).
    func componentNode(for module: Int, under holder: ObjectID?) -> ObjectID? {
        let candidates = analysis.values(.field(site: module, name: "component")).sorted().flatMap { componentNodes[$0] ?? [] }
        guard let holder, let holderComponent = holderComponentNode(holder) else { return candidates.first }
        return candidates.first { chain(from: $0).contains(holderComponent) } ?? candidates.first
    }

    func holderComponentNode(_ holder: ObjectID) -> ObjectID? {
        holderComponent[holder] ?? nil
    }

    /// The component node each holder and module node was built with.
    var holderComponent: [ObjectID: ObjectID?] = [:]

    /// A component node and its ancestors, nearest first.
    func chain(from node: ObjectID) -> [ObjectID] {
        var result = [node]
        var current = node
        while let parent = nodeParent[current] {
            result.append(parent)
            current = parent
        }
        return result
    }
}
