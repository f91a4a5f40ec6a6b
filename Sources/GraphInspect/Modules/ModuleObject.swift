/// A ready-made `Module`: a class to subclass when the app has no module class of its own.
///
/// Keys are `ModuleKey`s; the component it was built with is kept, so pictures link the module to
/// it. Reports its creation, router changes and release as they happen.
open class ModuleObject: Module {
    public typealias Router = any Routing

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

    private let routerStorage = Locked<(any Routing)?>(nil)

    /// The router that shows this module; nil for a module with no UI.
    public var router: (any Routing)? {
        get { routerStorage.withLock { $0 } }
        set {
            routerStorage.withLock { $0 = newValue }
            if let newValue, let observer = actionObserver() {
                let router = ModuleTreeTracking.announceRouter(newValue, of: id, to: observer)
                observer.record(.routerAttached(RouterAttachment(module: id, router: router)))
            }
        }
    }

    public init(key: ModuleKey, holder: ModuleHolder?, component: Component) {
        id = .next()
        self.key = key
        self.holder = holder
        self.component = component
        observer = GraphObservation.current
        // A library holder's node is tied to it before the registry can hand the node out.
        let node = (self as? ModuleHolderObject).map { holderObject in
            holderObject.node.bind(to: holderObject, id: id, key: key.rawValue, appParent: holder is ModuleHolderObject ? nil : holder)
            return holderObject.node
        }
        ModuleTreeTracking.register(self, id: id, kind: self is any ModuleHolder ? .holder : .module, node: node)
        if let observer { ModuleTreeTracking.announce(self, to: observer) }
    }

    /// The observer for a structural change (attach, detach, build, router set): the one in force
    /// now, else this module's own. These are rare, so unlike lookups they may read the task-local;
    /// a holder made before recording started still has its later changes recorded. The module is
    /// announced to that observer first, so the event never names an unseen node.
    func actionObserver() -> (any GraphObserver)? {
        guard let observer = GraphObservation.current ?? observer else { return nil }
        ModuleTreeTracking.announce(self, to: observer)
        return observer
    }

    deinit {
        ModuleTreeTracking.unregister(self, id: id, creationObserver: observer)
        observer?.record(.released(Released(id: id, time: RecordingClock.stamp())))
    }
}
