import GraphInspect
import Services

struct AppContext: ModuleHolderContext {
    let parent: (any ModuleHolderContext)? = nil
}

final class RootHolder: ModuleHolderObject {
    init(component: AppComponent) {
        super.init(key: "root", holder: nil, context: AppContext(), component: component)
        attach(CheckoutBuilder())
    }
}

let root = RootHolder(component: AppComponent())
if let checkout = root.module(for: "checkout", as: CheckoutModule.self) {
    print(checkout.pay(Order(id: 1, cents: 499)))
}
