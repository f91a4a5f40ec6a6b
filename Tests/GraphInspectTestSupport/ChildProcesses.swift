import Foundation

/// How the tests start and end the processes they run, so none outlives its test.
///
/// A test runs on a thread that has SIGTERM, SIGINT and SIGHUP blocked, a child inherits its
/// parent thread's mask, and exec keeps it (docs: FACTS): a child started with a plain
/// `Process.run()` ignores `terminate()` and waits for ever, reparented to init once the test
/// process exits. `launch` starts it with those signals unblocked; `end` stops it with SIGTERM and,
/// if it has not ended in three seconds, SIGKILL.
package enum ChildProcesses {
    package static let stopping: [Int32] = [SIGTERM, SIGINT, SIGHUP]

    package static func launch(_ process: Process) throws {
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        for signal in stopping { sigaddset(&unblocked, signal) }
        var previous = sigset_t()
        pthread_sigmask(SIG_UNBLOCK, &unblocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        try process.run()
    }

    /// Ends `process` if it still runs, and waits for it.
    package static func end(_ process: Process) {
        guard process.processIdentifier > 0 else { return }
        if process.isRunning {
            process.terminate()
            let deadline = Date().addingTimeInterval(3)
            while process.isRunning, Date() < deadline { usleep(10_000) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
        process.waitUntilExit()
    }

    /// Whether a process with this id exists (and is not a zombie).
    package static func isAlive(_ pid: pid_t) -> Bool {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return kill(pid, 0) == 0 }
        return !status.contains("State:\tZ")
    }

    /// The signals `pid` blocks (`SigBlk`) or ignores (`SigIgn`): either keeps `terminate()`
    /// from ending it. On Linux.
    package static func signalsItWillNotTake(_ pid: pid_t) -> UInt64? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        var mask: UInt64 = 0
        for field in ["SigBlk:", "SigIgn:"] {
            guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field) }),
                  let value = UInt64(line.dropFirst(field.count).trimmingCharacters(in: .whitespaces), radix: 16) else { return nil }
            mask |= value
        }
        return mask
    }

    /// Whether `pid` takes SIGTERM, SIGINT and SIGHUP (neither blocks nor ignores them).
    package static func takesStoppingSignals(_ pid: pid_t) -> Bool {
        guard let mask = signalsItWillNotTake(pid) else { return true }
        return stopping.allSatisfy { mask & (1 << UInt64($0 - 1)) == 0 }
    }

    /// The ids of `pid`'s children, on Linux.
    package static func children(of pid: pid_t) -> [pid_t] {
        let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
        return text.split(separator: " ").compactMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }
}
