import Foundation
import GraphInspect
import GraphInspectTesting
import Shop
import Testing

/// docs/testing.md's suite trait, advisory expectations and attachments, as a user writes them.
@Suite(.graphGoldens(record: .never, directory: "Goldens"))
struct GoldenScopeTests {
    /// The trait's folder: `shop.txt` is `Goldens/shop.txt`, and `.never` writes nothing.
    @Test func theSuitesFolderAndRecordModeApply() {
        let graph = GraphCapture.capture { ShopApp.launch() }
        expectGraph(graph, matchesGolden: "shop.txt")
        expectGraph(graph, matchesGolden: "shop.baseline", as: .baseline)
    }

    /// A shape change seen before it is enforced: the golden differs (it still names the old
    /// coupon service), the run stays green, and the warning is in the output.
    @Test func aWarningShowsTheChangeAndKeepsTheRunGreen() {
        let graph = GraphCapture.capture { ShopApp.launch() }
        expectGraph(graph, matchesGolden: "shop-before-coupons.baseline", as: .baseline, severity: .warning)
    }

    /// Fails on purpose, so that `swift test --attachments-path DIR` shows what a failing golden
    /// leaves there: the expected and actual text, the diff, both graphs as SVG and the two in one. Runs only
    /// when GRAPHINSPECT_DEMO_FAILURE=1 (.ci/run sets it and checks the folder).
    @Test(.enabled(if: ProcessInfo.processInfo.environment["GRAPHINSPECT_DEMO_FAILURE"] == "1"))
    func aFailingGoldenLeavesItsAttachments() {
        let graph = GraphCapture.capture { ShopApp.launch() }
        expectGraph(graph, matchesGolden: "shop-before-coupons.baseline", as: .baseline)
    }
}
