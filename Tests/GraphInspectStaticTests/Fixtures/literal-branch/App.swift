import GraphInspect

// Search pages through results only online: the offline search is made with `online: false`
// under a component that provides no page size, and never asks for one.
final class AppComponent: Component, RootComponent {
    init() {
        super.init(parent: nil)
    }
}

final class OnlineSearchComponent: Component {
    let pageSize = 20
}

final class OfflineSearchComponent: Component {}

class SearchModule: ModuleObject {
    init(key: String, holder: ModuleHolder?, component: Component, online: Bool) {
        if online {
            let pageSize: Int = component.pageSize
            _ = pageSize
        }
        super.init(key: key, holder: holder, component: component)
    }
}

struct OnlineSearchBuilder: ModuleBuilder {
    func build(parentComponent: Component, holder: ModuleHolderObject?, context: any ModuleHolderContext) -> SearchModule {
        SearchModule(key: "search", holder: holder, component: OnlineSearchComponent(parent: parentComponent), online: true)
    }
}

struct OfflineSearchBuilder: ModuleBuilder {
    func build(parentComponent: Component, holder: ModuleHolderObject?, context: any ModuleHolderContext) -> SearchModule {
        SearchModule(key: "offlineSearch", holder: holder, component: OfflineSearchComponent(parent: parentComponent), online: false)
    }
}

struct AppContext: ModuleHolderContext {
    let parent: (any ModuleHolderContext)? = nil
}

final class RootHolder: ModuleHolderObject {
    init(component: AppComponent) {
        super.init(key: "root", holder: nil, context: AppContext(), component: component)
        attach(OnlineSearchBuilder())
        attach(OfflineSearchBuilder())
    }
}

let root = RootHolder(component: AppComponent())
