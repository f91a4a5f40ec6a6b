#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import CGraphInspectProcess
import Foundation
import Testing

/// A fresh process of the test binary that runs the current Swift Testing test alone, up to a
/// target (one capture's body, or the whole test), as Swift Testing's exit tests run their body:
/// nothing of the test process is copied, so no lock another thread held can stop it, and it
/// runs async code as any process does.
///
/// The test runs from its start, so what it did before the target is done again; the target runs
/// with a recorder, and its process leaves what it recorded and how it ended in files
/// (`CaptureChild`). It dies with the test process (`graphinspect_bind_to_parent`), and is killed
/// once it runs past the timeout.
enum FreshTestProcess {
    /// What the fresh process is made to run.
    enum Target: Sendable, Equatable {
        /// The `occurrence`-th run (from 1) of the capture at `site` in the test.
        case capture(site: String, occurrence: Int)
        /// The whole test, in a trait's scope.
        case test
    }

    /// Runs the current test in a fresh process up to `target`; nil when no fresh process can be
    /// made for it (no Swift Testing test on this task, a parameterized one, a platform other than
    /// Linux) or when the process ended without reaching the target (the test went another way
    /// alone): the caller then takes the copy, or the test's own process.
    static func run(_ target: Target, timeout: Double) -> CaptureProbe.Verdict? {
        guard let test = Test.current, !test.isParameterized, let executable = testBinary else { return nil }
        if case .capture(_, let occurrence) = target, occurrence < 1 { return nil }
        guard let files = CaptureProbe.ChildFiles.make() else { return nil }
        defer { files.remove() }
        let output = open(files.output, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard output >= 0 else { return nil }
        defer { close(output) }
        let role = IsolatedRole(folder: files.folder, testID: test.id.description, target: target)
        let arguments = [executable, "--testing-library", "swift-testing", "--filter", filter(for: test.id.description)]
        var environment = ProcessInfo.processInfo.environment
        environment["GRAPHINSPECT_ISOLATED_PARENT"] = String(getpid())
        environment["GRAPHINSPECT_ISOLATED_ROLE"] = role.encoded
        guard let pid = spawn(executable, arguments: arguments, environment: environment, output: output) else { return nil }
        let (status, end) = ChildWait.waitForExit(of: pid, seconds: timeout, detectsStuck: false)
        let ending = FileManager.default.contents(atPath: files.ending).map { String(decoding: $0, as: UTF8.self) }
        guard ending != nil || FileManager.default.fileExists(atPath: files.reached) || end == .timedOut else { return nil }
        return CaptureProbe.verdict(status: status, end: end, ending: ending, timeout: timeout, files: files, place: .freshProcess)
    }

    /// This test binary, where a fresh process of it can run one Swift Testing test: Linux, where
    /// `swift test` runs the binary itself.
    static let testBinary: String? = {
        #if os(Linux)
        guard let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"),
              path.hasSuffix(".xctest") else { return nil }
        return path
        #else
        return nil
        #endif
    }()

    /// Swift Testing's `--filter` for exactly the test with this id: the id whole, every character
    /// that is not a letter or a digit escaped.
    static func filter(for testID: String) -> String {
        "^" + testID.map { $0.isLetter || $0.isNumber ? String($0) : "\\" + String($0) }.joined() + "$"
    }

    private static func spawn(_ path: String, arguments: [String], environment: [String: String], output: Int32) -> pid_t? {
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        let pid = graphinspect_spawn(path, argv, envp, output)
        return pid > 0 ? pid : nil
    }
}

/// What this process was started to do when the test library made it (`FreshTestProcess`): the
/// folder to leave its files in, the test it runs, and the target in it. Read once, from what the
/// process kept of its environment as it started (`graphinspect_isolated_role`).
struct IsolatedRole: Sendable, Equatable {
    var folder: String
    var testID: String
    var target: FreshTestProcess.Target

    /// This process's role; nil in any process the test library did not make.
    static let current: IsolatedRole? = graphinspect_isolated_role().flatMap { IsolatedRole(encoded: String(cString: $0)) }

    var files: CaptureProbe.ChildFiles { CaptureProbe.ChildFiles(folder: folder) }

    /// Whether `target`, met in the current test, is the one this process was made for.
    func isFor(_ target: FreshTestProcess.Target) -> Bool {
        target == self.target && Test.current?.id.description == testID
    }

    init(folder: String, testID: String, target: FreshTestProcess.Target) {
        (self.folder, self.testID, self.target) = (folder, testID, target)
    }

    /// One field a line: the folder, the test's id, then `test`, or `capture`, the site and the occurrence.
    var encoded: String {
        switch target {
        case .test: return [folder, testID, "test"].joined(separator: "\n")
        case .capture(let site, let occurrence): return [folder, testID, "capture", site, String(occurrence)].joined(separator: "\n")
        }
    }

    init?(encoded: String) {
        let fields = encoded.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard fields.count >= 3 else { return nil }
        switch fields[2] {
        case "test" where fields.count == 3:
            self.init(folder: fields[0], testID: fields[1], target: .test)
        case "capture" where fields.count == 5:
            guard let occurrence = Int(fields[4]) else { return nil }
            self.init(folder: fields[0], testID: fields[1], target: .capture(site: fields[3], occurrence: occurrence))
        default:
            return nil
        }
    }
}
