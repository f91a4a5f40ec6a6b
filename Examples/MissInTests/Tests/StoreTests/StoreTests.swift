import Foundation
import GraphInspect
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

/// An async capture: its code runs first in a fresh process of the test binary (awaiting there as
/// here), so the miss fails this test alone.
@Test func launchInAnAsyncCapture() async {
    let graph = await GraphCapture.capture { () async -> StoreComponent in
        await Task.yield()
        return StoreApp.launch()
    }
    expectNoMissingDependencies(graph)
}

/// `record(into:)` in place of `GraphObservation.withObserver`, for a recorder that outlives the
/// code, as a leak check needs: isolated as a capture is.
@Test func launchRecordedForALeakCheck() async {
    let recorder = GraphRecorder()
    let app = GraphCapture.record(into: recorder) { StoreApp.launch() }
    await expectNoLeaks(recorder)
    withExtendedLifetime(app) {}
}

/// The runtime's own scope runs its code in the test's process alone: a miss there ends the whole
/// run, naming this test and the line that isolates it. On only with STORE_MISS_IN_OBSERVER set
/// (.ci/run checks what it prints).
@Test(.enabled(if: ProcessInfo.processInfo.environment["STORE_MISS_IN_OBSERVER"] != nil))
func launchUnderThePlainObserver() {
    GraphObservation.withObserver(GraphRecorder()) { _ = StoreApp.launch() }
}
