import Testing
@testable import GraphInspect

// Small fixture apps, one per kind of mistake.

final class Payments: Sendable {}
final class LegacyPayments: Sendable {}
final class Tracker: Sendable {}

final class ShopRoot: Component, RootComponent {
    let analytics = Tracker()
}

final class CartComponent: Component {
    let cartID = "cart-1"
}

final class RootWithLegacyPayments: Component, RootComponent {
    let payments = LegacyPayments()
}

final class RootWithBilling: Component, RootComponent {
    let billing = Payments()
}

final class RootWithPayments: Component, RootComponent {
    let payments = Payments()
}

final class ShopComponent: Component {}

final class BillingComponent: Component {
    let billing = Payments()
}

final class WalletComponent: Component {
    let payments = Payments()
}

/// A component whose overridden `parent` can be pointed anywhere, even at a descendant.
final class ReparentableComponent: Component {
    nonisolated(unsafe) var redirect: Component?
    override var parent: Component? { redirect ?? super.parent }
}

@Suite struct MissingDependencyReportTests {
    func report(_ requester: Component, _ name: String) throws -> String {
        let error = try #require(throws: MissingDependency.self) {
            try requester.resolve(name, as: Payments.self, fileID: "Shop/Cart.swift", line: 12)
        }
        return error.description
    }

    @Test func missingEverywhere() throws {
        let root = ShopRoot(parent: nil)
        let cart = CartComponent(parent: root)
        #expect(try report(cart, "payments") == """
            error: missing dependency `payments: Payments`
              asked by CartComponent at ^->ShopRoot->CartComponent (Shop/Cart.swift:12)
              walked 2 components, nearest first:
                1. CartComponent  provides cartID: String
                2. ShopRoot (root)  provides analytics: Tracker
              fix: declare `let payments: Payments` in CartComponent, or in ShopRoot to share it with every component below
              note: a computed `var payments: Payments { ... }` is invisible to lookups unless its class is marked `@Providers`
            """)
    }

    @Test func sameNameOtherType() throws {
        let root = RootWithLegacyPayments(parent: nil)
        let cart = CartComponent(parent: root)
        #expect(try report(cart, "payments") == """
            error: missing dependency `payments: Payments`
              asked by CartComponent at ^->RootWithLegacyPayments->CartComponent (Shop/Cart.swift:12)
              walked 2 components, nearest first:
                1. CartComponent  provides cartID: String
                2. RootWithLegacyPayments (root)  provides payments: LegacyPayments
              near misses:
                found `payments: LegacyPayments` at RootWithLegacyPayments, expected Payments
              fix: ask for `payments` as LegacyPayments (what RootWithLegacyPayments provides), or provide `payments: Payments` on the walk
            """)
    }

    @Test func sameTypeOtherName() throws {
        let root = RootWithBilling(parent: nil)
        let cart = CartComponent(parent: root)
        #expect(try report(cart, "payments") == """
            error: missing dependency `payments: Payments`
              asked by CartComponent at ^->RootWithBilling->CartComponent (Shop/Cart.swift:12)
              walked 2 components, nearest first:
                1. CartComponent  provides cartID: String
                2. RootWithBilling (root)  provides billing: Payments
              near misses:
                found `billing: Payments` at RootWithBilling: the same type under another name
              fix: ask for `billing`, which RootWithBilling provides as Payments
            """)
    }

    @Test func typoOneLetterOff() throws {
        let root = RootWithPayments(parent: nil)
        let cart = CartComponent(parent: root)
        #expect(try report(cart, "paymentz") == """
            error: missing dependency `paymentz: Payments`
              asked by CartComponent at ^->RootWithPayments->CartComponent (Shop/Cart.swift:12)
              walked 2 components, nearest first:
                1. CartComponent  provides cartID: String
                2. RootWithPayments (root)  provides payments: Payments
              near misses:
                found `payments: Payments` at RootWithPayments: a similar name
              fix: ask for `payments`, which RootWithPayments provides as Payments
            """)
    }

    @Test func providedOnlyInASiblingSubtree() throws {
        let root = ShopRoot(parent: nil)
        let shop = ShopComponent(parent: root)
        let cart = CartComponent(parent: shop)
        let wallet = WalletComponent(parent: shop)
        #expect(try report(cart, "payments") == """
            error: missing dependency `payments: Payments`
              asked by CartComponent at ^->ShopRoot->ShopComponent->CartComponent (Shop/Cart.swift:12)
              walked 3 components, nearest first:
                1. CartComponent  provides cartID: String
                2. ShopComponent  provides nothing
                3. ShopRoot (root)  provides analytics: Tracker
              elsewhere in the tree (not on the walk):
                `payments: Payments` at ^->ShopRoot->ShopComponent->WalletComponent; nearest common ancestor: ShopComponent
              fix: move `payments: Payments` from WalletComponent up to ShopComponent, which both reach
            """)
        withExtendedLifetime(wallet) {}
    }

    @Test func cyclicParentChainIsNamedAndEnds() throws {
        let root = ShopRoot(parent: nil)
        let first = ReparentableComponent(parent: root)
        let second = ReparentableComponent(parent: first)
        first.redirect = second
        defer { first.redirect = nil }
        #expect(try report(second, "payments") == """
            error: missing dependency `payments: Payments`
              asked by ReparentableComponent at ^->ReparentableComponent->ReparentableComponent (Shop/Cart.swift:12)
              the parent chain loops: ReparentableComponent -> ReparentableComponent -> ReparentableComponent; the walk stopped where it came back
              walked 2 components, nearest first:
                1. ReparentableComponent  provides redirect: Component?
                2. ReparentableComponent  provides redirect: Component?
              fix: the chain comes back to ReparentableComponent: make the overridden `parent` end at a root component
            """)
    }

    @Test func moduleKeyMissingThreeHoldersUp() throws {
        let chain = makeHolderChain()
        let error = try #require(throws: MissingModule.self) { try chain[3].findModule("settngs") }
        #expect(error.description == """
            error: no module "settngs" from TestHolder "level3" up to the root holder
              asked by TestHolder "level3" at ^->TestHolder->TestHolder->TestHolder->TestHolder
              searched 4 holders, nearest first:
                1. TestHolder "level3"  holds nothing
                2. TestHolder "level2"  holds "level3"
                3. TestHolder "level1"  holds "level2"
                4. TestHolder "root" (root)  holds "settings", "level1"
              near misses:
                "settings" at TestHolder "root": a similar key
              fix: ask for "settings", held by TestHolder "root"
            """)
    }

    @Test func moduleHeldOnlyByASiblingHolderNamesIt() throws {
        let chain = makeHolderChain()
        let sibling = chain[1].attach(HolderBuilder(key: "sibling"))
        sibling.attach(TestBuilder(key: "payments"))
        let error = try #require(throws: MissingModule.self) { try chain[3].findModule("payments", target: .router) }
        #expect(error.description.hasSuffix("""
              elsewhere in the tree (not on the walk):
                "payments" is held by ^->TestHolder->TestHolder->TestHolder; nearest common ancestor: TestHolder "level1"
              fix: attach the "payments" module to TestHolder "level1" instead of TestHolder "sibling", so every holder below TestHolder "level1" finds it
            """))
        #expect(error.description.hasPrefix(#"error: no router "payments" (no module with that key) from TestHolder "level3""#))
    }

    @Test func tenThousandDeepWalkCollapsesButKeepsNearMisses() throws {
        var chain: [Component] = [ShopRoot(parent: nil)]
        for index in 1..<10_000 {
            let parent = chain[index - 1]
            chain.append(index == 5_000 ? BillingComponent(parent: parent) : Component(parent: parent))
        }
        let error = try #require(throws: MissingDependency.self) {
            try chain[9_999].resolve("payments", as: Payments.self, fileID: "Deep.swift", line: 1)
        }
        #expect(error.walk.count == 10_000)
        #expect(error.description == """
            error: missing dependency `payments: Payments`
              asked by Component at ^->ShopRoot->Component->Component->…9994 more…->Component->Component->Component (Deep.swift:1)
              walked 10000 components, nearest first:
                1. Component  provides nothing
                2. Component  provides nothing
                3. Component  provides nothing
                … 4996 more with nothing close …
                5000. BillingComponent  provides billing: Payments
                … 4997 more with nothing close …
                9998. Component  provides nothing
                9999. Component  provides nothing
                10000. ShopRoot (root)  provides analytics: Tracker
              near misses:
                found `billing: Payments` at BillingComponent: the same type under another name
              fix: ask for `billing`, which BillingComponent provides as Payments
            """)
    }

    /// `let p: Payments? = try? c.resolve("payments")` infers `T == Payments?`: a plain `Payments`
    /// satisfies it, so the report names the type as `Payments?` and the fix declares a `Payments`.
    @Test func optionalRequestIsSatisfiedByThePlainType() throws {
        let root = ShopRoot(parent: nil)
        let cart = CartComponent(parent: root)
        let absent: Payments? = try? cart.resolve("payments", fileID: "Shop/Cart.swift", line: 30)
        #expect(absent == nil)
        let error = try #require(throws: MissingDependency.self) {
            let _: Payments? = try cart.resolve("payments", fileID: "Shop/Cart.swift", line: 30)
        }
        #expect(error.description == """
            error: missing dependency `payments: Payments?`
              asked by CartComponent at ^->ShopRoot->CartComponent (Shop/Cart.swift:30)
              walked 2 components, nearest first:
                1. CartComponent  provides cartID: String
                2. ShopRoot (root)  provides analytics: Tracker
              fix: declare `let payments: Payments` in CartComponent, or in ShopRoot to share it with every component below (a `Payments` or a `Payments?` satisfies a lookup into an Optional)
              note: a computed `var payments: Payments { ... }` is invisible to lookups unless its class is marked `@Providers`
            """)
        let provided = WalletComponent(parent: root)
        let found: Payments? = try? provided.resolve("payments")
        #expect(found === provided.payments)
    }

    @Test func reportsUseColourOnlyWhenAsked() throws {
        let root = ShopRoot(parent: nil)
        let cart = CartComponent(parent: root)
        let error = try #require(throws: MissingDependency.self) { try cart.resolve("payments", as: Payments.self) }
        #expect(!error.report(style: .plain).contains("\u{1B}["))
        #expect(error.report(style: .ansi).hasPrefix("\u{1B}[1;31merror:\u{1B}[0m missing dependency \u{1B}[1m`payments: Payments`\u{1B}[0m"))
    }

    /// The banded distance agrees with the whole table wherever either is within the limit.
    @Test func bandedDistanceAgreesWithTheWholeTable() {
        func whole(_ a: [Character], _ b: [Character]) -> Int {
            var previous = Array(0...b.count)
            for i in 1...max(a.count, 1) where !a.isEmpty {
                var current = [i] + [Int](repeating: 0, count: b.count)
                for j in 1...max(b.count, 1) where !b.isEmpty {
                    current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                }
                previous = current
            }
            return a.isEmpty ? b.count : previous[b.count]
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<3_000 {
            let a = (0..<Int.random(in: 0...9, using: &generator)).map { _ in "abc".randomElement(using: &generator)! }
            let b = (0..<Int.random(in: 0...9, using: &generator)).map { _ in "abc".randomElement(using: &generator)! }
            for limit in 0...3 {
                #expect(NameDistance.distance(a, b, limit: limit) == min(whole(a, b), limit + 1), "\(String(a)) \(String(b)) \(limit)")
            }
        }
        // Long names cost a band, not a table: 20,000 characters each, one edit apart.
        let long = Array(String(repeating: "L", count: 20_000))
        #expect(NameDistance.distance(long, long.dropLast() + ["M"], limit: 3) == 1)
    }

    @Test func nameDistanceFindsTyposNotStrangers() {
        #expect(NameDistance.isSimilar("payments", to: "paymentz"))
        #expect(NameDistance.isSimilar("Analytics", to: "analytics"))
        #expect(NameDistance.isSimilar("net", to: "nut"))
        #expect(!NameDistance.isSimilar("net", to: "cache"))
        #expect(!NameDistance.isSimilar("payments", to: "payments"))
        #expect(!NameDistance.isSimilar("theme", to: "network"))
    }
}
