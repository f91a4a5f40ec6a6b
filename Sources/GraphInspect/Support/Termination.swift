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

    /// Writes out what the app printed that still sits in its buffers: standard output is
    /// block-buffered in a pipe and `fatalError` does not flush it, so a test's or `dump`'s log
    /// would lose the app's last lines. Called before a report is written, so they come first.
    static func flushAppOutput() {
        fflush(nil)
    }

    /// Flushes the app's output, records the report as the trace's end (`GRAPHINSPECT_TRACE`),
    /// runs the handler, if one is set, then ends the process with `message`.
    static func end(report: String, message: String) -> Never {
        flushAppOutput()
        TraceFileWriter.endBeforeTermination(report: report)
        if let body = handler.withLock({ $0 }) { body(report) }
        fatalError(message)
    }
}
