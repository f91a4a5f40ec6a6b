import GraphInspect

struct AppContext: ModuleHolderContext {
    let parent: (any ModuleHolderContext)? = nil
}

/// The app's root holder: one module per screen.
final class RootHolder: ModuleHolderObject {
    init(component: AppComponent) {
        super.init(key: "root", holder: nil, context: AppContext(), component: component)
        attach(AccountsBuilder())
        attach(TransferBuilder())
    }
}

let root = RootHolder(component: AppComponent())
if let accounts = root.module(for: "accounts", as: AccountsModule.self) {
    print(accounts.summary())
}
if let transfer = root.module(for: "transfer", as: TransferModule.self) {
    print(transfer.send(2_500))
}
