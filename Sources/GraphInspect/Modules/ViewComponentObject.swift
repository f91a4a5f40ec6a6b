/// A ready-made `ViewComponent`: the module a router shows and the holder to find other modules in.
///
/// It holds the module weakly: the module holds its router, which holds this, and the article's
/// strong reference made that a cycle that was never freed.
open class ViewComponentObject: ViewComponent {
    public let id: ObjectID
    /// The module this view component shows.
    public weak let module: (any Module)?
    /// The holder routers look other modules and routers up from.
    public weak let moduleHolder: ModuleHolder?
    let observer: (any GraphObserver)?

    public init(module: (any Module)?, moduleHolder: ModuleHolder?) {
        id = .next()
        self.module = module
        self.moduleHolder = moduleHolder
        observer = GraphObservation.current
        ModuleTreeTracking.register(self, id: id, kind: .viewComponent)
        if let observer {
            if let module { ModuleTreeTracking.announce(module, to: observer) }
            ModuleTreeTracking.markReported(self, to: observer)
            observer.record(.created(NodeCreated(
                id: id, kind: .viewComponent, type: TypeName.of(type(of: self)),
                parent: module.map { ModuleTreeTracking.id(of: $0) }
            )))
        }
    }

    deinit {
        ModuleTreeTracking.unregister(self, id: id, creationObserver: observer)
        observer?.record(.released(Released(id: id, time: RecordingClock.stamp())))
    }
}
