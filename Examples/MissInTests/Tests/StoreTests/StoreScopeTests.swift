import Foundation
import GraphInspect
import GraphInspectTesting
import Store
import Testing

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
