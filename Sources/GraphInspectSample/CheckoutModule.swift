import GraphInspect

/// Checkout's component: it has the cart, and expects a payment service from above.
public final class CheckoutComponent: Component {
    public let cartID = "cart-1"
}

extension ModuleKey {
    public static let checkout: ModuleKey = "checkout"
}

/// The checkout screen. Its component's parent chain has no `paymentService` (only the profile
/// area has one, for subscriptions), so building it ends the process: the defect the dying sample
/// exists to show.
public final class CheckoutModule: ModuleObject {
    public let payments: PaymentService

    init(holder: ModuleHolder?, component: Component) {
        payments = component.paymentService
        super.init(key: .checkout, holder: holder, component: component)
    }
}

public struct CheckoutBuilder: ModuleBuilder {
    public init() {}

    public func build(parentComponent: Component, holder: ModuleHolderObject?, context: any ModuleHolderContext) -> CheckoutModule {
        CheckoutModule(holder: holder, component: CheckoutComponent(parent: parentComponent))
    }
}

/// The sample app with a checkout added after launch: it dies with a missing dependency.
public enum DyingSampleApp {
    /// Runs the sample's session, then opens checkout, which ends the process.
    public static func run() -> RootHolder {
        let root = SampleApp.run()
        root.attach(CheckoutBuilder())
        return root
    }
}
