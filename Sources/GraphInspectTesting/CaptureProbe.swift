#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import Foundation
import GraphInspect
import Testing

/// Runs a capture's body first in another process, to learn whether it ends the process: a
/// missing dependency read as a member, a shared value that asks for itself, the app's own
/// `exit` or `fatalError`, a crash. The other process records the graph as the capture would;
/// when it dies, what it recorded until then and why it died come back to the test, which fails
/// at the capture's line and goes on; the rest of the suite runs. When it finishes, the capture
/// runs the body again in the test's own process, so its objects and effects are the test's.
///
/// Two ways, the first that can be taken:
/// - **A fresh process of the test binary** (`FreshTestProcess`) that runs the same Swift Testing
///   test alone up to this capture, and this capture's body: nothing of this process is copied, so
///   nothing another thread held can stop it. Linux; a test that is not parameterized.
/// - **A copy of this process** (`CopyProbe`, fork(2)) that runs the body on the one thread a copy
///   has: XCTest, parameterized tests, other platforms. A copy stuck on a lock another thread held
///   at the fork is killed and made again, and the test is told (a warning).
///
/// Either is killed once it runs past `timeout`, and dies with the test process.
enum CaptureProbe {
    /// How the body ended in the other process.
    enum Verdict: Sendable {
        /// It returned (or threw): the capture runs it in this process.
        case finished
        case died(Death)
    }

    /// Why the other process ended before the body returned, with what it recorded until then.
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
        /// Which process it was.
        var place: Place = .copy
    }

    /// The other process a body ran in.
    enum Place: Sendable, Equatable {
        /// A fresh process of the test binary, running the test alone.
        case freshProcess
        /// A copy of the test process made by fork.
        case copy
    }

    /// Where the environment chooses: `GRAPHINSPECT_CAPTURE=in-process` turns the probe off;
    /// `GRAPHINSPECT_CAPTURE=copy` takes the copy even where a fresh process could be made.
    static let environmentVariable = "GRAPHINSPECT_CAPTURE"
    /// The seconds the other process may take: `GRAPHINSPECT_CAPTURE_TIMEOUT`, default 120.
    static var timeout: Double {
        ProcessInfo.processInfo.environment["GRAPHINSPECT_CAPTURE_TIMEOUT"].flatMap(Double.init).map { max($0, 0.1) } ?? 120
    }

    static var isEnabled: Bool {
        ProcessInfo.processInfo.environment[environmentVariable] != "in-process" && !underThreadSanitizer
    }

    /// Whether a fresh process may be made (`GRAPHINSPECT_CAPTURE=copy`, or a test's own
    /// `$onlyCopies`, says no).
    static var takesFreshProcesses: Bool {
        ProcessInfo.processInfo.environment[environmentVariable] != "copy" && !onlyCopies
    }

    /// Set by tests of the copy itself.
    @TaskLocal static var onlyCopies = false

    /// Whether ThreadSanitizer's runtime is in this process. It does not support a fork while
    /// other threads run (its own locks stay held in the copy, which can then spin until the
    /// timeout), so under it captures run in the test's process alone.
    static let underThreadSanitizer: Bool = {
        guard let process = dlopen(nil, RTLD_NOW) else { return false }
        return dlsym(process, "__tsan_init") != nil
    }()

    /// Runs `body` in another process; nil when none could be made, or when this process is
    /// itself the fresh process of another capture or test (the capture then runs in this
    /// process alone). `site` names the capture (`fileID:line:column`); `stalled` hears of each
    /// copy killed for being stuck and made again (the seconds it sat).
    static func probe<Value>(
        timeout: Double = CaptureProbe.timeout, site: String, stalled: (Double) -> Void = { _ in },
        _ body: () throws -> Value
    ) -> Verdict? {
        let target = FreshTestProcess.Target.capture(site: site, occurrence: CaptureOccurrences.next(at: site))
        if let role = IsolatedRole.current {
            // This process is a fresh one: the capture it was made for runs here, the others in process.
            if role.isFor(target) { CaptureChild.run(body, files: role.files) }
            return nil
        }
        if IsolationScope.isProven { return nil }
        if takesFreshProcesses, let verdict = FreshTestProcess.run(target, timeout: timeout) { return verdict }
        return CopyProbe.probe(timeout: timeout, stalled: stalled, body)
    }

    /// `probe` for an async body: only a fresh process of the test binary can run it (a copy has
    /// one thread, and no executor to await on), so nil wherever none can be made.
    static func probe<Value>(timeout: Double = CaptureProbe.timeout, site: String, _ body: () async throws -> Value) async -> Verdict? {
        let target = FreshTestProcess.Target.capture(site: site, occurrence: CaptureOccurrences.next(at: site))
        if let role = IsolatedRole.current {
            if role.isFor(target) { await CaptureChild.run(body, files: role.files) }
            return nil
        }
        guard !IsolationScope.isProven, takesFreshProcesses else { return nil }
        return FreshTestProcess.run(target, timeout: timeout)
    }

    /// The verdict on another process from how waiting ended, its wait status, and the way out
    /// it marked (`ending`: "report", "exit N", "signal N"; nil when it took none).
    static func verdict(status: Int32, end: ChildWait.End, ending: String?, timeout: Double, files: ChildFiles, place: Place) -> Verdict {
        let signal = status & 0x7F, code = (status >> 8) & 0xFF
        // The child ends with 0, marking nothing, when the body returns; anything else ended it on the way.
        if end == .exited, ending == nil, signal == 0, code == 0 { return .finished }
        let snapshot = FileManager.default.contents(atPath: files.snapshot).flatMap { try? JSONDecoder().decode(GraphSnapshot.self, from: $0) }
        let output = lastLines(of: files.output)
        func died(_ cause: Death.Cause) -> Verdict { .died(Death(cause: cause, snapshot: snapshot, output: output, place: place)) }
        let words = ending?.split(separator: " ") ?? []
        let number = words.count > 1 ? Int32(words[1]) : nil
        switch words.first {
        case "report":
            let report = FileManager.default.contents(atPath: files.report).map { String(decoding: $0, as: UTF8.self) }
            return died(.graphDefect(report: report ?? "(the report could not be saved: its process stopped while writing it)"))
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

    /// Where a child leaves what it has to say, in a folder made for it.
    struct ChildFiles: Sendable {
        var folder: String
        var snapshot: String { folder + "/snapshot.json" }
        var report: String { folder + "/report.txt" }
        var output: String { folder + "/output.txt" }
        /// Which way out the child took ("report", "exit N", "signal N"), written before the rest.
        var ending: String { folder + "/ending.txt" }
        /// Made when the child begins the body: a fresh process that never makes it ran the test
        /// without reaching the capture.
        var reached: String { folder + "/reached.txt" }

        /// A new folder in the temporary directory; nil when none can be made.
        static func make() -> ChildFiles? {
            var template = Array((NSTemporaryDirectory() + "/graphinspect-capture-XXXXXX").utf8CString)
            guard let made = mkdtemp(&template) else { return nil }
            return ChildFiles(folder: String(cString: made))
        }

        /// Removes the files and the folder.
        func remove() {
            for path in [snapshot, report, output, ending, reached] { unlink(path) }
            rmdir(folder)
        }
    }
}

/// How many times each capture site has run in each test of this process, so that a fresh
/// process running the same test stops at the same one (a capture in a loop runs several times).
enum CaptureOccurrences {
    private final class Counts: @unchecked Sendable {
        let lock = NSLock()
        var byKey: [String: Int] = [:]
    }

    private static let counts = Counts()

    /// The next occurrence (from 1) of `site` in the current test; 0 outside any test.
    static func next(at site: String) -> Int {
        guard let test = Test.current else { return 0 }
        let key = test.id.description + "\u{0}" + site
        return counts.lock.withLock {
            counts.byKey[key, default: 0] += 1
            return counts.byKey[key]!
        }
    }
}
