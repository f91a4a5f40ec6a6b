/// What a recording found: every node with its edges, and the ordered event log.
///
/// Ids are renumbered 1, 2, 3... in the order nodes were created (builder runs separately, in the
/// order they started), so the same run always gives the same snapshot and its outputs can be
/// compared whole.
public struct GraphSnapshot: Sendable, Equatable, Codable {
    /// Every node recorded, by id; released ones are kept and marked.
    public var nodes: [GraphNode]
    /// Every event, in the order reported, with renumbered ids.
    public var events: [GraphEvent]
    /// How the run ended, when the recording tells (`RunEnding`); nil: unknown (a recording
    /// taken while the app runs, a baseline, a recording from before it was kept).
    public var ending: RunEnding?

    public init(nodes: [GraphNode], events: [GraphEvent], ending: RunEnding? = nil) {
        self.nodes = nodes
        self.events = events
        self.ending = ending
    }

    /// Folds raw runtime events into a snapshot, renumbering ids.
    ///
    /// A `created` event for an id already seen is dropped (the runtime announces objects made
    /// before an observer was installed when something newer refers to them).
    public init(events raw: [GraphEvent]) {
        var builder = SnapshotBuilder()
        for event in raw { builder.apply(event) }
        self = builder.snapshot
    }

    /// How many events the run recorded: every event but the `ended` mark and the `held` answers
    /// of the search made when it ended, so a run recorded in this process and the same run read
    /// from its trace count alike.
    public var eventCount: Int {
        events.count - events.reduce(0) { count, event in
            switch event {
            case .ended, .held: count + 1
            default: count
            }
        }
    }

    /// The snapshot without times, durations or threads (every event's `time`, `duration` and
    /// `thread`), the `marked` moments or the `ended` mark (how the run ended stays, in `ending`):
    /// what `dump --format json` writes by default, so two recordings of one graph are
    /// byte-identical.
    public var withoutTimes: GraphSnapshot {
        let kept: [GraphEvent] = events.compactMap { event in
            switch event {
            case .created(var created):
                (created.time, created.thread) = (nil, nil)
                return .created(created)
            case .builderStarted(var started):
                (started.time, started.thread) = (nil, nil)
                return .builderStarted(started)
            case .builderFinished(var finished):
                finished.time = nil
                return .builderFinished(finished)
            case .moduleAttached(var attachment):
                (attachment.time, attachment.thread) = (nil, nil)
                return .moduleAttached(attachment)
            case .moduleDetached(var attachment):
                (attachment.time, attachment.thread) = (nil, nil)
                return .moduleDetached(attachment)
            case .released(var released):
                released.time = nil
                return .released(released)
            case .lookup(var lookup):
                (lookup.time, lookup.duration, lookup.thread) = (nil, nil, nil)
                return .lookup(lookup)
            case .sharedCreated(var shared):
                (shared.time, shared.duration, shared.thread) = (nil, nil, nil)
                return .sharedCreated(shared)
            case .moduleLookup(var lookup):
                (lookup.time, lookup.duration, lookup.thread) = (nil, nil, nil)
                return .moduleLookup(lookup)
            case .marked, .ended:
                return nil
            case .routerAttached, .linked, .held:
                return event
            }
        }
        return GraphSnapshot(nodes: nodes, events: kept, ending: ending)
    }

    /// The snapshot with each module or holder alive after its holder let it go marked with its
    /// verdict (`GraphNode.retained`), judged from the times with `grace`; a node whose verdict
    /// cannot be judged (no times) keeps the one it has. What `dump --format json` writes before
    /// leaving the times out, so the JSON still says which were leaks.
    public func withRetainedVerdicts(grace: UInt64) -> GraphSnapshot {
        var marked = self
        for found in RetainedAfterDetach.find(in: self, grace: grace) where found.aliveFor != nil {
            let index = Int(found.node.rawValue) - 1
            guard marked.nodes.indices.contains(index), marked.nodes[index].id == found.node else { continue }
            marked.nodes[index].retained = found.isLeak ? .leak : .aliveAtEnd
        }
        return marked
    }

    /// The nodes not yet released.
    public var liveNodes: [GraphNode] { nodes.filter { !$0.released } }

    /// The node with `id`, if recorded.
    public func node(_ id: ObjectID) -> GraphNode? {
        // Snapshot ids are 1...n in order, so the id is the index plus one.
        let index = Int(id.rawValue) - 1
        if nodes.indices.contains(index), nodes[index].id == id { return nodes[index] }
        return nodes.first { $0.id == id }
    }

    /// Every dependency lookup, in order.
    public var lookups: [DependencyLookup] {
        events.compactMap { if case .lookup(let lookup) = $0 { lookup } else { nil } }
    }

    /// Every module or router lookup, in order.
    public var moduleLookups: [ModuleLookup] {
        events.compactMap { if case .moduleLookup(let lookup) = $0 { lookup } else { nil } }
    }
}
