import GraphInspect
import GraphInspectDiagram

/// The article's "Dependency Flow": components form a graph through their parents, and each lookup
/// climbs it from the requester until a component provides the name. Each lookup is numbered; a
/// cache hit goes straight to its provider; a miss climbs to the root and ends in red.
struct DependencyFlowBuilder {
    let snapshot: GraphSnapshot
    private(set) var replay = Replay(kind: .dependencyFlow, steps: [], clusters: [], details: [:])

    private let indexed: ReplayIndex

    init(_ snapshot: GraphSnapshot) {
        self.snapshot = snapshot
        indexed = ReplayIndex(snapshot)
        for (index, event) in snapshot.events.enumerated() { apply(event, at: index) }
    }

    private func id(_ component: ObjectID) -> String { DiagramBuilder.nodeID(kind: .component, component) }

    private mutating func apply(_ event: GraphEvent, at index: Int) {
        let number = replay.steps.count + 1
        switch event {
        case .created(let created) where created.kind == .component:
            guard let node = snapshot.node(created.id) else { return }
            replay.details[id(node.id)] = ReplayNames.details(node, in: snapshot, lookups: indexed.lookups(by: node.id))
            var edges: [Diagram.Edge] = []
            var words = "\(ReplayNames.label(node)) is created"
            if let parent = node.parent.flatMap(snapshot.node) {
                edges.append(Diagram.Edge(from: id(node.id), to: id(parent.id), kind: .parent, label: []))
                words += " below \(ReplayNames.label(parent))"
            } else {
                words += " (a root)"
            }
            replay.steps.append(Replay.Step(event: index, words: words, nodes: [ReplayNames.node(node)], edges: edges))
        case .lookup(let lookup):
            let what = "\(Quoted.name(lookup.name)): \(ShortTypeName.of(lookup.type))"
            let requester = ReplayNames.label(snapshot.node(lookup.requester))
            var edges: [Diagram.Edge] = []
            var nodes: [Diagram.Node] = []
            let words: String
            if lookup.cacheHit, let provider = lookup.provider {
                edges.append(Diagram.Edge(from: id(lookup.requester), to: id(provider), kind: .cacheHit, label: ["\(number). \(what), cached"]))
                words = "\(requester) looks up \(what) again: its cache answers with \(ReplayNames.label(snapshot.node(provider))), no climb"
            } else if let provider = lookup.provider {
                let hops = lookup.walk.firstIndex(of: provider) ?? 0
                if hops == 0 {
                    edges.append(Diagram.Edge(from: id(provider), to: id(provider), kind: .climb, label: ["\(number). \(what), self"]))
                } else {
                    edges += climb(lookup.walk.prefix(hops + 1), label: "\(number). \(what)")
                }
                words = "\(requester) looks up \(what): " + (hops == 0 ? "it provides it itself"
                    : "climbs \(hops) \(hops == 1 ? "parent" : "parents") to \(ReplayNames.label(snapshot.node(provider))), which provides it")
            } else {
                edges += climb(lookup.walk[...], label: "\(number). \(what)")
                let missing = "x\(number)"
                nodes.append(Diagram.Node(id: missing, kind: .missing, title: "missing", details: [what], released: false, cluster: nil))
                replay.details[missing] = ["kind: missing", "asked: \(what)", "by: \(requester)"]
                edges.append(Diagram.Edge(from: id(lookup.walk.last ?? lookup.requester), to: missing, kind: .failed, label: ["\(number). not found"]))
                words = "\(requester) looks up \(what): climbs to the root and finds nothing"
            }
            replay.steps.append(Replay.Step(event: index, words: words, nodes: nodes, edges: edges))
        default:
            break
        }
    }

    /// One edge per parent climbed along `walk`.
    private func climb(_ walk: ArraySlice<ObjectID>, label: String) -> [Diagram.Edge] {
        zip(walk, walk.dropFirst()).map { Diagram.Edge(from: id($0), to: id($1), kind: .climb, label: [label]) }
    }
}
