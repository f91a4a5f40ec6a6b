import Foundation
import GraphInspect
import ArgumentParser

/// Where a command's recording comes from: `--trace FILE`, `--sample NAME`, `-- EXECUTABLE`, or the
/// bundled sample.
struct SourceOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Run this bundled sample app: \(SampleCatalog.names.joined(separator: ", ")).", valueName: "name"), completion: .list(SampleCatalog.names))
    var sample: String?

    @Option(help: ArgumentHelp("Read this recording instead of running an app: a trace file, JSON from `dump --format json`, or a baseline from `dump --format baseline`; - reads standard input.", valueName: "file"), completion: .file())
    var trace: String?

    @Flag(help: "Silence the app's own standard output and error (otherwise both go to standard error).")
    var quiet = false

    @Flag(help: "Let a crashing app print Swift's backtrace after its report (hidden by default).")
    var backtrace = false

    @Option(help: ArgumentHelp("How long a module may stay alive after its holder lets it go before it is called a leak (default 1000, or GRAPHINSPECT_LEAK_GRACE).", valueName: "milliseconds"))
    var leakGrace: UInt64?

    @Argument(parsing: .postTerminator, help: ArgumentHelp("The app to run, and its arguments.", valueName: "executable"))
    var command: [String] = []

    /// The leak grace in nanoseconds: `--leak-grace`, else `GRAPHINSPECT_LEAK_GRACE`, else 1 s
    /// (a variable that is not a number of milliseconds is said on standard error).
    var leakGraceNanoseconds: UInt64 {
        if let leakGrace { return leakGrace &* 1_000_000 }
        let (grace, problem) = RetainedAfterDetach.grace(fromEnvironment: ProcessInfo.processInfo.environment["GRAPHINSPECT_LEAK_GRACE"])
        if let problem { Output.say("graphinspect: warning: " + problem) }
        return grace
    }

    func validate() throws {
        if [trace != nil, !command.isEmpty, sample != nil].filter({ $0 }).count > 1 {
            throw ValidationError("Give one of --trace FILE, --sample NAME or -- EXECUTABLE.")
        }
        if let sample, SampleCatalog.entry(named: sample) == nil {
            throw ValidationError("No sample named \(sample); the samples are \(SampleCatalog.names.joined(separator: ", ")).")
        }
        if quiet && command.isEmpty {
            throw ValidationError("--quiet silences an app run after --; there is none.")
        }
        if backtrace && command.isEmpty {
            throw ValidationError("--backtrace shows the crash backtrace of an app run after --; there is none.")
        }
    }

    var source: SnapshotSource {
        if let trace { return .trace(path: trace) }
        if let sample, let entry = SampleCatalog.entry(named: sample) {
            switch entry.run {
            case .inProcess(let record): return .recorded(record)
            case .executable(let name):
                return .sampleExecutable(sample: sample, binary: name)
            }
        }
        if !command.isEmpty { return .executable(command: command, quiet: quiet, backtrace: backtrace) }
        return .sample
    }
}
