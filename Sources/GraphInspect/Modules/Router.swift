/// Shows a module: a root view and the routes out of it.
public protocol Routing: AnyObject, Sendable {
    /// The module's root view, described platform-neutrally.
    func rootView() -> ViewDescription
}

/// Base class of routers: holds the view component and reports its life to the observer.
///
/// Subclass it and override `rootView()`. To reach another module's router, ask the holder tree:
/// `viewComponent.moduleHolder?.router(for: .settings, as: SettingsRouter.self)`.
open class Router: Routing, @unchecked Sendable {
    public let id: ObjectID
    /// What this router was built with.
    public let viewComponent: ViewComponent
    let observer: (any GraphObserver)?

    public init(viewComponent: ViewComponent) {
        id = .next()
        self.viewComponent = viewComponent
        observer = GraphObservation.current
        if let observer {
            viewComponent.announce(to: observer)
            observer.record(.created(createdEvent))
        }
    }

    deinit {
        observer?.record(.released(Released(id: id)))
    }

    /// A view named after the router's type; override it.
    open func rootView() -> ViewDescription {
        ViewDescription(ShortTypeName.of(TypeName.of(type(of: self))))
    }
}
