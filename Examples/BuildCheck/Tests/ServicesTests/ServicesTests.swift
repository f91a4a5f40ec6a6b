import Services
import Testing

/// A test beside the checked app, so `swift build` and `swift test` alternate as in a developer's
/// loop: each relinks the plugin's tool, and the check after it reads the cache the other wrote.
@Test func aPaymentOfNothingIsRefused() {
    #expect(!PaymentGateway().charge(cents: 0))
    #expect(PaymentGateway().charge(cents: 250))
}
