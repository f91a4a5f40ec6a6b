#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import CGraphInspectProcess
import Foundation
import GraphInspect

/// Runs a capture's body first in a copy of the test process (fork(2)), to learn whether it ends
/// the process: a missing dependency read as a member, a shared value that asks for itself, the
/// app's own `exit` or `fatalError`, a crash. The copy records the graph as the capture would;
/// when it dies, what it recorded until then and why it died come back to the test, which fails
/// at the capture's line and goes on; the rest of the suite runs. When the copy finishes, the
/// capture runs the body again in the test's own process, so its objects and effects are the
/// test's as before.
///
/// The copy has one thread (the one that forked): the body runs on it, synchronously, as the
/// capture runs it. A copy that does not finish within `timeout` is killed and the test fails.
enum CaptureProbe {
    /// How the body ended in the copy.
    enum Verdict: Sendable {
        /// It returned (or threw): the capture runs it in this process.
        case finished
        case died(Death)
    }

    /// Why the copy ended before the body returned, with what it recorded until then.
    struct Death: Sendable {
        enum Cause: Sendable, Equatable {
            /// graphinspect ended it for a defect in the graph, with the report it printed.
            case graphDefect(report: String)
            /// The code called `exit`, with this status (nil where the platform does not tell it).
            case exited(status: Int32?)
            /// A signal ended it (a Swift runtime trap, such as `fatalError`, is SIGILL or SIGTRAP).
            case signal(Int32)
            /// It did not end within the time allowed.
            case timedOut(seconds: Double)
        }

        var cause: Cause
        /// What it recorded until it died; nil when nothing could be saved (a crash inside the recorder).
        var snapshot: GraphSnapshot?
        /// The last lines it printed (standard output and error), where a crash's message is.
        var output: String
    }

    /// Where the environment turns the probe off: `GRAPHINSPECT_CAPTURE=in-process`.
    static let environmentVariable = "GRAPHINSPECT_CAPTURE"
    /// The seconds a copy may take: `GRAPHINSPECT_CAPTURE_TIMEOUT`, default 120.
    static var timeout: Double {
        ProcessInfo.processInfo.environment["GRAPHINSPECT_CAPTURE_TIMEOUT"].flatMap(Double.init).map { max($0, 0.1) } ?? 120
    }

    static var isEnabled: Bool {
        ProcessInfo.processInfo.environment[environmentVariable] != "in-process"
    }

    /// Runs `body` in a copy of this process; nil when no copy could be made (the capture then
    /// runs in this process alone).
    static func probe<Value>(timeout: Double = CaptureProbe.timeout, _ body: () throws -> Value) -> Verdict? {
        var template = Array((NSTemporaryDirectory() + "/graphinspect-capture-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { return nil }
        let folder = String(cString: made)
        let files = ChildFiles(folder: folder)
        defer {
            for path in [files.snapshot, files.report, files.exit, files.output] { unlink(path) }
            rmdir(folder)
        }
        let output = open(files.output, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard output >= 0 else { return nil }
        // What the child writes, flushed now, so the child's copy of these buffers is empty.
        fflush(nil)
        let pid = ProcessCopy.make { graphinspect_fork() }
        if pid == 0 {
            dup2(output, 1)
            dup2(output, 2)
            CaptureChild.run(body, files: files)
        }
        close(output)
        guard pid > 0 else { return nil }
        let (status, finished) = waitForExit(of: pid, seconds: timeout)
        return verdict(status: status, finished: finished, timeout: timeout, files: files)
    }

    /// Waits for the child to exit, however it dies, killing it once `seconds` pass; its wait
    /// status, and whether it ended by itself. Waited for by pid, not by a pipe: a copy made by
    /// another test's capture at the same time would hold a pipe's end open too.
    private static func waitForExit(of pid: pid_t, seconds: Double) -> (status: Int32, finished: Bool) {
        let watch = ExitWatch()
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) {
            // The child is not reaped until `ended` is set, so its pid is not anyone else's yet.
            watch.lock.withLock {
                guard !watch.ended else { return }
                watch.killed = true
                kill(pid, SIGKILL)
            }
        }
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0, errno == EINTR {}
        let killed = watch.lock.withLock { () -> Bool in
            watch.ended = true
            return watch.killed
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        return (status, !killed)
    }

    /// Whether the child was reaped or killed, shared with the timer that kills it.
    private final class ExitWatch: @unchecked Sendable {
        let lock = NSLock()
        var ended = false
        var killed = false
    }

    private static func verdict(status: Int32, finished: Bool, timeout: Double, files: ChildFiles) -> Verdict {
        let exited = FileManager.default.contents(atPath: files.exit)
        let signal = status & 0x7F, code = (status >> 8) & 0xFF
        // The child ends with 0, writing nothing, when the body returns; anything else ended it on the way.
        if finished, signal == 0, code == 0, exited == nil { return .finished }
        let snapshot = FileManager.default.contents(atPath: files.snapshot).flatMap { try? JSONDecoder().decode(GraphSnapshot.self, from: $0) }
        let output = lastLines(of: files.output)
        guard finished else { return .died(Death(cause: .timedOut(seconds: timeout), snapshot: snapshot, output: output)) }
        if let report = FileManager.default.contents(atPath: files.report) {
            return .died(Death(cause: .graphDefect(report: String(decoding: report, as: UTF8.self)), snapshot: snapshot, output: output))
        }
        if let exited {
            let status = Int32(String(decoding: exited, as: UTF8.self))
            return .died(Death(cause: .exited(status: status.flatMap { $0 < 0 ? nil : $0 }), snapshot: snapshot, output: output))
        }
        if signal != 0 { return .died(Death(cause: .signal(signal), snapshot: snapshot, output: output)) }
        return .died(Death(cause: .exited(status: code), snapshot: snapshot, output: output))
    }

    /// The last 40 lines of a file, at most 8 KB of them.
    private static func lastLines(of path: String) -> String {
        guard let data = FileManager.default.contents(atPath: path) else { return "" }
        let text = String(decoding: data.suffix(8192), as: UTF8.self)
        return text.split(separator: "\n", omittingEmptySubsequences: false).suffix(40).joined(separator: "\n")
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Where a child leaves what it has to say, made before the fork.
    struct ChildFiles: Sendable {
        var snapshot: String
        var report: String
        var exit: String
        var output: String

        init(folder: String) {
            snapshot = folder + "/snapshot.json"
            report = folder + "/report.txt"
            exit = folder + "/exit.txt"
            output = folder + "/output.txt"
        }
    }
}
