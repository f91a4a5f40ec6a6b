/// A feature: its code, the component it gets dependencies from, and the router that shows it.
///
/// Subclass it for each feature. A module is made by its `ModuleBuilder` and held by a
/// `ModuleHolder`, where other modules and routers can find it by `key`.
open class Module: @unchecked Sendable {
    /// This module's id in events.
    public let id: ObjectID
    /// The key holder lookups find this module by.
    public let key: ModuleKey
    /// The holder this module was built for; it starts module and router lookups from here.
    public weak let holder: ModuleHolder?
    /// The component the module was built with.
    public let component: Component
    /// The observer in force when this module was created.
    let observer: (any GraphObserver)?

    private let routerStorage = Locked<Router?>(nil)

    /// The router that shows this module; nil for a module with no UI.
    public var router: Router? {
        get { routerStorage.withLock { $0 } }
        set {
            routerStorage.withLock { $0 = newValue }
            if let newValue, let observer = actionObserver() {
                newValue.announce(to: observer)
                observer.record(.routerAttached(RouterAttachment(module: id, router: newValue.id)))
            }
        }
    }

    public init(key: ModuleKey, holder: ModuleHolder?, component: Component) {
        id = .next()
        self.key = key
        self.holder = holder
        self.component = component
        observer = GraphObservation.current
        if let observer {
            holder?.announce(to: observer)
            component.announce(to: observer)
            observer.record(.created(createdEvent))
        }
    }

    /// The observer for a structural change (attach, detach, build, router set): the one in force
    /// now, else this module's own. These are rare, so unlike lookups they may read the task-local;
    /// a holder made before recording started still has its later changes recorded. The module is
    /// announced to that observer first, so the event never names an unseen node.
    func actionObserver() -> (any GraphObserver)? {
        guard let observer = GraphObservation.current ?? observer else { return nil }
        announce(to: observer)
        return observer
    }

    deinit {
        observer?.record(.released(Released(id: id)))
    }
}
