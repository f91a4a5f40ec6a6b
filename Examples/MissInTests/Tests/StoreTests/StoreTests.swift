import GraphInspectTesting
import Store
import Testing

/// Launches the whole app: the capture fails this test at its line with the runtime's report
/// (checkout reads `paymentGateway`, which nothing provides), and the suite goes on.
@Test func launchHasNoMissingDependencies() {
    let graph = GraphCapture.capture { StoreApp.launch() }
    expectNoMissingDependencies(graph)
}

/// Browsing alone has what it needs: passes.
@Test func browsingResolvesTheCatalogFromTheRoot() {
    let graph = GraphCapture.capture { StoreApp.browse() }
    expectNoMissingDependencies(graph)
    expectResolves(graph, "catalog", requestedBy: "BrowseComponent", from: "StoreComponent")
}

/// Touches no graph at all: passes.
@Test func totalsAddUp() {
    #expect(StoreApp.total([3, 4]) == 7)
}

/// An async test (the common kind in Swift Testing): the synchronous launch inside is captured
/// and isolated as in any other test, without `await`.
@Test func launchInAnAsyncTest() async {
    let graph = GraphCapture.capture { StoreApp.launch() }
    expectNoMissingDependencies(graph)
}

/// A leak test that launches the app outside any capture, as docs/leaks.md writes one: the trait
/// runs it first in a fresh process of the test binary, so the miss fails this test alone.
@Test(.noLeaks) func launchLeavesNothingBehind() {
    _ = StoreApp.launch()
}
