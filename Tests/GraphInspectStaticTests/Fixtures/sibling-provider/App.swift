import GraphInspect

// Checkout needs the payment service that only the account area provides, in a sibling subtree.
final class PaymentService {}
final class NetworkClient {}

final class AppComponent: Component, RootComponent {
    let network = NetworkClient()

    init() { super.init(parent: nil) }
}

final class AccountComponent: Component {
    let paymentService = PaymentService()
}

final class CheckoutComponent: Component {}

final class AccountModule: ModuleObject {
    init(holder: ModuleHolder?, component: Component) {
        let network: NetworkClient = component.network
        _ = network
        super.init(key: "account", holder: holder, component: component)
    }
}

final class CheckoutModule: ModuleObject {
    let payments: PaymentService

    init(holder: ModuleHolder?, component: Component) {
        payments = component.paymentService
        super.init(key: "checkout", holder: holder, component: component)
    }
}

struct AccountBuilder: ModuleBuilder {
    func build(parentComponent: Component, holder: ModuleHolderObject?, context: any ModuleHolderContext) -> AccountModule {
        AccountModule(holder: holder, component: AccountComponent(parent: parentComponent))
    }
}

struct CheckoutBuilder: ModuleBuilder {
    func build(parentComponent: Component, holder: ModuleHolderObject?, context: any ModuleHolderContext) -> CheckoutModule {
        CheckoutModule(holder: holder, component: CheckoutComponent(parent: parentComponent))
    }
}

struct AppContext: ModuleHolderContext {
    let parent: (any ModuleHolderContext)? = nil
}

final class RootHolder: ModuleHolderObject {
    init(component: AppComponent) {
        super.init(key: "root", holder: nil, context: AppContext(), component: component)
        attach(AccountBuilder())
        attach(CheckoutBuilder())
    }
}
