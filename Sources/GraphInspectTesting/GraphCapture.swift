import GraphInspect

/// Records what a piece of code builds, for assertions in tests.
///
/// The recorder is task-local: tests running in parallel each capture only their own objects.
public enum GraphCapture {
    /// Where a capture's body runs.
    public enum Isolation: Sendable {
        /// First in a copy of the test process (fork), then, when the copy finishes, in the test's
        /// own: a body that ends the process (a missing dependency read as a member, the app's
        /// own `exit` or `fatalError`) fails this test at the capture's line, with the report and
        /// the graph recorded until then, and the rest of the suite runs. The body runs twice.
        /// The default, unless `GRAPHINSPECT_CAPTURE=in-process` is set.
        case childProcessFirst
        /// In the test's own process alone, once: a body that ends the process ends the test run.
        case inProcess
    }

    /// Runs `body` with a recorder of its own and returns the graph, taken while what `body`
    /// returns is still alive (return your app's root to keep it in the graph).
    ///
    /// With `.childProcessFirst` (docs/testing.md), a body that ends the process in the copy fails
    /// the test here and returns what the copy recorded until then, without running the body in
    /// the test's process; the test's other expectations then judge that graph.
    public static func capture<Value>(
        isolation: Isolation = .childProcessFirst,
        _ body: () throws -> Value,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) rethrows -> GraphSnapshot {
        if isolation == .childProcessFirst, CaptureProbe.isEnabled, case .died(let death)? = CaptureProbe.probe(body) {
            let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
            FailureReporter.fail(GraphFailureWording.captureDied(death), at: site)
            return death.snapshot ?? GraphSnapshot(events: [])
        }
        let recorder = GraphRecorder()
        let value = try GraphObservation.withObserver(recorder, operation: body)
        return withExtendedLifetime(value) { recorder.snapshot() }
    }

    /// `capture` for async code. It runs in the test's own process: a copy made by fork has no
    /// threads to run async code on, so a body that ends the process ends the test run; capture
    /// the synchronous part that builds the graph with `capture(_:)` to have it fail the test.
    public static func capture<Value>(_ body: () async throws -> Value) async rethrows -> GraphSnapshot {
        let recorder = GraphRecorder()
        let value = try await GraphObservation.withObserver(recorder, operation: body)
        return withExtendedLifetime(value) { recorder.snapshot() }
    }
}
