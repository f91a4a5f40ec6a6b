/// The components a run released that provided something, each with where it sat and the detach
/// that let it go: what a missing-dependency report names when the name it asks for was provided
/// once and released before the lookup (`MissingDependency.released`).
///
/// Fed the same way in the live process (the registry, from `Component.deinit` and the library
/// holders' `attach` and `detach`) and from a recording (`GraphSnapshot.failures()`, from its
/// events), so the report the dying process prints is the one `graphinspect why` rebuilds. Keeps
/// the most recent few per provided name: an app that makes and drops components all day holds an
/// amount bounded by the names its code declares, not by how long it runs.
public struct ReleasedComponents: Sendable, Equatable {
    /// A component released while it provided something.
    public struct Entry: Sendable, Equatable {
        public var component: MissingDependency.ComponentRef
        public var providers: [Provider]
        /// Its ancestors when it was released, nearest first: where a move keeps its providers.
        public var ancestors: [MissingDependency.ComponentRef]
        /// When, on `RecordingClock`; nil when times were not read.
        public var time: UInt64?
        /// Its `released` event's index in the recording; nil in the live process.
        public var event: Int?
        /// The detach that let it go: of the module it, or one of its ancestors, was built for.
        public var detach: Detach?
        /// The component that module was built with: `component` or one of `ancestors`.
        public var detachedComponent: ObjectID?
    }

    /// A module a holder detached, as reports name them: by type and key.
    public struct Detach: Sendable, Equatable, Codable {
        public var holder: Node
        public var module: Node

        public init(holder: Node, module: Node) {
            self.holder = holder
            self.module = module
        }
    }

    /// A holder or module: its type and key.
    public struct Node: Sendable, Equatable, Codable {
        public var type: String
        public var key: String?

        public init(type: String, key: String?) {
            self.type = type
            self.key = key
        }
    }

    /// Entries kept per provided name, the most recent ones.
    public static let keptPerName = 8

    /// Released components by each name they provided, oldest first.
    private var byName: [String: [Entry]] = [:]
    /// Modules detached and not attached again, by the id of the component they were built with.
    private var detached: [ObjectID: Detach] = [:]

    public init() {}

    /// Whether a detach is waiting for its component's release: an attach needs to read the
    /// module's component only then.
    var awaitsRelease: Bool { !detached.isEmpty }

    /// A holder detached a module built with component `component`.
    mutating func moduleDetached(component: ObjectID, _ detach: Detach) {
        detached[component] = detach
    }

    /// A module built with `component` was attached (again): its release is no longer that detach's.
    mutating func moduleAttached(component: ObjectID) {
        detached[component] = nil
    }

    /// `component` was released: kept under each name it provided, with the detach of the module
    /// it or its nearest ancestor was built for, if one was detached and not attached again.
    mutating func componentReleased(
        _ component: MissingDependency.ComponentRef, providers: [Provider], ancestors: [MissingDependency.ComponentRef],
        time: UInt64?, event: Int?
    ) {
        let detachedComponent = ([component] + ancestors).first { detached[$0.id] != nil }?.id
        let detach = detachedComponent.flatMap { detached[$0] }
        detached[component.id] = nil
        // A root shares no ancestor with any requester: a report never names it.
        guard !providers.isEmpty, !ancestors.isEmpty else { return }
        let entry = Entry(
            component: component, providers: providers, ancestors: ancestors, time: time, event: event,
            detach: detach, detachedComponent: detachedComponent
        )
        var named: Set<String> = []
        for provider in providers where named.insert(provider.name).inserted {
            // In place: a copy out and back would copy the array each time.
            if byName[provider.name]?.count == Self.keptPerName { byName[provider.name]?.removeFirst() }
            byName[provider.name, default: []].append(entry)
        }
    }

    /// Folds in one event of a recording (ids the snapshot's), `node` reading the nodes made so
    /// far: what the registry is told live by `Component.deinit` and `ModuleHolderObject`.
    public mutating func apply(_ event: GraphEvent, at index: Int, node: (ObjectID) -> GraphNode?) {
        func ref(_ id: ObjectID) -> MissingDependency.ComponentRef { .init(id: id, type: node(id)?.type ?? "?") }
        func named(_ id: ObjectID) -> Node { Node(type: node(id)?.type ?? "?", key: node(id)?.key) }
        switch event {
        case .moduleDetached(let attachment):
            guard let component = node(attachment.module)?.component else { return }
            moduleDetached(component: component, Detach(holder: named(attachment.holder), module: named(attachment.module)))
        case .moduleAttached(let attachment):
            guard let component = node(attachment.module)?.component else { return }
            moduleAttached(component: component)
        case .released(let release):
            guard let released = node(release.id), released.kind == .component else { return }
            let ancestors = released.parent.map { ancestorChain(from: $0) { node($0)?.parent } } ?? []
            componentReleased(ref(release.id), providers: released.providers ?? [], ancestors: ancestors.map(ref), time: release.time, event: index)
        default:
            break
        }
    }

    /// The components released while providing `name`, most recent first.
    public func providing(_ name: String) -> [Entry] {
        (byName[name] ?? []).reversed()
    }
}
