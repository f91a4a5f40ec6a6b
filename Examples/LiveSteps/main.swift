// An app that builds its tree in steps, on cue, for `graphinspect live`'s tests: step N runs once
// the file `step-N` exists in the folder `GRAPHINSPECT_STEPS` names (without it, every step runs
// at once). Step 1 makes a root and a cart; step 2 a checkout under the cart that looks up the
// root's clock; step 3 a payment component whose lookup of `gateway` finds nothing, which ends
// the process as a missing dependency does.
import Foundation
import GraphInspect

final class Clock: Sendable {}
final class Gateway: Sendable {}

final class ShopComponent: Component, RootComponent {
    let clock = Clock()
    init() { super.init(parent: nil) }
}

final class CartComponent: Component {}
final class CheckoutComponent: Component {}
final class PaymentComponent: Component {}

func waitFor(step: Int) {
    guard let folder = ProcessInfo.processInfo.environment["GRAPHINSPECT_STEPS"] else { return }
    let cue = URL(fileURLWithPath: folder).appendingPathComponent("step-\(step)").path
    while !FileManager.default.fileExists(atPath: cue) { usleep(20_000) }
}

waitFor(step: 1)
let shop = ShopComponent()
let cart = CartComponent(parent: shop)
print("live steps: step 1 built")
waitFor(step: 2)
let checkout = CheckoutComponent(parent: cart)
let clock: Clock = checkout.clock
print("live steps: step 2 built")
waitFor(step: 3)
let payment = PaymentComponent(parent: checkout)
print("live steps: step 3 looks up gateway")
let gateway: Gateway = payment.gateway
withExtendedLifetime((shop, cart, clock, gateway)) {}
