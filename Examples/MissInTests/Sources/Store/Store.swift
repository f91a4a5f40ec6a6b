import GraphInspect

public final class Analytics: Sendable {
    public init() {}
}

public final class PaymentGateway: Sendable {
    public init() {}
}

public final class Catalog: Sendable {
    public let items = ["tea", "cake"]
    public init() {}
}

/// The root: provides analytics and the catalog, but not the payment gateway checkout reads.
public final class StoreComponent: Component, RootComponent {
    public let analytics = Analytics()
    public let catalog = Catalog()
}

public final class BrowseComponent: Component {}

public final class CheckoutComponent: Component {}

/// A screen that reads what it needs from its component, as the article's modules do.
public final class Checkout {
    public let gateway: PaymentGateway
    public let analytics: Analytics

    public init(component: CheckoutComponent) {
        analytics = component.analytics
        gateway = component.paymentGateway  // the planted defect: nothing provides it
    }
}

public final class Browse {
    public let catalog: Catalog

    public init(component: BrowseComponent) {
        catalog = component.catalog
    }
}

public enum StoreApp {
    /// The whole app: browsing, then checkout, which dies of its missing dependency.
    public static func launch() -> StoreComponent {
        let root = StoreComponent(parent: nil)
        _ = Browse(component: BrowseComponent(parent: root))
        _ = Checkout(component: CheckoutComponent(parent: root))
        return root
    }

    /// Browsing alone, which has all it needs.
    public static func browse() -> StoreComponent {
        let root = StoreComponent(parent: nil)
        _ = Browse(component: BrowseComponent(parent: root))
        return root
    }

    public static func total(_ prices: [Int]) -> Int {
        prices.reduce(0, +)
    }
}
