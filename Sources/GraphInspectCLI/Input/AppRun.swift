import Foundation
import GraphInspect

/// Runs an app executable with `GRAPHINSPECT_TRACE` set to a temporary file and waits for it.
struct AppRun {
    /// How the app ended.
    enum Ending: Equatable {
        case exited(Int32)
        case signalled(Int32)

        /// As a recording keeps it (`GraphSnapshot.ending`).
        var how: RunEnding.How {
            switch self {
            case .exited(let status): .exited(status: status)
            case .signalled(let signal): .signalled(signal)
            }
        }
    }

    let command: [String]
    let quiet: Bool
    /// Let the app print Swift's crash backtrace (off by default: the missing-dependency report
    /// before it is what matters, and the backtrace is fifty lines of registers).
    var backtrace = false

    /// Runs the app; returns how it ended and the path of the trace it wrote.
    func run() throws(CLIError) -> (ending: Ending, trace: String) {
        let executable = try Self.locate(command[0])
        let trace = FileManager.default.temporaryDirectory
            .appendingPathComponent("graphinspect-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString).ndjson").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = Array(command.dropFirst())
        var environment = ProcessInfo.processInfo.environment
        environment[TraceFileWriter.environmentVariable] = trace
        if !backtrace, environment["SWIFT_BACKTRACE"] == nil { environment["SWIFT_BACKTRACE"] = "enable=no" }
        process.environment = environment
        if quiet {
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
        } else {
            // The app's own output never mixes into ours: what graphinspect writes to standard
            // output is the data (`dump --format json -- ./App | jq` works).
            process.standardOutput = FileHandle.standardError
        }
        let filter = !quiet && !backtrace ? BacktraceFilter() : nil
        if let filter { process.standardError = filter.pipe }
        let forwarding = SignalForwarding(signals: [SIGINT, SIGTERM, SIGHUP])
        do {
            try process.run()
        } catch {
            forwarding.stop()
            throw .cannotLaunch(path: executable, reason: error.localizedDescription)
        }
        filter?.start()
        forwarding.start(forwardingTo: process.processIdentifier)
        process.waitUntilExit()
        forwarding.stop()
        filter?.finish()
        let ending: Ending = process.terminationReason == .uncaughtSignal
            ? .signalled(process.terminationStatus) : .exited(process.terminationStatus)
        return (ending, trace)
    }

    /// The path of `name`: as given when it contains a slash, else the first match on `PATH`.
    static func locate(_ name: String) throws(CLIError) -> String {
        let files = FileManager.default
        let candidates: [String]
        if name.contains("/") {
            candidates = [name]
        } else {
            let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
            candidates = path.split(separator: ":").map { "\($0)/\(name)" }
        }
        for candidate in candidates {
            var isFolder: ObjCBool = false
            guard files.fileExists(atPath: candidate, isDirectory: &isFolder) else { continue }
            if isFolder.boolValue || !files.isExecutableFile(atPath: candidate) {
                throw .notExecutable(path: candidate)
            }
            return candidate
        }
        throw .executableNotFound(name: name)
    }
}
