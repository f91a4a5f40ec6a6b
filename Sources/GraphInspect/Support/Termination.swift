import CGraphInspectAtomics
import Foundation

/// What runs just before graphinspect ends the process for a defect it found (a missing
/// dependency read as a member, a shared value that asks for itself), with the report it printed;
/// the trace, if one is written, records the report as its last line first.
///
/// The test library sets it in the child process a graph capture runs in
/// (`GraphCapture.capture`), to hand the graph recorded so far and the report to the test before
/// the child dies. Nothing else sets it; it is read only on the way to `fatalError`.
///
/// With no handler, in a test process, the end is the whole test run's: the note the test library
/// words for it (which test was running, and the one line that makes such an end fail that test
/// alone) is printed after the report, so the log says which test to look at.
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
    /// runs the handler if one is set, else prints the test process's note if this is one, then
    /// ends the process with `message`.
    static func end(report: String, message: String) -> Never {
        flushAppOutput()
        TraceFileWriter.endBeforeTermination(report: report)
        if let body = handler.withLock({ $0 }) {
            body(report)
        } else if let note = testProcessNote() {
            StandardError.write(note + "\n")
        }
        fatalError(message)
    }

    /// What the test library says of the test this process is running, when it is linked and one
    /// runs (`graphinspect_test_process_note`); nil in an app.
    static func testProcessNote() -> String? {
        guard let note = graphinspect_test_process_note() else { return nil }
        defer { free(note) }
        return String(cString: note)
    }
}
