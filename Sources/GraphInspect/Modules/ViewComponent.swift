/// What a router needs to show its module: the module and the holder to find other modules in.
///
/// Unlike a `Component` it keeps no dependency graph. It holds the module weakly: the module
/// holds its router, which holds this, and the seed's strong reference made that a cycle that
/// was never freed.
open class ViewComponent: @unchecked Sendable {
    public let id: ObjectID
    /// The module this view component shows.
    public weak let module: Module?
    /// The holder routers look other modules and routers up from.
    public weak let moduleHolder: ModuleHolder?
    let observer: (any GraphObserver)?

    public init(module: Module?, moduleHolder: ModuleHolder?) {
        id = .next()
        self.module = module
        self.moduleHolder = moduleHolder
        observer = GraphObservation.current
        if let observer {
            module?.announce(to: observer)
            observer.record(.created(createdEvent))
        }
    }

    deinit {
        observer?.record(.released(Released(id: id)))
    }
}
