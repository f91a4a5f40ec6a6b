import GraphInspect

// A component no source makes, looking a dependency up through its own `resolve` (implicit
// self): the lookup is counted and noted as not checked, so a check of only this file fails
// instead of passing having checked nothing.
final class Analytics {}

final class CheckoutComponent: Component {
    func start() {
        let analytics: Analytics = resolve("analytics")
        _ = analytics
    }
}
