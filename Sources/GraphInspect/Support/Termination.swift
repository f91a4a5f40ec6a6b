import Foundation

/// What runs just before graphinspect ends the process for a defect it found (a missing
/// dependency read as a member, a shared value that asks for itself), with the report it printed;
/// the trace, if one is written, records the report as its last line first.
///
/// The test library sets it in the child process a graph capture runs in
/// (`GraphCapture.capture`), to hand the graph recorded so far and the report to the test before
/// the child dies. Nothing else sets it; it is read only on the way to `fatalError`.
public enum Termination {
    static let handler = SpinLocked<(@Sendable (String) -> Void)?>(nil)

    /// Sets what runs before graphinspect ends the process (nil: nothing).
    public static func setHandler(_ body: (@Sendable (_ report: String) -> Void)?) {
        handler.withLock { $0 = body }
    }

    /// Records the report as the trace's end (`GRAPHINSPECT_TRACE`), runs the handler, if one is
    /// set, then ends the process with `message`.
    static func end(report: String, message: String) -> Never {
        TraceFileWriter.endBeforeTermination(report: report)
        if let body = handler.withLock({ $0 }) { body(report) }
        fatalError(message)
    }
}
