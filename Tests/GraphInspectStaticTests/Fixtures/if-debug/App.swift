import GraphInspect

final class Analytics {}
final class DebugMenuStore {}

/// The debug menu asks for a store nothing provides: the debug build dies inside `#if DEBUG`.
final class AppComponent: Component, RootComponent {
    let analytics = Analytics()
    init() { super.init(parent: nil) }
}

final class DebugMenuComponent: Component {}

let app = AppComponent()
#if DEBUG
let menu = DebugMenuComponent(parent: app)
let store: DebugMenuStore = menu.debugMenuStore
print("debug menu", store)
#endif
print("started")
