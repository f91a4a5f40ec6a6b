import Foundation
import Testing
import GraphInspectTestSupport

/// The README's promise for `scripts/quickstart` and `scripts/test`: one line on standard error
/// per step, including the one a newcomer would otherwise stare at in silence, a build waiting
/// for another SwiftPM's lock on the same `.build`.
@Suite struct SetupScriptTests {
    /// Runs `script` in bash with scripts/lib/setup.sh sourced as quickstart sources it.
    static func run(_ script: String) throws -> (status: Int32, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["bash", "-c", "set -euo pipefail; setup_name=quickstart; source scripts/lib/setup.sh; " + script]
        process.currentDirectoryURL = Golden.packageRoot
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// SwiftPM's own words while it waits (no newline: it prints the rest when the lock is free).
    static let waiting = #"printf "Another instance of SwiftPM (PID: 1) is already running using '/x/.build', waiting until that process has finished execution..." >&2; sleep 1; echo built"#

    @Test func aStepThatWaitsForAnotherSwiftPMSaysSoOnce() throws {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("setup-\(UUID().uuidString).log").path
        defer { try? FileManager.default.removeItem(atPath: log) }
        let result = try Self.run("quietly \(log) 'the build' bash -c \(Self.quoted(Self.waiting))")
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.errors == "quickstart: waiting for another SwiftPM, which is using this folder's .build, to finish\n")
        #expect(try String(contentsOfFile: log, encoding: .utf8).hasSuffix("execution...built\n"), "the step's output stays in its log")
    }

    @Test func aStepThatDoesNotWaitIsSilentAndAFailureNamesItsLog() throws {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("setup-\(UUID().uuidString).log").path
        defer { try? FileManager.default.removeItem(atPath: log) }
        let quiet = try Self.run("quietly \(log) 'the build' echo built")
        #expect(quiet.status == 0 && quiet.errors.isEmpty, "\(quiet.errors)")
        let failed = try Self.run("quietly \(log) 'the build' bash -c 'echo broken; exit 3'")
        #expect(failed.status == 1)
        #expect(failed.errors == "built\nbroken\nquickstart: the build failed; the whole log is \(log)\n")
    }

    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
