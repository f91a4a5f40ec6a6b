import Foundation
import GraphInspect
import GraphInspectSample
import GraphInspectTrace

/// Where a command gets its snapshot: the bundled sample run in-process, a trace file, or an app
/// run with tracing on.
enum SnapshotSource {
    case sample
    case trace(path: String)
    case executable(command: [String], quiet: Bool)
    /// A sample run in this process.
    case recorded(@Sendable () -> GraphSnapshot)

    /// What loading found besides the snapshot, for standard error.
    struct Loaded {
        var snapshot: GraphSnapshot
        /// One line each: how the app ended if it failed, warnings from reading the trace.
        var notes: [String]

        /// Writes the notes to standard error.
        func printNotes() {
            for note in notes { FileHandle.standardError.write(Data((note + "\n").utf8)) }
        }
    }

    func load() throws(CLIError) -> Loaded {
        switch self {
        case .sample:
            return Loaded(snapshot: Self.recordSample(), notes: [])
        case .recorded(let record):
            return Loaded(snapshot: record(), notes: [])
        case .trace(let path):
            return try Self.read(path)
        case .executable(let command, let quiet):
            let (ending, trace) = try AppRun(command: command, quiet: quiet).run()
            defer { try? FileManager.default.removeItem(atPath: trace) }
            guard FileManager.default.fileExists(atPath: trace) else {
                throw .nothingRecorded(command: command[0], ending: ending)
            }
            var loaded = try Self.read(trace)
            if ending != .exited(0) {
                loaded.notes.insert(CLIError.endingNote(command: command[0], ending: ending), at: 0)
            }
            return loaded
        }
    }

    private static func read(_ path: String) throws(CLIError) -> Loaded {
        do {
            let result = try TraceReader().read(path: path)
            return Loaded(snapshot: result.snapshot, notes: result.warnings.map { "graphinspect: \($0)" })
        } catch {
            throw .badTrace(error)
        }
    }

    /// Runs the bundled sample with a recorder in force and returns what it recorded, taken
    /// while the app is still alive.
    static func recordSample() -> GraphSnapshot {
        SampleCatalog.record { SampleApp.run() }
    }
}
