import GraphInspect

/// What each event refers to, so the reader can check every id was created before use.
enum TraceEventFields {
    static let knownNames = (GraphEvent.Name.allCases.map(\.rawValue) + ["repeated"]).map { "\"\($0)\"" }.joined(separator: ", ")

    /// The node ids `event` names, with the field each sits in. `created` lists its references
    /// only (parent, component), not its own id.
    static func references(of event: GraphEvent) -> [(field: String, id: ObjectID)] {
        switch event {
        case .created(let node):
            return [node.parent.map { ("parent", $0) }, node.component.map { ("component", $0) }].compactMap { $0 }
        case .builderStarted(let started):
            return [("parentComponent", started.parentComponent), ("holder", started.holder)]
        case .builderFinished(let finished):
            return [("module", finished.module)]
        case .moduleAttached(let attachment), .moduleDetached(let attachment):
            return [("holder", attachment.holder), ("module", attachment.module)]
        case .routerAttached(let attachment):
            return [("module", attachment.module), ("router", attachment.router)]
        case .lookup(let lookup):
            return [("requester", lookup.requester)] + lookup.walk.map { ("walk", $0) }
                + (lookup.provider.map { [("provider", $0)] } ?? [])
        case .sharedCreated(let shared):
            return [("component", shared.component)]
        case .moduleLookup(let lookup):
            return [("requester", lookup.requester)] + lookup.walk.map { ("walk", $0) }
                + [lookup.module.map { ("module", $0) }, lookup.holder.map { ("holder", $0) }].compactMap { $0 }
        case .released(let released):
            return [("id", released.id)]
        case .linked(let link):
            return [("from", link.from), ("to", link.to)]
        case .held(let held):
            return [("id", held.id)] + (held.holder.map { [("holder", $0)] } ?? [])
        case .marked, .ended:
            return []
        }
    }
}
