import GraphInspect
import Services

final class CheckoutComponent: Component {}

/// The checkout screen: it charges through a gateway nothing above it provides. The build fails
/// here until AppComponent provides `gateway` (the planted defect).
final class CheckoutModule: ModuleObject {
    let analytics: Analytics
    let gateway: PaymentGateway

    init(holder: ModuleHolder?, component: Component) {
        analytics = component.analytics
        gateway = component.gateway
        super.init(key: "checkout", holder: holder, component: component)
    }

    func pay(_ order: Order) -> String {
        gateway.charge(cents: order.cents) ? analytics.track("paid \(order.id)") : analytics.track("declined \(order.id)")
    }
}

struct CheckoutBuilder: ModuleBuilder {
    func build(parentComponent: Component, holder: ModuleHolderObject?, context: any ModuleHolderContext) -> CheckoutModule {
        CheckoutModule(holder: holder, component: CheckoutComponent(parent: parentComponent))
    }
}
