/// Reporting the module tree's objects to an observer: each once, its holders first, then its
/// modules, router and view component; and what was released since the last scan.
extension ModuleTreeTracking {
    /// Marks `entry` as reported to `observer`; false if it already was.
    static func claim(_ entry: Entry, for observer: any GraphObserver) -> Bool {
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

    static func announceTree(_ object: AnyObject, to observer: any GraphObserver) {
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
    static func announceChain(_ object: AnyObject, to observer: any GraphObserver) {
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
    static func syncHeld(by holder: any ModuleHolder, to observer: any GraphObserver) -> [AnyObject] {
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
                observer.record(.moduleDetached(ModuleAttachment(holder: entry.id, module: module, time: RecordingClock.stamp())))
            }
        }
        return gained
    }

    /// Reports `module`'s router if it changed since the last scan.
    static func syncRouter(of module: any Module, to observer: any GraphObserver) {
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

    static func announceRouterNow(_ router: AnyObject, of module: ObjectID?, to observer: any GraphObserver) -> ObjectID {
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
    static func forget(_ entry: Entry, by observers: [any GraphObserver]?) {
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
    static func reportReleased(_ entry: Entry, to observers: [any GraphObserver]? = nil) {
        guard !entry.selfReporting else { return }
        for observer in observers ?? table.withLock({ _ in entry.observers }) {
            observer.record(.released(Released(id: entry.id, time: RecordingClock.stamp())))
            if let viewComponent = entry.valueViewComponent { observer.record(.released(Released(id: viewComponent, time: RecordingClock.stamp()))) }
        }
    }
}
