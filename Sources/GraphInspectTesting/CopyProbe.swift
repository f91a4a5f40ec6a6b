#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import CGraphInspectProcess
import Foundation
import GraphInspect

/// A capture's body run in a copy of the test process (fork(2)), where no fresh process of the
/// test binary can be made (`CaptureProbe`).
///
/// The copy has one thread (the one that forked): the body runs on it, synchronously, as the
/// capture runs it. Before any Swift code runs in it, the copy is bound to its parent
/// (`graphinspect_fork`): it dies with the test process, takes SIGTERM, and the kernel ends it
/// once the timeout has passed, so a copy never outlives the run whatever ends the run.
enum CopyProbe {
    /// How many copies are made before one stuck at every try fails the test.
    static let attempts = 3

    /// Runs `body` in a copy of this process; nil when no copy could be made.
    static func probe<Value>(timeout: Double, stalled: (Double) -> Void, _ body: () throws -> Value) -> CaptureProbe.Verdict? {
        // A copy has only the thread that forked: a lock another thread held at that moment (in
        // the Swift runtime, in libdispatch) stays held in it for ever. Such a copy says nothing
        // of the code under capture, and running the code in the test's process instead could
        // end it; so the copy is made again, when the lock has most likely been given back.
        for attempt in 1...attempts {
            let started = Date()
            switch probeOnce(timeout: timeout, body) {
            case .none: return nil
            case .some(.stuck):
                stalled(Date().timeIntervalSince(started))
                if attempt < attempts { continue }
            case .some(.verdict(let verdict)): return verdict
            }
        }
        return .died(CaptureProbe.Death(cause: .stuck(attempts: attempts), snapshot: nil, output: "", place: .copy))
    }

    private enum Attempt {
        case verdict(CaptureProbe.Verdict)
        /// The copy slept without progress before it reached any way out.
        case stuck
    }

    private static func probeOnce<Value>(timeout: Double, _ body: () throws -> Value) -> Attempt? {
        guard let files = CaptureProbe.ChildFiles.make() else { return nil }
        defer { files.remove() }
        let output = open(files.output, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard output >= 0 else { return nil }
        // What the child writes, flushed now, so the child's copy of these buffers is empty.
        fflush(nil)
        // The kernel's bound is a little past the timeout: the wait below kills it first.
        let pid = ProcessCopy.make { graphinspect_fork(UInt32(timeout.rounded(.up)) + 5) }
        if pid == 0 {
            dup2(output, 1)
            dup2(output, 2)
            CaptureChild.run(body, files: files)
        }
        close(output)
        guard pid > 0 else { return nil }
        let (status, end) = ChildWait.waitForExit(of: pid, seconds: timeout, detectsStuck: true)
        let ending = FileManager.default.contents(atPath: files.ending).map { String(decoding: $0, as: UTF8.self) }
        // A copy stuck before any way out says nothing of the code; one stuck on its way out
        // (writing the graph) died all the same.
        if end == .stuck, ending == nil { return .stuck }
        return .verdict(CaptureProbe.verdict(status: status, end: end, ending: ending, timeout: timeout, files: files, place: .copy))
    }
}
