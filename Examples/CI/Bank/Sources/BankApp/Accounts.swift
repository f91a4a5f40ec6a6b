import GraphInspect
import Services

/// The accounts screen keeps a ledger of its own: the rules forbid reaching the root's.
final class AccountsComponent: Component {
    let ledger = Ledger()
}

final class AccountsModule: ModuleObject {
    let ledger: Ledger
    let analytics: Analytics

    init(holder: ModuleHolder?, component: Component) {
        ledger = component.ledger
        analytics = component.analytics
        super.init(key: "accounts", holder: holder, component: component)
    }

    func summary() -> String {
        analytics.track("checking \(ledger.balance(of: "checking"))")
    }
}

struct AccountsBuilder: ModuleBuilder {
    func build(parentComponent: Component, holder: ModuleHolderObject?, context: any ModuleHolderContext) -> AccountsModule {
        AccountsModule(holder: holder, component: AccountsComponent(parent: parentComponent))
    }
}
