/// The bank's books: balances by account.
public final class Ledger: @unchecked Sendable {
    private var balances: [String: Int] = ["checking": 12_000, "savings": 50_000]

    public init() {}

    public func balance(of account: String) -> Int { balances[account, default: 0] }

    /// Moves `cents` between two accounts; false when the source has too little.
    public func move(_ cents: Int, from source: String, to target: String) -> Bool {
        guard cents > 0, balance(of: source) >= cents else { return false }
        balances[source, default: 0] -= cents
        balances[target, default: 0] += cents
        return true
    }
}

public final class Analytics: Sendable {
    public init() {}
    public func track(_ event: String) -> String { "tracked \(event)" }
}

public final class FeatureFlags: Sendable {
    public init() {}
    public func isOn(_ flag: String) -> Bool { flag == "instant-transfers" }
}
