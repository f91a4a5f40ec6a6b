/// A node as `GraphRecord` names it: one registered with `GraphRecord.node`, or any runtime object
/// (`component.recorded`, `module.recorded`).
public struct RecordedNode: Sendable, Hashable {
    public let id: ObjectID

    public init(id: ObjectID) { self.id = id }
}

/// Records shapes the runtime does not own (a service, a view model, a builder, a UI component,
/// a closure contract between modules) into the same recorder and trace as the runtime's events,
/// so any app architecture can be dumped, drawn and checked.
///
/// Each call reports to the observer in force when it is made (`GraphObservation`); with none, it
/// costs one check and records nothing.
public enum GraphRecord {
    /// Registers a node of `kind` (any name: "service", "viewModel"..., but not the five the
    /// runtime's own classes use, `NodeKind.runtimeKinds`, which mean those classes).
    /// - Parameters:
    ///   - type: its type, shown as its name.
    ///   - key: an instance name, when there are several of a type.
    ///   - parent: what owns or contains it.
    @discardableResult
    public static func node(_ kind: NodeKind, type: Any.Type, key: String? = nil, parent: RecordedNode? = nil) -> RecordedNode {
        assert(!kind.isRuntimeKind, "GraphRecord.node: \"\(kind)\" is a runtime kind; name your own, e.g. \"\(kind)Like\"")
        let node = RecordedNode(id: .next())
        GraphObservation.current?.record(.created(NodeCreated(
            id: node.id, kind: kind, type: TypeName.of(type), key: key, parent: parent?.id
        )))
        return node
    }

    /// Records that `from` and `to` are linked: `kind` says how ("navigates to", "emits to",
    /// "configures", "injects"...), `label` adds a detail (a closure's name, a parameter).
    public static func edge(_ kind: String, from: RecordedNode, to: RecordedNode, label: String? = nil) {
        GraphObservation.current?.record(.linked(Link(from: from.id, to: to.id, kind: kind, label: label)))
    }

    /// Records a lookup the app did itself: `requester` asked for `name` as `type` and `provider`
    /// answered (nil: nothing did), after visiting `walk` (requester first; the requester alone if
    /// empty).
    public static func lookup(
        _ name: String, type: Any.Type, requester: RecordedNode, provider: RecordedNode?, walk: [RecordedNode] = []
    ) {
        let visited = walk.isEmpty ? [requester.id] + (provider.map { $0 == requester ? [] : [$0.id] } ?? []) : walk.map(\.id)
        GraphObservation.current?.record(.lookup(DependencyLookup(
            requester: requester.id, name: name, type: TypeName.of(type), walk: visited, provider: provider?.id, cacheHit: false
        )))
    }

    /// Records that a node registered with `node(_:type:key:parent:)` is gone.
    public static func released(_ node: RecordedNode) {
        GraphObservation.current?.record(.released(Released(id: node.id, time: RecordingClock.stamp())))
    }
}

extension Component {
    /// This component as `GraphRecord` edges and lookups name it.
    public var recorded: RecordedNode {
        if let observer = GraphObservation.current { announce(to: observer) }
        return RecordedNode(id: id)
    }
}

extension Module {
    /// This module or holder as `GraphRecord` edges and lookups name it.
    public var recorded: RecordedNode {
        if let observer = GraphObservation.current { ModuleTreeTracking.announce(self, to: observer) }
        return RecordedNode(id: ModuleTreeTracking.id(of: self))
    }
}
