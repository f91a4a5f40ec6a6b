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
