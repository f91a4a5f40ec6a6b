#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import Foundation

/// Waiting for a capture's child process (a copy or a fresh process) to end, within a time.
enum ChildWait {
    /// How waiting for a child ended.
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

    /// Waits for the child to exit, killing it once `seconds` pass or, with `detectsStuck` (a
    /// copy, whose one thread no other can wake), once it is stuck; its wait status, and how it ended. Waited for by pid, not by a pipe: a copy made by another test's
    /// capture at the same time would hold a pipe's end open too.
    static func waitForExit(of pid: pid_t, seconds: Double, detectsStuck: Bool) -> (status: Int32, end: End) {
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
                } else if detectsStuck, let (sleeping, ticks) = processorTicks(of: pid) {
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

}
