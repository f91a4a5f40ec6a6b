/// A ready-made `Routing`: holds its view component, shows a platform-neutral view, and reports its
/// creation and release.
///
/// Subclass it and override `rootView()`. To reach another module's router, ask the holder tree:
/// `viewComponent.moduleHolder?.router(for: .settings, as: SettingsRouter.self)`.
open class RouterObject: Routing {
    public let id: ObjectID
    /// What this router was built with.
    public let viewComponent: any ViewComponent
    let observer: (any GraphObserver)?

    public init(viewComponent: any ViewComponent) {
        id = .next()
        self.viewComponent = viewComponent
        observer = GraphObservation.current
        ModuleTreeTracking.register(self, id: id, kind: .router)
        if let observer {
            let module = (viewComponent as? ViewComponentObject)?.module.map { ModuleTreeTracking.id(of: $0) }
            _ = ModuleTreeTracking.announceRouter(self, of: module, to: observer)
        }
    }

    deinit {
        ModuleTreeTracking.unregister(self, id: id, creationObserver: observer)
        observer?.record(.released(Released(id: id, time: RecordingClock.stamp())))
    }

    /// A view named after the router's type; override it.
    open func rootView() -> ViewDescription {
        ViewDescription(ShortTypeName.of(TypeName.of(type(of: self))))
    }
}
