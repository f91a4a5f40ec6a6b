// An app that leaks one module: its root holder attaches settings, profile and chat;
// it detaches profile, which is released, and settings, which stays alive because it stores a
// closure that captures it; chat stays attached. Then it keeps running past the leak grace
// (GRAPHINSPECT_LEAK_GRACE milliseconds, 1000 by default) and exits, so `graphinspect why`
// calls settings a leak and names what is alive below it.
import Foundation
import GraphInspect

final class Analytics: Sendable {}
final class SettingsStore: Sendable {}

final class AppComponent: Component, RootComponent {
    let analytics = Analytics()
    init() { super.init(parent: nil) }
}

final class SettingsComponent: Component {
    let settingsStore = SettingsStore()
}

final class FeatureComponent: Component {}

struct AppContext: ModuleHolderContext {
    let parent: (any ModuleHolderContext)? = nil
}

final class RootHolder: ModuleHolderObject {}

/// The settings module: it keeps a callback for when its screen closes, and the callback names
/// the module itself, strongly. Detaching it from its holder leaves the cycle alive.
final class SettingsModule: ModuleObject {
    var onClose: (() -> Void)?
}

struct SettingsBuilder: ModuleBuilder {
    func build(parentComponent: Component, holder: ModuleHolderObject?, context: any ModuleHolderContext) -> SettingsModule {
        let component = SettingsComponent(parent: parentComponent)
        let _: Analytics = component.analytics
        let module = SettingsModule(key: "settings", holder: holder, component: component)
        module.router = RouterObject(viewComponent: ViewComponentObject(module: module, moduleHolder: holder))
        // The mistake: the closure captures the module strongly (`[weak module]` would not).
        module.onClose = { print("settings closed: \(module.key)") }
        return module
    }
}

struct FeatureBuilder: ModuleBuilder {
    let key: ModuleKey
    func build(parentComponent: Component, holder: ModuleHolderObject?, context: any ModuleHolderContext) -> ModuleObject {
        let component = FeatureComponent(parent: parentComponent)
        let _: Analytics = component.analytics
        return ModuleObject(key: key, holder: holder, component: component)
    }
}

let root = RootHolder(key: "root", holder: nil, context: AppContext(), component: AppComponent())
root.attach(SettingsBuilder())
root.attach(FeatureBuilder(key: "profile"))
root.attach(FeatureBuilder(key: "chat"))
root.detach(ModuleKey("profile"))
root.detach(ModuleKey("settings"))
let grace = ProcessInfo.processInfo.environment["GRAPHINSPECT_LEAK_GRACE"].flatMap(UInt32.init) ?? 1_000
usleep((grace + 200) * 1_000)
withExtendedLifetime(root) { print("leaking sample: settings detached \(grace + 200) ms ago and still alive") }
