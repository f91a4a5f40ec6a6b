import GraphInspect
import GraphInspectDiagram

/// The article's "Basic Flow": each holder runs a builder per module, given the parent component and
/// the holder's context; the builder makes the component, the module, the view component and the
/// router; the holder then holds the module, and may later detach it. Nested holders sit inside
/// their holder's cluster.
struct BasicFlowBuilder {
    let snapshot: GraphSnapshot
    private(set) var replay = Replay(kind: .basicFlow, steps: [], clusters: [], details: [:])

    private var drawn: Set<String> = []
    /// Builder runs in progress, innermost last: (run, holder).
    private var runs: [(run: ObjectID, holder: ObjectID, builder: String)] = []
    /// The holder cluster each drawn node sits in.
    private var clusterOf: [ObjectID: String] = [:]

    private let indexed: ReplayIndex

    init(_ snapshot: GraphSnapshot) {
        self.snapshot = snapshot
        indexed = ReplayIndex(snapshot)
        for (index, event) in snapshot.events.enumerated() { apply(event, at: index) }
    }

    private func cluster(ofHolder holder: ObjectID) -> String { Diagram.clusterID(ofHolder: holder) }

    private mutating func apply(_ event: GraphEvent, at index: Int) {
        let number = replay.steps.count + 1
        switch event {
        case .created(let created):
            // The article's flow is about its own objects; recorded kinds of other shapes stay out.
            guard created.kind.isRuntimeKind, let node = snapshot.node(created.id) else { return }
            created.kind == .holder ? holderCreated(node, number: number, at: index) : objectCreated(node, number: number, at: index)
        case .builderStarted(let started):
            runs.append((started.run, started.holder, ShortTypeName.of(started.builder)))
            let builder = "b\(started.run.rawValue)", context = "t\(started.run.rawValue)"
            let holder = snapshot.node(started.holder)
            let cluster = cluster(ofHolder: started.holder)
            var nodes = [
                Diagram.Node(id: builder, kind: .builder, title: ShortTypeName.of(started.builder), details: ["run \(started.run.rawValue)"], released: false, cluster: cluster),
                Diagram.Node(id: context, kind: .context, title: started.context.first.map(ShortTypeName.of) ?? "context",
                             details: started.context.dropFirst().map { "in " + ShortTypeName.of($0) }, released: false, cluster: cluster),
            ]
            var edges = [
                Diagram.Edge(from: DiagramBuilder.nodeID(kind: .holder, started.holder), to: builder, kind: .step, label: ["\(number). runs"]),
                Diagram.Edge(from: context, to: builder, kind: .component, label: ["context"]),
            ]
            if let parent = snapshot.node(started.parentComponent) {
                let parentID = DiagramBuilder.nodeID(parent)
                if !drawn.contains(parentID) { nodes.append(ReplayNames.node(parent)) }
                edges.append(Diagram.Edge(from: parentID, to: builder, kind: .component, label: ["parent component"]))
            }
            add(index, "\(ReplayNames.label(holder)) runs \(ShortTypeName.of(started.builder)) with parent component \(ReplayNames.label(snapshot.node(started.parentComponent))) and context \(started.context.map(ShortTypeName.of).joined(separator: " in "))", nodes, edges)
        case .builderFinished(let finished):
            runs.removeAll { $0.run == finished.run }
        case .moduleAttached(let attachment):
            guard let holder = snapshot.node(attachment.holder), let module = snapshot.node(attachment.module) else { return }
            add(index, "\(ReplayNames.label(holder)) holds \(ReplayNames.label(module))", [], [
                Diagram.Edge(from: DiagramBuilder.nodeID(holder), to: DiagramBuilder.nodeID(module), kind: .step, label: ["\(number). holds"]),
            ])
        case .moduleDetached(let detachment):
            // A holder lets a module go (the sample's onboarding, once done): drawn as its holding was.
            guard let holder = snapshot.node(detachment.holder), let module = snapshot.node(detachment.module),
                  drawn.contains(DiagramBuilder.nodeID(holder)), drawn.contains(DiagramBuilder.nodeID(module)) else { return }
            add(index, "\(ReplayNames.label(holder)) detaches \(ReplayNames.label(module)), which it no longer holds", [], [
                Diagram.Edge(from: DiagramBuilder.nodeID(holder), to: DiagramBuilder.nodeID(module), kind: .step, label: ["\(number). detaches"]),
            ])
        case .routerAttached(let attachment):
            guard let module = snapshot.node(attachment.module), let router = snapshot.node(attachment.router) else { return }
            add(index, "\(ReplayNames.label(module)) gets \(ReplayNames.label(router)) as its router", [], [
                Diagram.Edge(from: DiagramBuilder.nodeID(module), to: DiagramBuilder.nodeID(router), kind: .step, label: ["\(number). router"]),
            ])
        default:
            break
        }
    }

    private mutating func holderCreated(_ holder: GraphNode, number: Int, at index: Int) {
        let own = cluster(ofHolder: holder.id)
        let outer = runs.last.map { cluster(ofHolder: $0.holder) } ?? holder.parent.map(cluster(ofHolder:))
        replay.clusters.append(Diagram.Cluster(id: own, label: DiagramBuilder.keyed(holder), parent: outer))
        clusterOf[holder.id] = own
        var nodes = [ReplayNames.node(holder, cluster: own)]
        var edges: [Diagram.Edge] = []
        var words = "\(ReplayNames.label(holder)) is created"
        if let run = runs.last {
            edges.append(Diagram.Edge(from: "b\(run.run.rawValue)", to: DiagramBuilder.nodeID(holder), kind: .step, label: ["\(number). makes holder"]))
            words = "\(run.builder) makes \(ReplayNames.label(holder)), a nested holder"
        }
        if let component = holder.component.flatMap(snapshot.node) {
            let componentID = DiagramBuilder.nodeID(component)
            if !drawn.contains(componentID) { nodes.append(ReplayNames.node(component)) }
            edges.append(Diagram.Edge(from: DiagramBuilder.nodeID(holder), to: componentID, kind: .component, label: []))
            words += " with \(ReplayNames.label(component))"
        }
        add(index, words, nodes, edges)
    }

    private mutating func objectCreated(_ node: GraphNode, number: Int, at index: Int) {
        let id = DiagramBuilder.nodeID(node)
        let what: String
        switch node.kind {
        case .component: what = "component"
        case .module: what = "module"
        case .viewComponent: what = "view component"
        case .router: what = "router"
        case .holder: what = "holder"
        default: what = node.kind.rawValue
        }
        if let run = runs.last {
            // Made by the builder running now.
            let cluster = cluster(ofHolder: run.holder)
            clusterOf[node.id] = cluster
            var edges = [Diagram.Edge(from: "b\(run.run.rawValue)", to: id, kind: .step, label: ["\(number). makes \(what)"])]
            if node.kind == .module, let component = node.component {
                edges.append(Diagram.Edge(from: id, to: DiagramBuilder.nodeID(kind: .component, component), kind: .component, label: []))
            }
            if node.kind == .router, let viewComponent = node.parent {
                edges.append(Diagram.Edge(from: DiagramBuilder.nodeID(kind: .viewComponent, viewComponent), to: id, kind: .component, label: ["carries its dependencies"]))
            }
            add(index, "\(run.builder) makes \(what) \(ReplayNames.label(node))", [ReplayNames.node(node, cluster: cluster)],
                edges.filter { drawn.contains($0.from) || $0.from == id })
        } else if node.kind == .component {
            // Outside any build: a root component, or one made by hand.
            add(index, "\(ReplayNames.label(node)) is created" + (node.parent == nil ? " (a root component)" : ""), [ReplayNames.node(node)], [])
        } else if let owner = node.parent.flatMap(snapshot.node) {
            // A holder's own view component and router, made in its init.
            let ownerID = DiagramBuilder.nodeID(owner)
            let placed = owner.kind == .holder ? cluster(ofHolder: owner.id) : clusterOf[owner.id]
            clusterOf[node.id] = placed
            add(index, "\(ReplayNames.label(owner)) makes \(what) \(ReplayNames.label(node))", [ReplayNames.node(node, cluster: placed)],
                drawn.contains(ownerID) ? [Diagram.Edge(from: ownerID, to: id, kind: .step, label: ["\(number). makes \(what)"])] : [])
        }
    }

    private mutating func add(_ event: Int, _ words: String, _ nodes: [Diagram.Node], _ edges: [Diagram.Edge]) {
        let nodes = nodes.filter { !drawn.contains($0.id) }
        guard !nodes.isEmpty || !edges.isEmpty else { return }
        for node in nodes {
            drawn.insert(node.id)
            if let graphNode = indexed.node(diagramID: node.id) {
                replay.details[node.id] = ReplayNames.details(graphNode, in: snapshot, lookups: indexed.lookups(by: graphNode.id))
            } else {
                replay.details[node.id] = ["kind: \(node.kind.rawValue)", "type: \(node.title)"] + node.details
            }
        }
        replay.steps.append(Replay.Step(event: event, words: words, nodes: nodes, edges: edges))
    }
}
