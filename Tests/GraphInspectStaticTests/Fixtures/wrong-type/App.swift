import GraphInspect

// The right name asked for as the wrong type: the app provides a `Theme`, settings asks for a
// `Palette`.
final class Theme {}
final class Palette {}

final class AppComponent: Component, RootComponent {
    let theme = Theme()

    init() { super.init(parent: nil) }
}

final class SettingsComponent: Component {}

final class SettingsModule: ModuleObject {
    init(holder: ModuleHolder?, component: Component) {
        let palette: Palette = component.theme
        _ = palette
        super.init(key: "settings", holder: holder, component: component)
    }
}

struct SettingsBuilder: ModuleBuilder {
    func build(parentComponent: Component, holder: ModuleHolderObject?, context: any ModuleHolderContext) -> SettingsModule {
        SettingsModule(holder: holder, component: SettingsComponent(parent: parentComponent))
    }
}

struct AppContext: ModuleHolderContext {
    let parent: (any ModuleHolderContext)? = nil
}

final class RootHolder: ModuleHolderObject {
    init(component: AppComponent) {
        super.init(key: "root", holder: nil, context: AppContext(), component: component)
        attach(SettingsBuilder())
    }
}
