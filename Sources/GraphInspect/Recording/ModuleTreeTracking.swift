/// Identity and recording for the module tree's objects: holders, modules, routers and view
/// components.
///
/// The app may declare these as its own classes conforming to the article's protocols, with no hook
/// into their `init` or `deinit`. So each object gets its id the first time the library meets it
/// (a holder lookup walking past it, a scan of a holder it met), and is reported then: its holders
/// first, then itself, its modules, its router and view component. `sync()` (run by
/// `GraphRecorder.snapshot()` and when a trace file is finished) scans the holders met so far
/// again, reporting modules attached or removed since and objects released since.
///
/// `ModuleObject`, `ModuleHolderObject`, `RouterObject` and `ViewComponentObject` report
/// themselves: creation from `init`, release from `deinit`, each change as it happens.
enum ModuleTreeTracking {
    final class Entry {
        /// The app's own object, to tell it from a later one at its address. Nil for the
        /// library's objects: they unregister as they go, and a weak reference would give each a
        /// side table, which makes every retain and release of it take the runtime's slow path.
        weak var object: AnyObject?
        /// A library holder's node: what reports read of it, without retaining the holder.
        let node: HolderNode?
        /// Where the table keeps it: the object's identifier while it lived.
        let key: ObjectIdentifier
        let id: ObjectID
        let kind: NodeKind
        /// Reports its own creation, changes and release (the library's `*Object` classes).
        let selfReporting: Bool
        /// The observers this object's creation was reported to.
        var observers: [any GraphObserver]
        /// Scanned holders: the modules held at the last scan.
        var held: [ObjectIdentifier] = []
        /// Scanned modules: the router at the last scan.
        var router: ObjectIdentifier?
        /// Routers: the id of a view component that is a value (it has no identity of its own).
        var valueViewComponent: ObjectID?

        init(object: AnyObject, id: ObjectID, kind: NodeKind, selfReporting: Bool, observers: [any GraphObserver], node: HolderNode? = nil) {
            if !selfReporting { self.object = object }
            self.node = node
            key = ObjectIdentifier(object)
            self.id = id
            self.kind = kind
            self.selfReporting = selfReporting
            self.observers = observers
        }

        func reports(to observer: any GraphObserver) -> Bool {
            observers.contains { $0 === observer }
        }
    }

    static let table = Locked<[ObjectIdentifier: Entry]>([:])
    /// Held while reporting (announcing, scanning), so what one thread reports is whole before
    /// another reports on top of it: a module's holder is never reported after the module.
    /// Recursive: reporting calls app code, which may look modules up again.
    static let reporting = RecursiveLock()

    // MARK: Identity

    /// Registers a self-reporting object under `id` as it is created; the caller reports it.
    static func register(_ object: AnyObject, id: ObjectID, kind: NodeKind, node: HolderNode? = nil) {
        let entry = Entry(object: object, id: id, kind: kind, selfReporting: true, observers: [], node: node)
        let replaced = table.withLock { table in
            let old = table[ObjectIdentifier(object)]
            table[ObjectIdentifier(object)] = entry
            return old
        }
        if let replaced { reportReleased(replaced) }
    }

    /// Notes that a component made before `observer` was in force has been announced to it, so
    /// that its release reaches `observer` too (`unregister`, from its `deinit`).
    static func noteAnnounced(_ component: Component, to observer: any GraphObserver) {
        table.withLock { table in
            let key = ObjectIdentifier(component)
            let entry = table[key] ?? Entry(object: component, id: component.id, kind: .component, selfReporting: true, observers: [])
            if !entry.reports(to: observer) { entry.observers.append(observer) }
            table[key] = entry
        }
    }

    /// Forgets a self-reporting object as it is released.
    /// The observers it was announced to after its creation (a recording that began later, which
    /// met it at a detach or a lookup) hear of its release here, as its `creationObserver` hears
    /// in its `deinit`: else such a recording would see a module detached and never released.
    static func unregister(_ object: AnyObject, id: ObjectID, creationObserver: (any GraphObserver)?) {
        let observers = table.withLock { table -> [any GraphObserver] in
            // Only its own entry: one left at its address by an app object released before is
            // reported when the address is met again (`entry`).
            let key = ObjectIdentifier(object)
            guard let entry = table[key], entry.id == id else { return [] }
            table.removeValue(forKey: key)
            return entry.observers
        }
        let later = observers.filter { $0 !== creationObserver }
        guard !later.isEmpty else { return }
        let time = RecordingClock.stamp()
        for observer in later { observer.record(.released(Released(id: id, time: time))) }
    }

    /// The entry of `object`, made now if the library has not met it (or met another object at
    /// its address, which was released meanwhile: reported so).
    static func entry(_ object: AnyObject, kind: @autoclosure () -> NodeKind) -> Entry {
        let key = ObjectIdentifier(object)
        let (entry, replaced): (Entry, Entry?) = table.withLock { table in
            // A library object's entry lives exactly as long as the object (from its init to its
            // deinit), so the entry at its address is its own.
            if let known = table[key], known.selfReporting || known.object === object { return (known, nil) }
            let made = Entry(object: object, id: .next(), kind: kind(), selfReporting: false, observers: [])
            let old = table[key]
            table[key] = made
            return (made, old)
        }
        if let replaced { reportReleased(replaced) }
        return entry
    }

    /// The id of a module-tree object (a holder, module or router).
    static func id(of object: AnyObject) -> ObjectID {
        if let module = object as? ModuleObject { return module.id }
        return entry(object, kind: kind(of: object)).id
    }

    static func kind(of object: AnyObject) -> NodeKind {
        if object is any ModuleHolder { return .holder }
        if object is any Module { return .module }
        if object is any ViewComponent { return .viewComponent }
        return .router
    }

    /// A holder alive: the library's, by its node (never retained), or an app's own.
    enum LiveHolder {
        case library(HolderNode)
        case app(any ModuleHolder)
    }

    /// Every holder alive that the library has met, in the order it met them.
    static func liveHolders() -> [(id: ObjectID, holder: LiveHolder)] {
        table.withLock { table in
            table.values.compactMap { entry -> (ObjectID, LiveHolder)? in
                if let node = entry.node { return (entry.id, .library(node)) }
                return (entry.object as? any ModuleHolder).map { (entry.id, .app($0)) }
            }
        }.sorted { $0.id < $1.id }
    }
}
