/// One runtime object in a snapshot, with its edges as of the end of the recording.
public struct GraphNode: Sendable, Equatable, Codable, Identifiable {
    public var id: ObjectID
    public var kind: NodeKind
    /// Module-qualified type name.
    public var type: String
    /// For modules and holders: their key.
    public var key: String?
    /// The parent in the node's own tree (see `NodeCreated.parent`).
    public var parent: ObjectID?
    /// For modules and holders: the component they were built with.
    public var component: ObjectID?
    /// For components: what they declare.
    public var providers: [Provider]?
    /// For holders: the modules held at the end, in attach order.
    public var modules: [ObjectID]?
    /// For modules and holders: the router attached last.
    public var router: ObjectID?
    /// Whether the object was deinitialised before the snapshot was taken.
    public var released: Bool
    /// For a module or holder alive after its holder let it go: whether that was a leak when the
    /// snapshot was written (`dump --format json`, which keeps no times, keeps this instead);
    /// nil otherwise, and in a recording that keeps the times.
    public var retained: RetainedVerdict?

    /// What `RetainedAfterDetach` said of a node when its snapshot was written without times.
    public enum RetainedVerdict: String, Sendable, Codable {
        /// Still alive once the grace had passed.
        case leak
        /// Still alive at the end, let go less than the grace before.
        case aliveAtEnd
    }

    public init(created: NodeCreated) {
        id = created.id
        kind = created.kind
        type = created.type
        key = created.key
        parent = created.parent
        component = created.component
        providers = created.providers
        modules = created.kind == .holder ? [] : nil
        router = nil
        released = false
    }

    /// The type without its module prefix, for display.
    public var shortType: String { ShortTypeName.of(type) }
}
