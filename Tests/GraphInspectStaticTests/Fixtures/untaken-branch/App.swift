import Foundation
import GraphInspect

// A lookup on a branch the usual run does not take: only beta users open the wallet (a flag
// read at run time, so the reading counts both branches).
final class Payments {}
final class Analytics {}

final class AppComponent: Component, RootComponent {
    let analytics = Analytics()
    let isBeta: Bool

    init(isBeta: Bool) {
        self.isBeta = isBeta
        super.init(parent: nil)
    }
}

final class WalletComponent: Component {}

final class WalletModule: ModuleObject {
    init(holder: ModuleHolder?, component: Component, isBeta: Bool) {
        let analytics: Analytics = component.analytics
        if isBeta {
            let payments: Payments = component.payments
            _ = payments
        }
        _ = analytics
        super.init(key: "wallet", holder: holder, component: component)
    }
}

struct WalletBuilder: ModuleBuilder {
    func build(parentComponent: Component, holder: ModuleHolderObject?, context: any ModuleHolderContext) -> WalletModule {
        WalletModule(holder: holder, component: WalletComponent(parent: parentComponent), isBeta: UserDefaults.standard.bool(forKey: "beta"))
    }
}

struct AppContext: ModuleHolderContext {
    let parent: (any ModuleHolderContext)? = nil
}

final class RootHolder: ModuleHolderObject {
    init(component: AppComponent) {
        super.init(key: "root", holder: nil, context: AppContext(), component: component)
        attach(WalletBuilder())
    }
}

let root = RootHolder(component: AppComponent(isBeta: false))
