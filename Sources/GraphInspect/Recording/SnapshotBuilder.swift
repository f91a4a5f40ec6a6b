/// Folds events one at a time into a snapshot, renumbering raw ids as nodes appear.
///
/// An id referenced before its `created` event (an object made before recording started that
/// the runtime could not announce) becomes a placeholder node of the kind its first reference
/// implies, with type `?`.
public struct SnapshotBuilder: Sendable {
    private var nodes: [GraphNode] = []
    private var events: [GraphEvent] = []
    private var nodeIDs: [ObjectID: ObjectID] = [:]
    private var runIDs: [ObjectID: ObjectID] = [:]
    /// Snapshot ids of nodes referenced before their `created` event.
    private var placeholders: Set<ObjectID> = []
    /// The runtime's id of each node, at its snapshot id's index (id - 1): what a search among
    /// the live objects (`HolderSearch`) is given for the nodes a snapshot judged.
    public private(set) var rawIDs: [ObjectID] = []

    public init() {}

    /// The snapshot of the events applied so far.
    public var snapshot: GraphSnapshot { GraphSnapshot(nodes: nodes, events: events, ending: ending) }

    /// How the run ended, from its `ended` event; nil until one is applied.
    public private(set) var ending: RunEnding?

    /// Events folded in so far.
    public var eventCount: Int { events.count }

    /// The node with snapshot id `id`, as the events so far left it.
    public func node(_ id: ObjectID) -> GraphNode? {
        nodes.indices.contains(index(id)) ? nodes[index(id)] : nil
    }

    /// Counts one more repeat of the cache-hit lookup at event `index` (a trace's `repeated`
    /// line); false, changing nothing, if that event is not a cache-hit lookup.
    public mutating func countRepeat(ofEventAt index: Int) -> Bool {
        guard events.indices.contains(index), case .lookup(var lookup) = events[index], lookup.cacheHit else { return false }
        lookup.repeats = (lookup.repeats ?? 0) + 1
        events[index] = .lookup(lookup)
        return true
    }

    /// Folds one more event in.
    public mutating func apply(_ event: GraphEvent) {
        switch event {
        case .created(var created):
            if let known = nodeIDs[created.id] {
                guard placeholders.remove(known) != nil else { return }
                created.id = known
            } else {
                created.id = newNode(raw: created.id, kind: created.kind)
            }
            created.parent = created.parent.map { id($0, kind: created.kind.parentKind) }
            created.component = created.component.map { id($0, kind: .component) }
            nodes[index(created.id)] = GraphNode(created: created)
            events.append(.created(created))
        case .builderStarted(var started):
            let run = ObjectID(UInt64(runIDs.count + 1))
            runIDs[started.run] = run
            started.run = run
            started.parentComponent = id(started.parentComponent, kind: .component)
            started.holder = id(started.holder, kind: .holder)
            events.append(.builderStarted(started))
        case .builderFinished(var finished):
            finished.run = runIDs[finished.run] ?? finished.run
            finished.module = id(finished.module, kind: .module)
            events.append(.builderFinished(finished))
        case .moduleAttached(var attachment):
            attachment = renumber(attachment)
            nodes[index(attachment.holder)].modules?.append(attachment.module)
            events.append(.moduleAttached(attachment))
        case .moduleDetached(var attachment):
            attachment = renumber(attachment)
            nodes[index(attachment.holder)].modules?.removeAll { $0 == attachment.module }
            events.append(.moduleDetached(attachment))
        case .routerAttached(var attachment):
            attachment.module = id(attachment.module, kind: .module)
            attachment.router = id(attachment.router, kind: .router)
            nodes[index(attachment.module)].router = attachment.router
            events.append(.routerAttached(attachment))
        case .lookup(var lookup):
            lookup.requester = id(lookup.requester, kind: .component)
            lookup.walk = lookup.walk.map { id($0, kind: .component) }
            lookup.provider = lookup.provider.map { id($0, kind: .component) }
            events.append(.lookup(lookup))
        case .sharedCreated(var shared):
            shared.component = id(shared.component, kind: .component)
            events.append(.sharedCreated(shared))
        case .moduleLookup(var lookup):
            lookup.requester = id(lookup.requester, kind: .holder)
            lookup.walk = lookup.walk.map { id($0, kind: .holder) }
            lookup.module = lookup.module.map { id($0, kind: .module) }
            lookup.holder = lookup.holder.map { id($0, kind: .holder) }
            events.append(.moduleLookup(lookup))
        case .linked(var link):
            link.from = id(link.from, kind: "node")
            link.to = id(link.to, kind: "node")
            events.append(.linked(link))
        case .held(var held):
            held.id = id(held.id, kind: .module)
            held.holder = held.holder.map { id($0, kind: .component) }
            events.append(.held(held))
        case .marked(let mark):
            events.append(.marked(mark))
        case .ended(let ended):
            ending = RunEnding(ended)
            events.append(.ended(ended))
        case .released(var released):
            released.id = id(released.id, kind: .component)
            nodes[index(released.id)].released = true
            events.append(.released(released))
        }
    }

    private func index(_ id: ObjectID) -> Int { Int(id.rawValue) - 1 }

    private mutating func renumber(_ attachment: ModuleAttachment) -> ModuleAttachment {
        var renumbered = attachment
        renumbered.holder = id(attachment.holder, kind: .holder)
        renumbered.module = id(attachment.module, kind: .module)
        return renumbered
    }

    private mutating func newNode(raw: ObjectID, kind: NodeKind) -> ObjectID {
        let id = ObjectID(UInt64(nodes.count + 1))
        nodeIDs[raw] = id
        rawIDs.append(raw)
        nodes.append(GraphNode(created: NodeCreated(id: id, kind: kind, type: "?")))
        return id
    }

    /// The snapshot id of `raw`, adding a placeholder node if it was never created.
    private mutating func id(_ raw: ObjectID, kind: NodeKind) -> ObjectID {
        if let known = nodeIDs[raw] { return known }
        let id = newNode(raw: raw, kind: kind)
        placeholders.insert(id)
        return id
    }
}
