/// What the app's components hand out.
public final class Analytics: Sendable {
    public init() {}
    public func track(_ event: String) -> String { "tracked \(event)" }
}

public final class PaymentGateway: Sendable {
    public init() {}
    public func charge(cents: Int) -> Bool { cents > 0 }
}

/// A plain model around the DI code, as an app has many.
public struct Order: Equatable, Sendable {
    public var id: Int
    public var cents: Int

    public init(id: Int, cents: Int) {
        self.id = id
        self.cents = cents
    }
}
