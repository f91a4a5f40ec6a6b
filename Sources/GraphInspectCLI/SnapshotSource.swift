import Foundation
import GraphInspect
import GraphInspectSample
import GraphInspectTrace

/// Where a command gets its snapshot: the bundled sample run in-process, a trace file, or an app
/// run with tracing on.
enum SnapshotSource {
    case sample
    case trace(path: String)
    case executable(command: [String], quiet: Bool, backtrace: Bool)
    /// A bundled sample that is an app of its own, expected beside this graphinspect.
    case sampleExecutable(sample: String, binary: String)
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
            return try Self.readRecording(path)
        case .sampleExecutable(let sample, let binary):
            let path = SampleCatalog.executableFolder.appendingPathComponent(binary).path
            guard FileManager.default.isExecutableFile(atPath: path) else {
                throw .sampleNotBuilt(sample: sample, binary: binary, folder: SampleCatalog.executableFolder.path)
            }
            return try SnapshotSource.executable(command: [path], quiet: true, backtrace: false).load()
        case .executable(let command, let quiet, let backtrace):
            let (ending, trace) = try AppRun(command: command, quiet: quiet, backtrace: backtrace).run()
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

    /// A recording named on the command line: a trace (by its first line) or the snapshot JSON
    /// that `dump --format json` writes; `-` reads standard input.
    static func readRecording(_ path: String) throws(CLIError) -> Loaded {
        if path == "-" {
            let data = FileHandle.standardInput.readDataToEndOfFile()
            let copy = FileManager.default.temporaryDirectory.appendingPathComponent("graphinspect-stdin-\(UUID().uuidString)").path
            defer { try? FileManager.default.removeItem(atPath: copy) }
            do { try data.write(to: URL(fileURLWithPath: copy)) } catch {
                throw .cannotWrite(path: copy, reason: .system(error.localizedDescription))
            }
            return try readFile(copy, shownAs: "standard input")
        }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue else {
            throw .noSuchInput(path: path, isFolder: isFolder.boolValue)
        }
        return try readFile(path, shownAs: path)
    }

    private static func readFile(_ path: String, shownAs name: String) throws(CLIError) -> Loaded {
        let handle = FileHandle(forReadingAtPath: path)
        let head = handle.map { $0.readData(ofLength: 200) } ?? Data()
        try? handle?.close()
        // A trace says so on its first line; anything else is read as a snapshot, whose decoder
        // names both kinds when it is neither.
        let isTrace = String(decoding: head, as: UTF8.self).contains("\"graphinspect-trace\"")
        if !isTrace, let data = FileManager.default.contents(atPath: path) {
            do {
                return Loaded(snapshot: try SnapshotDecoder().decode(data, name: name), notes: [])
            } catch {
                throw .badSnapshot(error)
            }
        }
        return try read(path)
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
