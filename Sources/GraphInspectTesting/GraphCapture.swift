import GraphInspect

/// Records what a piece of code builds, for assertions in tests.
///
/// The recorder is task-local: tests running in parallel each capture only their own objects.
public enum GraphCapture {
    /// Where a capture's body runs.
    public enum Isolation: Sendable {
        /// First in another process, then, when that finishes, in the test's own: a body that
        /// ends the process (a missing dependency read as a member, the app's own `exit` or
        /// `fatalError`) fails this test at the capture's line, with the report and the graph
        /// recorded until then, and the rest of the suite runs. The body runs twice. The other
        /// process is a fresh one of the test binary running this Swift Testing test alone
        /// (Linux), else a copy of the test process (fork). The default, unless
        /// `GRAPHINSPECT_CAPTURE=in-process` is set.
        case childProcessFirst
        /// In the test's own process alone, once: a body that ends the process ends the test run.
        case inProcess
    }

    /// Runs `body` with a recorder of its own and returns the graph, taken while what `body`
    /// returns is still alive (return your app's root to keep it in the graph).
    ///
    /// With `.childProcessFirst` (docs/testing.md), a body that ends the process in the other
    /// process fails the test here and returns what was recorded there until then, without
    /// running the body in the test's process; the test's other expectations then judge that graph.
    public static func capture<Value>(
        isolation: Isolation = .childProcessFirst,
        _ body: () throws -> Value,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) rethrows -> GraphSnapshot {
        let recorder = GraphRecorder()
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        if let death = probe(isolation, body, at: site) { return death.snapshot ?? GraphSnapshot(events: []) }
        let value = try GraphObservation.withObserver(recorder, operation: body)
        return withExtendedLifetime(value) { recorder.snapshot() }
    }

    /// Runs `body` with `recorder` observing it, isolated as `capture` is, and returns what
    /// `body` returns: for a recorder that goes on watching after the body, as
    /// `expectNoLeaks(recorder)` waits for releases. A body that ends the process fails the test
    /// here and is not run in the test's process; `nil` is returned then.
    @discardableResult
    public static func record<Value>(
        into recorder: GraphRecorder, isolation: Isolation = .childProcessFirst,
        _ body: () throws -> Value,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) rethrows -> Value? {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        if probe(isolation, body, at: site) != nil { return nil }
        return try GraphObservation.withObserver(recorder, operation: body)
    }

    /// `capture` for async code, isolated as the synchronous one where a fresh process of the test
    /// binary can be made (Linux, a Swift Testing test that is not parameterized): the test runs
    /// again there up to this capture, whose body runs with a recorder, awaiting as it does here.
    /// A copy of the process cannot run async code (it has one thread), so elsewhere (XCTest, a
    /// parameterized test) the body runs in the test's process alone, and ending the process ends
    /// the test run; a synchronous body takes `capture(_:)`, which a copy isolates.
    @_disfavoredOverload
    public static func capture<Value>(
        isolation: Isolation = .childProcessFirst,
        _ body: () async throws -> Value,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async rethrows -> GraphSnapshot {
        let recorder = GraphRecorder()
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        if isolation == .childProcessFirst, CaptureProbe.isEnabled,
           case .died(let death)? = await CaptureProbe.probe(site: "\(site.fileID):\(site.line):\(site.column)", body) {
            FailureReporter.fail(GraphFailureWording.captureDied(death), at: site)
            return death.snapshot ?? GraphSnapshot(events: [])
        }
        let value = try await GraphObservation.withObserver(recorder, operation: body)
        return withExtendedLifetime(value) { recorder.snapshot() }
    }

    /// Runs `body` first in another process when `isolation` asks and can; the death, reported
    /// at `site`, when it ended the process there.
    private static func probe<Value>(_ isolation: Isolation, _ body: () throws -> Value, at site: CallSite) -> CaptureProbe.Death? {
        guard isolation == .childProcessFirst, CaptureProbe.isEnabled else { return nil }
        let verdict = CaptureProbe.probe(site: "\(site.fileID):\(site.line):\(site.column)", stalled: { seconds in
            FailureReporter.fail(GraphFailureWording.copyStalled(seconds: seconds), at: site, severity: .warning)
        }, body)
        guard case .died(let death)? = verdict else { return nil }
        FailureReporter.fail(GraphFailureWording.captureDied(death), at: site)
        return death
    }
}
