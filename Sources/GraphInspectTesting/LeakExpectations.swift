import GraphInspect
import Testing

/// Expects every module and holder `recorder` saw let go (detached, or held by a holder that was
/// released) to be released within `grace`: waits while any is still inside its grace, then fails
/// with each leak's report (what keeps it is the app's: a closure, a global, a parent's stored
/// reference). Returns at once when nothing let go is alive.
///
///     let recorder = GraphRecorder()
///     GraphCapture.record(into: recorder) { app.closeSettings() }
///     await expectNoLeaks(recorder)
public func expectNoLeaks(
    _ recorder: GraphRecorder, grace: Duration = .seconds(1),
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) async {
    let nanoseconds = LeakGrace.nanoseconds(grace)
    let found = await LeakGrace.waitedLeaks(recorder, grace: nanoseconds)
    report(found.leaks, in: found.snapshot, grace: nanoseconds, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Expects no module or holder in `snapshot` to be retained after detach as of `now` (the
/// snapshot's end when nil), without waiting: for a snapshot already taken, or a trace.
public func expectNoLeaks(
    _ snapshot: GraphSnapshot, grace: Duration = .seconds(1), now: UInt64? = nil,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    let nanoseconds = LeakGrace.nanoseconds(grace)
    let leaks = RetainedAfterDetach.find(in: snapshot, grace: nanoseconds, now: now).filter(\.isLeak)
    report(leaks, in: snapshot, grace: nanoseconds, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

private func report(_ leaks: [RetainedAfterDetach], in snapshot: GraphSnapshot, grace: UInt64, at site: CallSite) {
    guard !leaks.isEmpty else { return }
    FailureReporter.fail(GraphFailureWording.leaked(leaks, in: snapshot, grace: grace), at: site)
}

enum LeakGrace {
    /// Waits while anything `recorder` saw let go is alive and inside its grace, then returns the
    /// leaks and the snapshot they were judged on; with leaks, after searching the live objects
    /// for what holds each (`GraphRecorder.recordLeakHolders`), so their reports name it.
    static func waitedLeaks(_ recorder: GraphRecorder, grace: UInt64) async -> (leaks: [RetainedAfterDetach], snapshot: GraphSnapshot) {
        while true {
            let snapshot = recorder.snapshot()
            let retained = RetainedAfterDetach.find(in: snapshot, grace: grace, now: RecordingClock.now())
            // Wait until the oldest still inside its grace leaves it (a little after), then look again.
            guard let oldest = retained.filter({ !$0.isLeak }).compactMap(\.aliveFor).max() else {
                guard retained.contains(where: \.isLeak) else { return ([], snapshot) }
                recorder.recordLeakHolders()
                let searched = recorder.snapshot()
                return (RetainedAfterDetach.find(in: searched, grace: grace, now: RecordingClock.now()).filter(\.isLeak), searched)
            }
            try? await Task.sleep(nanoseconds: grace - min(oldest, grace) + 10_000_000)
        }
    }

    static func nanoseconds(_ duration: Duration) -> UInt64 {
        let (seconds, attoseconds) = duration.components
        return UInt64(max(seconds, 0)) * 1_000_000_000 + UInt64(max(attoseconds, 0) / 1_000_000_000)
    }
}

/// `@Test(.noLeaks)`: records the test's run and, when it ends, expects what it let go to have
/// been released (`expectNoLeaks`), waiting out the grace; a leak fails the test with its report,
/// at the test's line. Also for suites: every test in it. The test runs first in a fresh process of
/// the test binary (`IsolationScope`): one that ends the process there fails alone, with the report.
public struct NoLeaksTrait: TestTrait, SuiteTrait, TestScoping {
    public var grace: Duration
    public var isRecursive: Bool { true }

    public func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        // A suite's scope covers each of its tests; the checks run once per test.
        guard !test.isSuite else { return try await function() }
        let recorder = GraphRecorder()
        // Isolated as `.childProcessFirst` isolates: a test that ends the process fails alone.
        // Inside the recorder's scope, so the fresh process's own recorder is the one its body sees.
        try await GraphObservation.withObserver(recorder) {
            try await IsolationScope.run(test, function)
        }
        let nanoseconds = LeakGrace.nanoseconds(grace)
        let leaks = await LeakGrace.waitedLeaks(recorder, grace: nanoseconds)
        guard !leaks.leaks.isEmpty else { return }
        Issue.record(Comment(rawValue: GraphFailureWording.leaked(leaks.leaks, in: leaks.snapshot, grace: nanoseconds)), sourceLocation: test.sourceLocation)
    }
}

extension Trait where Self == NoLeaksTrait {
    /// Fails the test when a module or holder it let go outlives its detach by a second.
    public static var noLeaks: Self { NoLeaksTrait(grace: .seconds(1)) }

    /// Fails the test when a module or holder it let go outlives its detach by `grace`.
    public static func noLeaks(grace: Duration) -> Self { NoLeaksTrait(grace: grace) }
}
