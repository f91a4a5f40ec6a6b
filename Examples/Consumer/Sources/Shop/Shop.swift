import GraphInspect

// A small shop in the article's shapes: a root component, a module component below it, a holder of
// the app's own with its own key enum, and a module that reads what it needs through its component.

public final class Analytics {}
public final class Payments {}

public enum ShopModules: String {
    case shop, cart
}

public final class ShopComponent: Component, RootComponent {
    public let analytics = Analytics()
    public let payments = Payments()
}

public final class CartComponent: Component {}

public final class CartModule: Module {
    public weak var holder: ModuleHolder?
    public var router: CartRouter?
    public let key: ShopModules = .cart
    let payments: Payments

    init(holder: ModuleHolder?, component: Component) {
        self.holder = holder
        payments = component.payments
    }
}

public final class CartRouter: Routing {}

public final class ShopHolder: RootModule, Module, ModuleHolder {
    public let holder: ModuleHolder? = nil
    public var router: CartRouter?
    public let key: ShopModules = .shop
    public var supportedModules: [any Module] = []
    let component: ShopComponent

    init(component: ShopComponent) {
        self.component = component
        supportedModules = [CartModule(holder: self, component: CartComponent(parent: component))]
    }
}

public enum ShopApp {
    /// Starts the shop; returns its root holder, which keeps everything alive.
    public static func launch() -> ShopHolder {
        let shop = ShopHolder(component: ShopComponent(parent: nil))
        let _: CartModule? = shop.module(for: .cart)
        return shop
    }
}
