import Foundation
import GraphInspect
import GraphInspectReview
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

    /// Whether loading runs an app (which a second load would run again).
    var runsAnApp: Bool {
        switch self {
        case .executable, .sampleExecutable: true
        case .sample, .trace, .recorded: false
        }
    }

    /// What loading found besides the snapshot, for standard error.
    struct Loaded {
        var snapshot: GraphSnapshot
        /// One line each: how the app ended if it failed, warnings from reading the trace.
        var notes: [String]

        /// Writes the notes to standard error.
        func printNotes() {
            for note in notes { Output.say(note) }
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
            // The trace knows what the app wrote before it ended; how it ended, its parent knows.
            loaded.snapshot.ending = (loaded.snapshot.ending ?? RunEnding(how: .unfinished)).seen(as: ending.how)
            if ending != .exited(0) {
                loaded.notes.insert(CLIError.endingNote(command: command[0], ending: ending), at: 0)
            }
            return loaded
        }
    }

    /// A recording named on the command line: a trace or a baseline (by its first line) or the
    /// snapshot JSON that `dump --format json` writes; `-` reads standard input. Streams are read as they come
    /// (a trace line by line, never more than `TraceReader.maxLineBytes` of a line), so an endless
    /// or binary input (`/dev/zero`) stops with an error instead of filling memory.
    static func readRecording(_ path: String) throws(CLIError) -> Loaded {
        if path == "-" {
            guard let input = fdopen(dup(STDIN_FILENO), "r") else {
                throw .badTrace(TraceError(path: "standard input", line: 0, problem: .unreadable(String(cString: strerror(errno)))))
            }
            defer { fclose(input) }
            return try readStream(input, shownAs: "standard input")
        }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue else {
            throw .noSuchInput(path: path, isFolder: isFolder.boolValue)
        }
        guard let file = fopen(path, "r") else {
            throw .badTrace(TraceError(path: path, line: 0, problem: .unreadable(String(cString: strerror(errno)))))
        }
        defer { fclose(file) }
        return try readStream(file, shownAs: path)
    }

    /// Snapshot JSON longer than this (2 GiB) is refused: it is read whole to be decoded.
    static let maxSnapshotBytes = 2 << 30

    private static func readStream(_ file: UnsafeMutablePointer<FILE>, shownAs name: String) throws(CLIError) -> Loaded {
        var head = [UInt8](repeating: 0, count: 200)
        head.removeLast(200 - head.withUnsafeMutableBytes { fread($0.baseAddress, 1, 200, file) })
        // A trace says so on its first line; anything else is read as a snapshot, whose decoder
        // names both kinds when it is neither. A snapshot is a JSON object without NUL bytes:
        // other input is decoded no further than its head, which is enough for the error.
        if String(decoding: head, as: UTF8.self).contains("\"graphinspect-trace\"") {
            do {
                let result = try TraceReader().read(file: file, name: name, prefix: head)
                return Loaded(snapshot: result.snapshot, notes: result.warnings.map { "graphinspect: \($0)" })
            } catch {
                throw .badTrace(error)
            }
        }
        var data = Data(head)
        if BaselineReader.opensBaseline(head) {
            try readAll(file, into: &data, limit: BaselineReader.maxBytes, name: name, what: "a baseline")
            do {
                return Loaded(snapshot: try BaselineReader().read(String(decoding: data, as: UTF8.self), path: name), notes: [])
            } catch {
                throw .badBaseline(error)
            }
        }
        let opensAnObject = head.first { ![0x20, 0x0A, 0x0D, 0x09].contains($0) } == UInt8(ascii: "{")
        if opensAnObject, !head.contains(0) {
            try readAll(file, into: &data, limit: maxSnapshotBytes, name: name, what: "a snapshot")
        }
        do {
            return Loaded(snapshot: try SnapshotDecoder().decode(data, name: name), notes: [])
        } catch {
            throw .badSnapshot(error)
        }
    }

    /// The rest of `file` appended to `data`, refused past `limit` bytes: such input is read
    /// whole, so its size is bounded.
    private static func readAll(_ file: UnsafeMutablePointer<FILE>, into data: inout Data, limit: Int, name: String, what: String) throws(CLIError) {
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            if count == 0 { break }
            data.append(contentsOf: chunk[..<count])
            if data.count > limit { throw .tooLargeToRead(path: name, what: what, limit: limit) }
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
