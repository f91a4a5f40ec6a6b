import GraphInspect

/// Settings' component: its own theme overrides the root's, the rest comes from the root.
public final class SettingsComponent: Component {
    public let theme = Theme(name: "high-contrast")
    public let imageCache: ImageCache

    init(parent: AppComponent) {
        // `shared` on the root: every module that asks gets the one cache.
        imageCache = parent.imageCache
        super.init(parent: parent)
    }
}

/// The settings screen.
public final class SettingsModule: ModuleObject {
    public let theme: Theme
    public let store: SettingsStore
    public let network: NetworkClient

    /// Takes its component as `Component`, as the article's modules do: every read is a lookup.
    init(holder: ModuleHolder?, component: Component) {
        theme = component.theme
        store = component.settingsStore
        network = component.network
        super.init(key: .settings, holder: holder, component: component)
    }
}

public final class SettingsRouter: RouterObject {
    public override func rootView() -> ViewDescription {
        ViewDescription("SettingsView", children: [ViewDescription("ThemePicker")])
    }
}

public struct SettingsBuilder: ModuleBuilder {
    public init() {}

    public func build(parentComponent: Component, holder: ModuleHolderObject?, context: any ModuleHolderContext) -> SettingsModule {
        // The article's builders take the parent as `Component`; settings needs the root's `shared`.
        guard let app = parentComponent as? AppComponent else {
            preconditionFailure("SettingsBuilder must be given the AppComponent, got \(type(of: parentComponent))")
        }
        let component = SettingsComponent(parent: app)
        let module = SettingsModule(holder: holder, component: component)
        module.router = SettingsRouter(viewComponent: ViewComponentObject(module: module, moduleHolder: holder))
        return module
    }
}
