/// The component tree at one moment, as a missing-dependency report needs it: each component's
/// type, parent and providers. Built from the live process (when a lookup fails at runtime) or
/// from a recording (when `graphinspect why` reads a trace), so both give the same report. With
/// them, the components released before that moment that provided something.
public struct ComponentTreeView: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public var type: String
        public var parent: ObjectID?
        public var providers: [Provider]

        public init(type: String, parent: ObjectID?, providers: [Provider]) {
            self.type = type
            self.parent = parent
            self.providers = providers
        }
    }

    /// Every component, by id.
    public var entries: [ObjectID: Entry]
    /// Ids in creation order, so reports list things deterministically.
    public var order: [ObjectID]
    /// Components released before this moment that provided something, and what let them go.
    public var released: ReleasedComponents

    /// Which components provide each name, in `order`: a report finds "elsewhere in the tree"
    /// among those, not among every component.
    let providing: [String: [ObjectID]]

    public init(entries: [ObjectID: Entry], order: [ObjectID], released: ReleasedComponents = ReleasedComponents()) {
        self.entries = entries
        self.order = order
        self.released = released
        var providing: [String: [ObjectID]] = [:]
        for id in order {
            for name in Set(entries[id]?.providers.map(\.name) ?? []) { providing[name, default: []].append(id) }
        }
        self.providing = providing
    }

    /// The components of a snapshot, or those of them in `alive` (the ones alive when a lookup
    /// failed), with `released`, those released before.
    public init(snapshot: GraphSnapshot, alive: Set<ObjectID>? = nil, released: ReleasedComponents = ReleasedComponents()) {
        var entries: [ObjectID: Entry] = [:]
        var order: [ObjectID] = []
        for node in snapshot.nodes where node.kind == .component && (alive?.contains(node.id) ?? !node.released) {
            entries[node.id] = Entry(type: node.type, parent: node.parent, providers: node.providers ?? [])
            order.append(node.id)
        }
        self.init(entries: entries, order: order, released: released)
    }

    /// Every component alive in this process now, from what the registry kept of each at `init`
    /// (type, the parent given to `init`, providers), and what it kept of those released: no
    /// component is retained to build it.
    static func live() -> ComponentTreeView {
        var entries: [ObjectID: Entry] = [:]
        var order: [ObjectID] = []
        for (id, component) in Registries.components.live() {
            entries[id] = Entry(type: TypeName.of(component.type), parent: component.parent, providers: component.providers)
            order.append(id)
        }
        return ComponentTreeView(entries: entries, order: order, released: Registries.released.withLock { $0 })
    }

    /// `id` and its ancestors, nearest first, stopping before a repeat.
    func chain(from id: ObjectID) -> [ObjectID] {
        ancestorChain(from: id) { entries[$0]?.parent }
    }
}
