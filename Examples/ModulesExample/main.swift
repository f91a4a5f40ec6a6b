import GraphInspect
import GraphInspectText

final class Analytics: Sendable {}
final class SettingsStore: Sendable {}

// Components: the root provides; each module's component is made below the one its holder has.
final class AppComponent: Component, RootComponent {
    let analytics = Analytics()
    init() { super.init(parent: nil) }
}

final class SettingsComponent: Component {
    let store = SettingsStore()
}

// The context a holder hands its builders: here, nothing but its parent's.
struct AppContext: ModuleHolderContext {
    let parent: (any ModuleHolderContext)? = nil
}

// A holder: holds modules by key, and finds modules and routers up the holder tree.
final class RootHolder: ModuleHolderObject {}

// A module: what a screen is made of. It keeps its component; its router shows it.
final class SettingsModule: ModuleObject {
    let analytics: Analytics

    init(holder: ModuleHolder?, component: SettingsComponent) {
        analytics = component.analytics  // a lookup: found at AppComponent, one hop up
        super.init(key: "settings", holder: holder, component: component)
    }
}

// A router: made from the module's view component; it says what to show.
final class SettingsRouter: RouterObject {
    override func rootView() -> ViewDescription {
        ViewDescription("SettingsView", children: [ViewDescription("ThemePicker")])
    }
}

// A builder: makes the module's component below the parent it is given, the module, its view
// component and its router. It names the context type it reads.
struct SettingsBuilder: ModuleBuilder {
    func build(parentComponent: Component, holder: ModuleHolderObject?, context: AppContext) -> SettingsModule {
        let component = SettingsComponent(parent: parentComponent)
        let module = SettingsModule(holder: holder, component: component)
        let viewComponent = ViewComponentObject(module: module, moduleHolder: holder)
        module.router = SettingsRouter(viewComponent: viewComponent)
        return module
    }
}

let recorder = GraphRecorder()
GraphObservation.install(recorder)

let root = RootHolder(key: "root", holder: nil, context: AppContext(), component: AppComponent())
let settings = root.attach(SettingsBuilder())
let router = root.router(for: "settings", as: SettingsRouter.self)  // found by key, from the holder
print(router?.rootView().name ?? "no router", "for", settings.key)
print(TreeTextWriter().write(recorder.snapshot()), terminator: "")
