import GraphInspect
import Testing

/// Expects every module and holder `recorder` saw let go (detached, or held by a holder that was
/// released) to be released within `grace`: waits while any is still inside its grace, then fails
/// with each leak's report (what keeps it is the app's: a closure, a global, a parent's stored
/// reference). Returns at once when nothing let go is alive.
///
///     let recorder = GraphRecorder()
///     GraphObservation.withObserver(recorder) { app.closeSettings() }
///     await expectNoLeaks(recorder)
public func expectNoLeaks(
    _ recorder: GraphRecorder, grace: Duration = .seconds(1),
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) async {
    let nanoseconds = LeakGrace.nanoseconds(grace)
    while true {
        let snapshot = recorder.snapshot()
        let now = RecordingClock.now()
        let retained = RetainedAfterDetach.find(in: snapshot, grace: nanoseconds, now: now)
        let waiting = retained.filter { !$0.isLeak && $0.aliveFor != nil }
        guard let oldest = waiting.compactMap({ $0.aliveFor }).max() else {
            report(retained.filter(\.isLeak), in: snapshot, grace: nanoseconds, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
            return
        }
        // Wait until the oldest still inside its grace leaves it (a little after), then look again.
        try? await Task.sleep(nanoseconds: nanoseconds - min(oldest, nanoseconds) + 10_000_000)
    }
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
    static func nanoseconds(_ duration: Duration) -> UInt64 {
        let (seconds, attoseconds) = duration.components
        return UInt64(max(seconds, 0)) * 1_000_000_000 + UInt64(max(attoseconds, 0) / 1_000_000_000)
    }
}
