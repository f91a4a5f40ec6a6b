import GraphInspect
import Services

/// The root: what every screen below can look up.
final class AppComponent: Component, RootComponent {
    let analytics = Analytics()

    init() { super.init(parent: nil) }
}
