import GraphInspectTesting
import Store
import XCTest

/// The same in XCTest: the launch fails its test with the report; browsing passes.
final class StoreXCTests: XCTestCase {
    func testLaunchHasNoMissingDependencies() {
        let graph = GraphCapture.capture { StoreApp.launch() }
        expectNoMissingDependencies(graph)
    }

    func testBrowsingResolvesTheCatalog() {
        let graph = GraphCapture.capture { StoreApp.browse() }
        expectNoMissingDependencies(graph)
        expectResolves(graph, "catalog", requestedBy: "BrowseComponent", from: "StoreComponent")
    }
}
