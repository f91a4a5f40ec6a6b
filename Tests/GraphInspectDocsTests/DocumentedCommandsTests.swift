import Foundation
import Testing
import GraphInspectTestSupport

/// Every command README.md and docs/*.md show with a `$ ` prompt is run, and what the page shows
/// under it must be what it prints (standard error and output together, as a terminal shows
/// them). A `...` line stands for any lines; everything else is compared line for line, in order.
/// So the pages cannot drift from the program. A page shows an exit status as a person sees it,
/// `$ graphinspect ...; echo "exit $?"`, and the status is compared too.
@Suite(.ownThread(.first)) struct DocumentedCommandsTests {
    struct Shown: CustomStringConvertible {
        var file: String
        var command: String
        var expected: [String]
        var description: String { "\(file): $ \(command)" }
    }

    /// Commands of this package the pages show; others (`bash scripts/quickstart`) are generated
    /// blocks, checked by DocsBlockTests.
    static func isOurs(_ command: String) -> Bool {
        command.hasPrefix("graphinspect ") || command.hasPrefix("swift run graphinspect")
    }

    static func shownCommands() throws -> [Shown] {
        let root = Golden.packageRoot
        let docs = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        var shown: [Shown] = []
        for file in ["README.md"] + docs {
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            var inBlock = false
            var current: Shown?
            for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
                if line.hasPrefix("```") {
                    if let done = current { shown.append(done) }
                    current = nil
                    inBlock.toggle()
                    continue
                }
                guard inBlock else { continue }
                if line.hasPrefix("$ ") {
                    if let done = current { shown.append(done) }
                    let command = String(line.dropFirst(2))
                    current = isOurs(command) ? Shown(file: file, command: command, expected: []) : nil
                } else {
                    current?.expected.append(line)
                }
            }
        }
        return shown
    }

    /// Runs `command` in a scratch folder where `.build/debug` is this build's folder (and
    /// `Sources` and `Examples` this package's), its standard error and output in one pipe (as
    /// `2>&1` would, for every command of a line like `graphinspect ...; echo "exit $?"`).
    static func run(_ command: String, in folder: URL) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        let words = command.hasPrefix("swift run ") ? String(command.dropFirst("swift run ".count)) : command
        process.arguments = ["-c", words]
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = Executable.buildFolder.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        process.environment = environment
        process.currentDirectoryURL = folder
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try ChildProcesses.launch(process)
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// Whether `expected` (with `...` lines standing for any lines) matches `actual` in order.
    static func matches(_ expected: [String], _ actual: [String]) -> Bool {
        var segments: [[String]] = [[]]
        for line in expected {
            if line.trimmingCharacters(in: .whitespaces) == "..." { segments.append([]) } else { segments[segments.count - 1].append(line) }
        }
        let open = expected.first?.trimmingCharacters(in: .whitespaces) == "..."
        var position = 0
        for (index, segment) in segments.enumerated() where !segment.isEmpty {
            let anchored = index == 0 && !open
            var found: Int?
            var start = position
            while start + segment.count <= actual.count {
                if Array(actual[start..<(start + segment.count)]) == segment { found = start; break }
                if anchored { break }
                start += 1
            }
            guard let at = found else { return false }
            position = at + segment.count
        }
        return true
    }

    @Test func pagesShowCommandsToRun() throws {
        let shown = try Self.shownCommands()
        #expect(shown.count >= 10, "found \(shown.count): \(shown)")
    }

    @Test func everyShownCommandPrintsWhatThePageShows() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("documented-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent(".build"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent(".build/debug"), withDestinationURL: Executable.buildFolder)
        // `graphinspect check` reads the package's sources by their relative paths, as a user in
        // the package folder would (the check fixtures among them).
        for sources in ["Sources", "Examples", "Tests"] {
            try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent(sources), withDestinationURL: Golden.packageRoot.appendingPathComponent(sources))
        }
        defer { try? FileManager.default.removeItem(at: folder) }
        for shown in try Self.shownCommands() {
            let actual = try Self.run(shown.command, in: folder)
            let expected = shown.expected.reversed().drop { $0.isEmpty }.reversed().map { $0 }
            #expect(Self.matches(Array(expected), actual), "\(shown) shows:\n\(expected.joined(separator: "\n"))\nbut prints:\n\(actual.prefix(40).joined(separator: "\n"))")
        }
    }
}
