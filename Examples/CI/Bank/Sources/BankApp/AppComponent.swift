import GraphInspect
import Services

/// The root: what every screen below can look up.
final class AppComponent: Component, RootComponent {
    let ledger = Ledger()
    let analytics = Analytics()
    // Known violation (graphinspect-rules-baseline.txt): nothing looks it up yet.
    let featureFlags = FeatureFlags()

    init() { super.init(parent: nil) }
}
