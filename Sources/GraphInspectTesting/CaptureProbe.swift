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
            /// Each copy slept without progress before reaching any way out: a lock another thread
            /// held at the fork, every time.
            case stuck(attempts: Int)
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
        ProcessInfo.processInfo.environment[environmentVariable] != "in-process" && !underThreadSanitizer
    }

    /// Whether ThreadSanitizer's runtime is in this process. It does not support a fork while
    /// other threads run (its own locks stay held in the copy, which can then spin until the
    /// timeout), so under it captures run in the test's process alone.
    static let underThreadSanitizer: Bool = {
        guard let process = dlopen(nil, RTLD_NOW) else { return false }
        return dlsym(process, "__tsan_init") != nil
    }()

    /// Runs `body` in a copy of this process; nil when no copy could be made (the capture then
    /// runs in this process alone).
    static func probe<Value>(timeout: Double = CaptureProbe.timeout, _ body: () throws -> Value) -> Verdict? {
        // A copy has only the thread that forked: a lock another thread held at that moment (in
        // the Swift runtime, in libdispatch) stays held in it for ever. Such a copy says nothing
        // of the code under capture, and running the code in the test's process instead could
        // end it; so the copy is made again, when the lock has most likely been given back.
        for attempt in 1...attempts {
            switch probeOnce(timeout: timeout, body) {
            case .none: return nil
            case .some(.stuck): if attempt < attempts { continue }
            case .some(.verdict(let verdict)): return verdict
            }
        }
        return .died(Death(cause: .stuck(attempts: attempts), snapshot: nil, output: ""))
    }

    /// How many copies are made before one stuck at every try fails the test.
    static let attempts = 3

    private enum Attempt {
        case verdict(Verdict)
        /// The copy slept without progress before it reached any way out.
        case stuck
    }

    private static func probeOnce<Value>(timeout: Double, _ body: () throws -> Value) -> Attempt? {
        var template = Array((NSTemporaryDirectory() + "/graphinspect-capture-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { return nil }
        let folder = String(cString: made)
        let files = ChildFiles(folder: folder)
        defer {
            for path in [files.snapshot, files.report, files.output, files.ending] { unlink(path) }
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
        let (status, end) = waitForExit(of: pid, seconds: timeout)
        let ending = FileManager.default.contents(atPath: files.ending).map { String(decoding: $0, as: UTF8.self) }
        // A copy stuck before any way out says nothing of the code; one stuck on its way out
        // (writing the graph) died all the same.
        if end == .stuck, ending == nil { return .stuck }
        return .verdict(verdict(status: status, end: end, ending: ending, timeout: timeout, files: files))
    }

    /// How waiting for a copy ended.
    enum End: Equatable {
        /// It exited, however it died.
        case exited
        /// It ran past the time allowed, and was killed.
        case timedOut
        /// It slept without using the processor for `stuckAfter` seconds (Linux, where its state
        /// can be read), and was killed.
        case stuck
    }

    /// Seconds a copy may sleep without using the processor before it is taken for stuck.
    static let stuckAfter = 2.0

    /// Waits for the child to exit, killing it once `seconds` pass or once it is stuck; its wait
    /// status, and how it ended. Waited for by pid, not by a pipe: a copy made by another test's
    /// capture at the same time would hold a pipe's end open too.
    private static func waitForExit(of pid: pid_t, seconds: Double) -> (status: Int32, end: End) {
        let watch = ExitWatch()
        let timer = DispatchSource.makeTimerSource(queue: DispatchQueue.global())
        let start = Date()
        watch.progressAt = start
        timer.schedule(deadline: .now() + 0.25, repeating: 0.25)
        timer.setEventHandler {
            // The child is not reaped until `ended` is set, so its pid is not anyone else's yet.
            watch.lock.withLock {
                guard !watch.ended, watch.end == .exited else { return }
                let now = Date()
                if now.timeIntervalSince(start) >= seconds {
                    watch.end = .timedOut
                } else if let (sleeping, ticks) = processorTicks(of: pid) {
                    if !sleeping || ticks != watch.ticks {
                        (watch.ticks, watch.progressAt) = (ticks, now)
                    } else if now.timeIntervalSince(watch.progressAt) >= stuckAfter {
                        watch.end = .stuck
                    }
                }
                if watch.end != .exited { kill(pid, SIGKILL) }
            }
        }
        timer.resume()
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0, errno == EINTR {}
        let end = watch.lock.withLock { () -> End in
            watch.ended = true
            return watch.end
        }
        timer.cancel()
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        return (status, end)
    }

    /// Whether a process is asleep and the processor ticks it has used (`/proc/PID/stat`); nil
    /// where that cannot be read (not Linux).
    static func processorTicks(of pid: pid_t) -> (sleeping: Bool, ticks: Int)? {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/stat") else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        // After the command's name, in parentheses (which may hold spaces): state, then the
        // fields up to utime (14th) and stime (15th) of the whole line.
        guard let close = text.lastIndex(of: ")") else { return nil }
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
        return (fields[0] == "S" || fields[0] == "D", user + system)
    }

    /// How waiting ended, shared with the timer that watches the child.
    private final class ExitWatch: @unchecked Sendable {
        let lock = NSLock()
        var ended = false
        var end = End.exited
        /// The processor ticks the child had used when last seen, and when it last used more.
        var ticks = -1
        var progressAt = Date()
    }

    /// The verdict on a copy from how waiting ended, its wait status, and the way out it marked
    /// (`ending`: "report", "exit N", "signal N"; nil when it took none).
    private static func verdict(status: Int32, end: End, ending: String?, timeout: Double, files: ChildFiles) -> Verdict {
        let signal = status & 0x7F, code = (status >> 8) & 0xFF
        // The child ends with 0, marking nothing, when the body returns; anything else ended it on the way.
        if end == .exited, ending == nil, signal == 0, code == 0 { return .finished }
        let snapshot = FileManager.default.contents(atPath: files.snapshot).flatMap { try? JSONDecoder().decode(GraphSnapshot.self, from: $0) }
        let output = lastLines(of: files.output)
        func died(_ cause: Death.Cause) -> Verdict { .died(Death(cause: cause, snapshot: snapshot, output: output)) }
        let words = ending?.split(separator: " ") ?? []
        let number = words.count > 1 ? Int32(words[1]) : nil
        switch words.first {
        case "report":
            let report = FileManager.default.contents(atPath: files.report).map { String(decoding: $0, as: UTF8.self) }
            return died(.graphDefect(report: report ?? "(the report could not be saved: its copy stopped while writing it)"))
        case "exit":
            return died(.exited(status: number.flatMap { $0 < 0 ? nil : $0 }))
        case "signal":
            return died(.signal(number ?? signal))
        default:
            if end == .timedOut { return died(.timedOut(seconds: timeout)) }
            return signal != 0 ? died(.signal(signal)) : died(.exited(status: code))
        }
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
        var output: String
        /// Which way out the copy took ("report", "exit N", "signal N"), written before the rest.
        var ending: String

        init(folder: String) {
            snapshot = folder + "/snapshot.json"
            report = folder + "/report.txt"
            output = folder + "/output.txt"
            ending = folder + "/ending.txt"
        }
    }
}
