/// Every live component in the process, so a failed lookup can say where in the tree the missing
/// name *does* exist (siblings and cousins are never on a walk).
///
/// Holds what a report reads of each object, which never changes after `init`, and never the
/// object: a report built on one thread must not keep another thread's objects alive (a test
/// capturing its app in parallel would then see a detached module's component still alive).
/// Entries come and go with the objects' `init` and `deinit`; lookups never touch it.
final class LiveRegistry<Record: Sendable>: @unchecked Sendable {
    let entries = Locked<[ObjectID: Record]>([:])

    func add(_ id: ObjectID, _ record: Record) {
        entries.withLock { $0[id] = record }
    }

    func remove(_ id: ObjectID) {
        entries.withLock { _ = $0.removeValue(forKey: id) }
    }

    /// The records of the objects still alive, in creation order.
    func live() -> [(id: ObjectID, record: Record)] {
        entries.withLock { entries in
            entries.sorted { $0.key < $1.key }.map { (id: $0.key, record: $0.value) }
        }
    }
}

/// What a missing-dependency report reads of a live component.
struct LiveComponent: Sendable {
    let type: Component.Type
    /// Where the component is, never retained: a search among the live objects
    /// (`HolderSearch.liveObjects`) retains it from here, under the registry's lock, unless its
    /// deinitialisation has begun.
    let address: UInt
    let parent: ObjectID?
    let providers: [Provider]
}

enum Registries {
    static let components = LiveRegistry<LiveComponent>()
    /// What reports name of the components released so far, and the detaches that let them go.
    static let released = Locked(ReleasedComponents())

    /// Takes `id` out of the live components and, with its type and ancestors' (alive while it
    /// was: a component holds its parent), into `released`.
    static func release(_ id: ObjectID, time: UInt64?) {
        let gone: (record: LiveComponent, ancestors: [(ObjectID, Component.Type)])? = components.entries.withLock { entries in
            guard let record = entries.removeValue(forKey: id) else { return nil }
            // Only a provider is named in reports; any component's release ends a detach's wait.
            guard !record.providers.isEmpty, let parent = record.parent else { return (record, []) }
            let chain = ancestorChain(from: parent) { entries[$0]?.parent }
            return (record, chain.compactMap { ancestor in entries[ancestor].map { (ancestor, $0.type) } })
        }
        guard let gone else { return }
        // Named outside the registry's lock; `TypeName` keeps each name once.
        let ancestors = gone.ancestors.map { MissingDependency.ComponentRef(id: $0.0, type: TypeName.of($0.1)) }
        let component = MissingDependency.ComponentRef(id: id, type: TypeName.of(gone.record.type))
        released.withLock { released in
            released.componentReleased(component, providers: gone.record.providers, ancestors: ancestors, time: time, event: nil)
        }
    }
}
