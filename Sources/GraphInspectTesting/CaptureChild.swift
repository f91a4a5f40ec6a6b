#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import CGraphInspectProcess
import Foundation
import GraphInspect

/// The other process's side of `CaptureProbe` (a copy, or a fresh process of the test binary):
/// runs the body with a recorder, and leaves the graph it recorded (and why it is ending) in the
/// probe's files on every way out: graphinspect's own end for a defect (`Termination`), `exit`,
/// or a signal. Returning from the body ends it with 0.
enum CaptureChild {
    // Read by the signal and exit handlers, which cannot capture context. Set once, before the
    // body runs; only a way out reads them after.
    nonisolated(unsafe) private static var recorder: GraphRecorder?
    nonisolated(unsafe) private static var files: CaptureProbe.ChildFiles?
    nonisolated(unsafe) private static var saved = false
    /// `files.ending`'s path as C characters, made before the body runs, so a way out can say
    /// which it is before it does anything that could wait on a lock (`mark`).
    nonisolated(unsafe) private static var endingPath: [CChar] = []

    static func run<Value>(_ body: () throws -> Value, files: CaptureProbe.ChildFiles) -> Never {
        let recorder = prepare(files: files)
        let value = try? GraphObservation.withObserver(recorder) { try body() }
        withExtendedLifetime(value) {}
        _exit(0)
    }

    /// `run` for an async capture's body, in the fresh process made for it.
    static func run<Value>(_ body: () async throws -> Value, files: CaptureProbe.ChildFiles) async -> Never {
        let recorder = prepare(files: files)
        let value = try? await GraphObservation.withObserver(recorder) { try await body() }
        withExtendedLifetime(value) {}
        _exit(0)
    }

    /// `run` for a whole test's body, in the fresh process made for it (`IsolationScope`), where
    /// the captures inside run in process.
    static func runTest(_ body: @Sendable () async throws -> Void, files: CaptureProbe.ChildFiles) async -> Never {
        let recorder = prepare(files: files)
        try? await IsolationScope.$isProven.withValue(true) {
            try await GraphObservation.withObserver(recorder) { try await body() }
        }
        _exit(0)
    }

    /// Sets the ways out up to save what `recorder` holds, and says the body is starting.
    private static func prepare(files: CaptureProbe.ChildFiles) -> GraphRecorder {
        let recorder = GraphRecorder()
        Self.recorder = recorder
        Self.files = files
        endingPath = Array(files.ending.utf8CString)
        Termination.setHandler { report in
            CaptureChild.mark("report")
            CaptureChild.save(report, to: files.report)
            CaptureChild.saveSnapshot()
        }
        for number in [SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE] {
            _ = signal(number) { received in
                CaptureChild.mark("signal \(received)")
                CaptureChild.saveSnapshot()
                // Dies of the same signal once the handler returns, so the probe sees which.
                _ = signal(received, SIG_DFL)
                raise(received)
            }
        }
        _ = graphinspect_at_exit { status in
            CaptureChild.mark("exit \(status)")
            CaptureChild.saveSnapshot()
            _exit(status < 0 ? 0 : status)
        }
        save("", to: files.reached)
        return recorder
    }

    /// Says which way out the copy is taking, first, with nothing but `open` and `write` (the
    /// first way out wins: graphinspect's report, then the trap that follows it): if
    /// writing the graph then waits for ever on a lock another thread held at the fork, the
    /// probe still knows the copy was ending, and does not run the body in the test's process.
    private static func mark(_ ending: String) {
        guard !endingPath.isEmpty else { return }
        let descriptor = endingPath.withUnsafeBufferPointer { open($0.baseAddress!, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600) }
        guard descriptor >= 0 else { return }
        var bytes = Array(ending.utf8)
        _ = write(descriptor, &bytes, bytes.count)
        close(descriptor)
    }

    /// Writes what the recorder holds, once.
    private static func saveSnapshot() {
        guard !saved, let recorder, let files else { return }
        saved = true
        if let data = try? JSONEncoder().encode(recorder.snapshot()) { save(data, to: files.snapshot) }
    }

    private static func save(_ text: String, to path: String) {
        save(Data(text.utf8), to: path)
    }

    private static func save(_ data: Data, to path: String) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return }
        data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { break }
                offset += written
            }
        }
        close(descriptor)
    }
}
