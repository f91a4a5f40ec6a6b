// A shop that prints how many modules its holders hold: `count`, `first` and the other members
// of an array of holders are the array's, not module lookups on what it holds.
import GraphInspect

final class Payments: Sendable {}

struct ShopContext: ModuleHolderContext {
    let parent: (any ModuleHolderContext)? = nil
}

final class AppComponent: Component, RootComponent {
    let payments = Payments()
    init() { super.init(parent: nil) }
}

final class AppHolder: ModuleHolderObject {}

final class CartComponent: Component {}
final class CartHolder: ModuleHolderObject {
    init(holder: ModuleHolder?, context: ShopContext, component: CartComponent) {
        let _: Payments = component.payments
        super.init(key: "cart", holder: holder, context: context, component: component)
    }
}

struct CartBuilder: ModuleBuilder {
    func build(parentComponent: Component, holder: ModuleHolderObject?, context: ShopContext) -> CartHolder {
        CartHolder(holder: holder, context: context, component: CartComponent(parent: parentComponent))
    }
}

let app = AppHolder(key: "app", holder: nil, context: ShopContext(), component: AppComponent())
app.attach(CartBuilder())
print(app.supportedModules.count)
let holders = [app]
print(holders.count, holders.first?.key.rawValue ?? "", holders.isEmpty)
for holder in holders where !holder.supportedModules.isEmpty {
    print(holder.supportedModules.count, holder.supportedModules.first?.key.rawValue ?? "")
}
let carts = holders.map { $0.supportedModules }
print(carts.count)
