import GraphInspect

// An app whose components are made by factories and closures, never by a call written next to
// its parent: a factory type with a method per feature, a dictionary of closures by route, and a
// closure handed to the feature that needs it. Defects: a lookup answered only by a sibling
// made in another closure, and a name no component provides.
public final class Network {}
public final class Cart {}
public final class Catalog {}

final class ShopComponent: Component {
    let network = Network()
}

final class CatalogComponent: Component {
    let catalog = Catalog()

    func load() -> Network? { try? resolve("network") }
}

final class CartComponent: Component {
    let cart = Cart()

    func checkout() -> [Any?] {
        let catalog: Catalog? = try? resolve("catalog")
        let coupons: Cart? = try? resolve("coupons")
        let network: Network? = try? resolve("network")
        return [catalog, coupons, network]
    }
}

/// Makes each feature's component below the parent it is given.
struct FeatureFactory {
    let parent: Component

    func catalog() -> CatalogComponent { CatalogComponent(parent: parent) }
}

public enum FactoryStyle {
    /// Runs the app; returns what it made, which the caller keeps alive.
    public static func run() -> [Component] {
        let shop = ShopComponent(parent: nil)
        let factory = FeatureFactory(parent: shop)
        let routes: [String: (Component) -> Component] = [
            "cart": { parent in CartComponent(parent: parent) },
        ]
        let catalog = factory.catalog()
        _ = catalog.load()
        let cart = routes["cart"]!(shop)
        if let cart = cart as? CartComponent { _ = cart.checkout() }
        return [shop, catalog, cart]
    }
}
