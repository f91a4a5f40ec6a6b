import Foundation

/// Passes an app's standard error through to ours, minus the crash backtrace Swift prints after a
/// fatal error: the missing-dependency report before it is what a graphinspect user runs the app
/// for. From the first line of a backtrace on, lines are dropped and one line says so
/// (`--backtrace` keeps them).
final class BacktraceFilter: @unchecked Sendable {
    /// Lines that start a backtrace: the runtime's own stack trace, and the backtracer's report.
    static let markers = ["Current stack trace:", "💣 Program crashed", "*** Program crashed", "Thread 0 crashed:"]

    let pipe = Pipe()
    private let done = DispatchSemaphore(value: 0)

    /// Starts reading the pipe on a thread of its own.
    func start() {
        let handle = pipe.fileHandleForReading
        Thread.detachNewThread { [done] in
            var pending = Data()
            var dropping = false
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                pending.append(chunk)
                while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = pending[pending.startIndex...newline]
                    pending.removeSubrange(pending.startIndex...newline)
                    Self.pass(line, dropping: &dropping)
                }
            }
            if !pending.isEmpty { Self.pass(pending, dropping: &dropping) }
            done.signal()
        }
    }

    /// Waits until the app's end of the pipe is closed and everything before it is passed on.
    func finish() {
        try? pipe.fileHandleForWriting.close()
        done.wait()
    }

    private static func pass(_ line: Data, dropping: inout Bool) {
        guard !dropping else { return }
        let text = String(decoding: line, as: UTF8.self)
        if markers.contains(where: text.hasPrefix) {
            dropping = true
            Output.say("graphinspect: the app's crash backtrace is hidden (--backtrace shows it)")
            return
        }
        Output.passThrough(line)
    }
}
