import GraphInspect

/// Home's component: resolves everything from its parent, the root.
public final class HomeComponent: Component {
    public let feedTitle = "Today"
}

/// The home feed.
public final class HomeModule: ModuleObject {
    public let analytics: Analytics

    init(holder: ModuleHolder?, component: Component) {
        analytics = component.analytics
        super.init(key: .home, holder: holder, component: component)
        // A second lookup of the same name is answered by HomeComponent's cache.
        let again: Analytics = component.analytics
        again.track("home.opened")
    }
}

public final class HomeRouter: RouterObject {
    public override func rootView() -> ViewDescription {
        ViewDescription("HomeView", properties: ["title": "Today"])
    }
}

public struct HomeBuilder: ModuleBuilder {
    public init() {}

    public func build(parentComponent: Component, holder: ModuleHolderObject?, context: any ModuleHolderContext) -> HomeModule {
        let component = HomeComponent(parent: parentComponent)
        let module = HomeModule(holder: holder, component: component)
        module.router = HomeRouter(viewComponent: ViewComponentObject(module: module, moduleHolder: holder))
        return module
    }
}
