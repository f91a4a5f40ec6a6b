import Foundation
import Testing

/// Golden files live in `fixtures/` at the package root. `GRAPHINSPECT_RECORD=1 swift test`
/// rewrites them from the current output (and the test then fails, saying so, so a recording run
/// is never mistaken for a passing one).
package enum Golden {
    package static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    package static func url(_ name: String) -> URL {
        packageRoot.appendingPathComponent("fixtures").appendingPathComponent(name)
    }

    /// Expects `actual` to equal the golden file `name`, whole.
    package static func check(_ actual: String, against name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = url(name)
        if ProcessInfo.processInfo.environment["GRAPHINSPECT_RECORD"] == "1" {
            try Data(actual.utf8).write(to: url, options: .atomic)
            Issue.record("recorded golden \(url.path); run again without GRAPHINSPECT_RECORD", sourceLocation: sourceLocation)
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        #expect(actual == expected, "output differs from golden \(url.path)", sourceLocation: sourceLocation)
    }
}

/// Runs a built executable of this package and captures what it prints.
package enum Executable {
    /// The folder the test binary was built into, where SwiftPM puts the package's executables.
    package static let buildFolder: URL = {
        var url = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        while url.pathComponents.count > 1 {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("graphinspect").path) { return url }
        }
        return Golden.packageRoot.appendingPathComponent(".build/debug")
    }()

    package struct Output {
        package var status: Int32
        package var stdout: String
        package var stderr: String
    }

    package static func run(_ name: String, _ arguments: [String], environment: [String: String] = [:], input: Data? = nil, directory: URL? = nil) throws -> Output {
        let process = Process()
        if let directory { process.currentDirectoryURL = directory }
        // A bare name is one of this package's executables; a path, any program.
        process.executableURL = name.hasPrefix("/") ? URL(fileURLWithPath: name) : buildFolder.appendingPathComponent(name)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env.merge(environment) { $1 }
        process.environment = env
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let stdin = Pipe()
        if input != nil { process.standardInput = stdin }
        try ChildProcesses.launch(process)
        if let input {
            // On a thread, and a child that stops reading early (an error at line 2) is not a
            // failure of the test process: SIGPIPE is ignored and the write's error dropped.
            signal(SIGPIPE, SIG_IGN)
            let writer = stdin.fileHandleForWriting
            Thread {
                try? writer.write(contentsOf: input)
                try? writer.close()
            }.start()
        }
        // Read both pipes to the end before waiting, so a large output cannot block the child.
        let errData = Locked()
        let reader = Thread { errData.set(err.fileHandleForReading.readDataToEndOfFile()) }
        reader.start()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !errData.done { usleep(1_000) }
        return Output(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData.data, as: UTF8.self)
        )
    }

    private final class Locked: @unchecked Sendable {
        private let lock = NSLock()
        private var value: Data?
        func set(_ data: Data) { lock.withLock { value = data } }
        var done: Bool { lock.withLock { value != nil } }
        var data: Data { lock.withLock { value ?? Data() } }
    }
}

extension Executable {
    /// Starts the bundled sample recording to `trace` for ever (`--forever`) and returns once the
    /// trace holds at least `lines` complete lines (or after 20 seconds). The caller kills it.
    /// (Lines, not the file's size: a mapped trace file is longer than what has been written.)
    package static func startRecordingForever(to trace: String, until lines: Int) throws -> Process {
        let process = Process()
        process.executableURL = buildFolder.appendingPathComponent("graphinspect-sample")
        process.arguments = ["--forever"]
        process.environment = ProcessInfo.processInfo.environment.merging(["GRAPHINSPECT_TRACE": trace]) { $1 }
        process.standardOutput = FileHandle.nullDevice
        try ChildProcesses.launch(process)
        let deadline = Date().addingTimeInterval(20)
        func written() -> Int {
            (try? Data(contentsOf: URL(fileURLWithPath: trace)))?.reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 } ?? 0
        }
        while Date() < deadline, written() < lines {
            usleep(10_000)
        }
        return process
    }
}
