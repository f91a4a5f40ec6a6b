import GraphInspect
import Services

final class TransferComponent: Component {}

/// Transfers: they still use the root's ledger, a known violation of the rules
/// (graphinspect-rules-baseline.txt) the team means to remove.
final class TransferModule: ModuleObject {
    let ledger: Ledger
    let analytics: Analytics

    init(holder: ModuleHolder?, component: Component) {
        ledger = component.ledger
        analytics = component.analytics
        super.init(key: "transfer", holder: holder, component: component)
    }

    func send(_ cents: Int) -> String {
        analytics.track(ledger.move(cents, from: "checking", to: "savings") ? "sent \(cents)" : "refused \(cents)")
    }
}

struct TransferBuilder: ModuleBuilder {
    func build(parentComponent: Component, holder: ModuleHolderObject?, context: any ModuleHolderContext) -> TransferModule {
        TransferModule(holder: holder, component: TransferComponent(parent: parentComponent))
    }
}
