/// A failed lookup in a recording, with its report as of the moment it failed.
public enum LookupFailure: Sendable, Equatable {
    case dependency(MissingDependency, event: Int)
    case module(MissingModule, event: Int)

    /// The index of the failed lookup in the snapshot's events.
    public var eventIndex: Int {
        switch self {
        case .dependency(_, let event), .module(_, let event): event
        }
    }

    /// The name (dependency lookups) or key (module and router lookups) asked for.
    public var requestedName: String {
        switch self {
        case .dependency(let report, _): report.name
        case .module(let report, _): report.key
        }
    }

    /// The report, worded.
    public func report(style: ReportStyle) -> String {
        switch self {
        case .dependency(let report, _): report.report(style: style)
        case .module(let report, _): report.report(style: style)
        }
    }
}

extension GraphSnapshot {
    /// Every failed dependency, module and router lookup, oldest first, each reported against the
    /// tree as it stood when the lookup failed (what was alive, what each holder held).
    public func failures() -> [LookupFailure] {
        var failures: [LookupFailure] = []
        var replay = SnapshotBuilder()
        // The trees a report is made against, rebuilt only after an event that changes them: a
        // run's failures mostly come after its components are made, so this is linear in events.
        var components: ComponentTreeView?
        var holders: HolderTreeView?
        // What a report names of the components released so far, kept as the runtime keeps it.
        var released = ReleasedComponents()
        for (index, event) in events.enumerated() {
            // Snapshot events are already numbered in order, so replaying them keeps their ids.
            // Only events that change nodes are replayed: the trees read nodes, and a run's
            // lookups (most of its events) would only be copied.
            switch event {
            case .lookup, .moduleLookup, .sharedCreated: break
            default:
                replay.apply(event)
                released.apply(event, at: index, node: replay.node)
            }
            switch event {
            case .lookup(let lookup) where lookup.provider == nil:
                let request = MissingDependency.Request(
                    name: lookup.name, type: lookup.type, requester: lookup.requester, location: lookup.location, time: lookup.time
                )
                let tree = components ?? ComponentTreeView(snapshot: replay.snapshot, released: released)
                components = tree
                failures.append(.dependency(MissingDependency(request: request, walk: lookup.walk, tree: tree, event: index), event: index))
            case .moduleLookup(let lookup) where lookup.module == nil:
                let request = MissingModule.Request(key: lookup.key, target: lookup.target, requester: lookup.requester)
                let tree = holders ?? HolderTreeView(snapshot: replay.snapshot)
                holders = tree
                failures.append(.module(MissingModule(request: request, walk: lookup.walk, tree: tree), event: index))
            case .lookup, .moduleLookup, .sharedCreated:
                break
            case .created(let created) where created.kind != .component:
                holders = nil
            default:
                components = nil
                holders = nil
            }
        }
        return failures
    }
}

extension LookupFailure: Encodable {
    private enum CodingKeys: String, CodingKey { case kind, event, report }

    /// `{"kind": "dependency" | "module", "event": index, "report": {...}}`
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(eventIndex, forKey: .event)
        switch self {
        case .dependency(let report, _):
            try container.encode("dependency", forKey: .kind)
            try container.encode(report, forKey: .report)
        case .module(let report, _):
            try container.encode("module", forKey: .kind)
            try container.encode(report, forKey: .report)
        }
    }
}
