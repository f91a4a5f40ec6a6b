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

    private static let table = Locked<[ObjectIdentifier: Entry]>([:])
    /// Held while reporting (announcing, scanning), so what one thread reports is whole before
    /// another reports on top of it: a module's holder is never reported after the module.
    /// Recursive: reporting calls app code, which may look modules up again.
    private static let reporting = RecursiveLock()

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

    /// Forgets a self-reporting object as it is released.
    static func unregister(_ object: AnyObject) {
        table.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(object)) }
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

    // MARK: Reporting

    /// Marks `entry` as reported to `observer`; false if it already was.
    private static func claim(_ entry: Entry, for observer: any GraphObserver) -> Bool {
        table.withLock { _ in
            guard !entry.reports(to: observer) else { return false }
            entry.observers.append(observer)
            return true
        }
    }

    /// Marks a self-reporting object as reported to `observer`: its `init` reports it.
    static func markReported(_ object: AnyObject, to observer: any GraphObserver) {
        _ = claim(entry(object, kind: kind(of: object)), for: observer)
    }

    /// Whether `object` was reported to `observer`.
    static func isReported(_ object: AnyObject, to observer: any GraphObserver) -> Bool {
        if let module = object as? ModuleObject, module.observer === observer { return true }
        let entry = entry(object, kind: kind(of: object))
        return table.withLock { _ in entry.reports(to: observer) }
    }

    /// Reports `object` (a holder or module) to `observer` if it has not been: the holders above it
    /// first, then it; then, for objects that do not report themselves, what they hold and their
    /// routers.
    static func announce(_ object: AnyObject, to observer: any GraphObserver) {
        reporting.withLock { announceTree(object, to: observer) }
    }

    private static func announceTree(_ object: AnyObject, to observer: any GraphObserver) {
        var pending: [AnyObject] = [object]
        var visited: Set<ObjectIdentifier> = []
        while let next = pending.popLast() {
            guard visited.insert(ObjectIdentifier(next)).inserted else { continue }
            announceChain(next, to: observer)
            if let module = next as? any Module, !entry(next, kind: .module).selfReporting {
                syncRouter(of: module, to: observer)
            }
            if let holder = next as? any ModuleHolder, !entry(next, kind: .holder).selfReporting {
                pending.append(contentsOf: syncHeld(by: holder, to: observer).reversed())
            }
        }
    }

    /// Reports `object` and the holders above it that `observer` has not seen, top first.
    private static func announceChain(_ object: AnyObject, to observer: any GraphObserver) {
        var unseen: [(AnyObject, Entry)] = []
        var visited: Set<ObjectIdentifier> = []
        var current: AnyObject? = object
        while let next = current, visited.insert(ObjectIdentifier(next)).inserted {
            let entry = entry(next, kind: kind(of: next))
            guard claim(entry, for: observer) else { break }
            unseen.append((next, entry))
            current = holderAbove(next)
        }
        for (object, entry) in unseen.reversed() {
            let component = componentOf(object)
            component?.announce(to: observer)
            observer.record(.created(NodeCreated(
                id: entry.id, kind: entry.kind, type: TypeName.of(type(of: object)),
                key: (object as? any Module)?.keyName, parent: holderAbove(object).map(id(of:)),
                component: component?.id
            )))
        }
    }

    /// Reports modules `holder` gained or lost since the last scan; returns those it gained.
    private static func syncHeld(by holder: any ModuleHolder, to observer: any GraphObserver) -> [AnyObject] {
        let entry = entry(holder, kind: .holder)
        let modules = holder.supportedModules.map { $0 as AnyObject }
        let now = modules.map(ObjectIdentifier.init)
        let (before, gained): ([ObjectIdentifier], [AnyObject]) = table.withLock { _ in
            let before = entry.held
            entry.held = now
            return (before, modules.filter { !before.contains(ObjectIdentifier($0)) })
        }
        let lost = Set(before).subtracting(now)
        for module in gained {
            announceChain(module, to: observer)
            observer.record(.moduleAttached(ModuleAttachment(holder: entry.id, module: id(of: module))))
        }
        if !lost.isEmpty {
            let ids = table.withLock { table in lost.compactMap { table[$0]?.id } }
            for module in ids.sorted() {
                observer.record(.moduleDetached(ModuleAttachment(holder: entry.id, module: module)))
            }
        }
        return gained
    }

    /// Reports `module`'s router if it changed since the last scan.
    private static func syncRouter(of module: any Module, to observer: any GraphObserver) {
        let entry = entry(module, kind: kind(of: module))
        guard let router = module.routerObject else { return }
        let changed = table.withLock { _ in
            guard entry.router != ObjectIdentifier(router) else { return false }
            entry.router = ObjectIdentifier(router)
            return true
        }
        guard changed else { return }
        let routerID = announceRouterNow(router, of: entry.id, to: observer)
        observer.record(.routerAttached(RouterAttachment(module: entry.id, router: routerID)))
    }

    /// Reports `router` and its view component, made for the module `module`; returns its id.
    static func announceRouter(_ router: AnyObject, of module: ObjectID?, to observer: any GraphObserver) -> ObjectID {
        reporting.withLock { announceRouterNow(router, of: module, to: observer) }
    }

    private static func announceRouterNow(_ router: AnyObject, of module: ObjectID?, to observer: any GraphObserver) -> ObjectID {
        let entry = entry(router, kind: .router)
        guard claim(entry, for: observer) else { return entry.id }
        var viewComponentID: ObjectID?
        if let viewComponent = viewComponentOf(router) {
            let id: ObjectID
            if type(of: viewComponent as Any) is AnyClass {
                let object = viewComponent as AnyObject
                let vcEntry = Self.entry(object, kind: .viewComponent)
                id = vcEntry.id
                if claim(vcEntry, for: observer) {
                    observer.record(.created(NodeCreated(
                        id: id, kind: .viewComponent, type: TypeName.of(type(of: viewComponent)), parent: module
                    )))
                }
            } else {
                id = table.withLock { _ in
                    if let known = entry.valueViewComponent { return known }
                    let made = ObjectID.next()
                    entry.valueViewComponent = made
                    return made
                }
                observer.record(.created(NodeCreated(
                    id: id, kind: .viewComponent, type: TypeName.of(type(of: viewComponent)), parent: module
                )))
            }
            viewComponentID = id
        }
        observer.record(.created(NodeCreated(
            id: entry.id, kind: .router, type: TypeName.of(type(of: router)), parent: viewComponentID
        )))
        return entry.id
    }

    /// Scans the holders met so far again and reports what changed: modules attached or removed,
    /// routers set, objects released. Reports to `observer` only what it was told of before (a
    /// recorder's snapshot), or with nil to every observer (a trace file at exit).
    static func sync(for observer: (any GraphObserver)? = nil) {
        reporting.withLock {
            let entries = table.withLock { Array($0.values) }.sorted { $0.id < $1.id }
            for entry in entries {
                // A recorder the app paired with a trace file hears through the pair.
                let observers = table.withLock { _ in
                    observer.map { wanted in
                        entry.observers.filter { $0 === wanted || ($0 as? ObserverFanout)?.contains(wanted) == true }
                    } ?? entry.observers
                }
                // The library's objects report themselves, release included.
                guard !entry.selfReporting else { continue }
                guard let object = entry.object else {
                    forget(entry, by: observer == nil ? nil : observers)
                    continue
                }
                for observer in observers {
                    if let holder = object as? any ModuleHolder {
                        for module in syncHeld(by: holder, to: observer) { announceTree(module, to: observer) }
                    }
                    if let module = object as? any Module { syncRouter(of: module, to: observer) }
                }
            }
        }
    }

    /// Reports a released object to `observers` (nil: all it was reported to) and drops it from the
    /// table once every observer has heard.
    private static func forget(_ entry: Entry, by observers: [any GraphObserver]?) {
        let told: [any GraphObserver] = table.withLock { table in
            let told = observers ?? entry.observers
            entry.observers.removeAll { observer in told.contains { $0 === observer } }
            if entry.observers.isEmpty, table[entry.key] === entry { table.removeValue(forKey: entry.key) }
            return told
        }
        reportReleased(entry, to: told)
    }

    /// Reports `entry`'s object (and a value view component it carried) released to `observers`,
    /// by default every observer it was reported to. Self-reporting objects said so in `deinit`.
    private static func reportReleased(_ entry: Entry, to observers: [any GraphObserver]? = nil) {
        guard !entry.selfReporting else { return }
        for observer in observers ?? table.withLock({ _ in entry.observers }) {
            observer.record(.released(Released(id: entry.id)))
            if let viewComponent = entry.valueViewComponent { observer.record(.released(Released(id: viewComponent))) }
        }
    }

    // MARK: Reading the app's objects

    /// The holder above a module or holder.
    static func holderAbove(_ object: AnyObject) -> AnyObject? {
        if let module = object as? any Module { return module.holder }
        if let holder = object as? any ModuleHolder { return holder.holder }
        return nil
    }

    /// The component a module or holder keeps: `ModuleObject.component`, else the first stored
    /// property that is a `Component`.
    static func componentOf(_ object: AnyObject) -> Component? {
        if let module = object as? ModuleObject { return module.component }
        return firstStored(in: object) { $0 as? Component }
    }

    /// The view component a router keeps: `RouterObject.viewComponent`, else the first stored
    /// property that is a `ViewComponent`.
    static func viewComponentOf(_ router: AnyObject) -> (any ViewComponent)? {
        if let router = router as? RouterObject { return router.viewComponent }
        return firstStored(in: router) { $0 as? any ViewComponent }
    }

    private static func firstStored<T>(in object: AnyObject, _ match: (Any) -> T?) -> T? {
        var mirror: Mirror? = Mirror(reflecting: object)
        while let current = mirror {
            for child in current.children {
                if let found = match(child.value) { return found }
                // Optionals (`let component: Component?`) are looked into once.
                if let inner = Mirror(reflecting: child.value).children.first, Mirror(reflecting: child.value).displayStyle == .optional,
                   let found = match(inner.value) { return found }
            }
            mirror = current.superclassMirror
        }
        return nil
    }
}
