import GraphInspect

// A typo in a dependency's name.
final class Analytics {}

final class AppComponent: Component, RootComponent {
    let analytics = Analytics()

    init() { super.init(parent: nil) }
}

final class HomeComponent: Component {}

final class HomeModule: ModuleObject {
    let analytics: Analytics

    init(holder: ModuleHolder?, component: Component) {
        analytics = component.analytcs
        super.init(key: "home", holder: holder, component: component)
    }
}

struct HomeBuilder: ModuleBuilder {
    func build(parentComponent: Component, holder: ModuleHolderObject?, context: any ModuleHolderContext) -> HomeModule {
        HomeModule(holder: holder, component: HomeComponent(parent: parentComponent))
    }
}

struct AppContext: ModuleHolderContext {
    let parent: (any ModuleHolderContext)? = nil
}

final class RootHolder: ModuleHolderObject {
    init(component: AppComponent) {
        super.init(key: "root", holder: nil, context: AppContext(), component: component)
        attach(HomeBuilder())
    }
}
