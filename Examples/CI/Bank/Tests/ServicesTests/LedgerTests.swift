import Services
import Testing

@Test func aTransferMovesMoneyBetweenAccounts() {
    let ledger = Ledger()
    #expect(ledger.move(2_000, from: "checking", to: "savings"))
    #expect(ledger.balance(of: "checking") == 10_000)
    #expect(ledger.balance(of: "savings") == 52_000)
}

@Test func aTransferBeyondTheBalanceIsRefused() {
    let ledger = Ledger()
    #expect(!ledger.move(20_000, from: "checking", to: "savings"))
    #expect(ledger.balance(of: "checking") == 12_000)
}
