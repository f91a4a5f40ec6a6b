import Foundation
import GraphInspect
import Testing
@testable import GraphInspectCLI
import GraphInspectTestSupport

@Suite struct DumpTests {
    @Test func sampleDumpMatchesTheGoldenWhole() throws {
        let dump = try GraphInspectCommand.Dump.parse([]).render()
        try Golden.check(dump, against: "sample-dump.txt")
    }

    @Test func sampleDumpIsTheSameEveryRun() throws {
        let first = try GraphInspectCommand.Dump.parse(["--format", "json"]).render()
        let second = try GraphInspectCommand.Dump.parse(["--format", "json"]).render()
        #expect(first == second)
    }

    @Test func jsonDumpDecodesToTheRecordedSnapshot() throws {
        let json = try GraphInspectCommand.Dump.parse(["--format", "json"]).render()
        let decoded = try JSONDecoder().decode(GraphSnapshot.self, from: Data(json.utf8))
        // The JSON leaves the times out, so it is the same every run.
        #expect(decoded == GraphInspectCommand.Dump.recordSample().withoutTimes)
    }

    @Test func builtBinaryPrintsTheSameDump() throws {
        let result = try Executable.run("graphinspect", ["dump"])
        #expect(result.status == 0)
        #expect(result.stdout == (try GraphInspectCommand.Dump.parse([]).render()))
    }

    @Test func outputOptionWritesTheFileWhole() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("graphinspect-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("tree.txt")
        try GraphInspectCommand.Dump.parse(["--output", file.path]).run()
        #expect(try String(contentsOf: file, encoding: .utf8) == (try GraphInspectCommand.Dump.parse([]).render()))
    }

    @Test func unwritableOutputIsAClearError() throws {
        let result = try Executable.run("graphinspect", ["dump", "--output", "/nonexistent-folder/tree.txt"])
        #expect(result.status == 73)
        #expect(result.stderr == "Error: cannot write /nonexistent-folder/tree.txt: the folder /nonexistent-folder does not exist. Create it, or write somewhere else.\n")
    }

    /// Where it writes is checked before the app runs: a missing folder is said at once, and the
    /// app (which would run for over a second) never starts.
    @Test func anUnwritableOutputIsSaidBeforeTheAppRuns() throws {
        let leaking = Executable.buildFolder.appendingPathComponent("graphinspect-sample-leaking").path
        for flags in [["--output", "/nonexistent-folder/graph.svg"], ["--rules-output", "/nonexistent-folder/rules.txt", "--output", "-"]] {
            let result = try Executable.run("graphinspect", ["dump"] + flags + ["--", leaking])
            #expect(result.status == 73)
            #expect(result.stderr.hasPrefix("Error: cannot write /nonexistent-folder/"), "\(result.stderr)")
            #expect(!result.stderr.contains("leaking sample:"), "the app did not run")
        }
    }

    @Test func helpDescribesEveryOption() throws {
        // Help is wrapped to the terminal width; compare with whitespace runs collapsed.
        func flat(_ text: String) -> String { text.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        let help = flat(GraphInspectCommand.helpMessage(for: GraphInspectCommand.Dump.self))
        #expect(help.contains("--format <format>"))
        #expect(help.contains("How to write it: text, json, dot, svg, png, pdf, mermaid, html, baseline. Default: the --output file's extension, else text."))
        #expect(help.contains("Exit codes: 0 done"))
        #expect(help.contains("Examples: graphinspect dump "))
        #expect(help.contains("--output <file>"))
        for option in ["--layout <layout>", "--depth <n>", "--focus <name>", "--collapse <collapse>", "--hide <hide>", "--dependency <name>", "--no-legend", "--trace <file>", "--quiet"] {
            #expect(help.contains(option), "dump --help lacks \(option)")
        }
        #expect(help.contains("(values: holders, modules)"))
        #expect(help.contains("(values: lookups, cache-hits, released)"))
        #expect(help.contains("USAGE: graphinspect dump ") && help.contains(" -- [<executable> ...]"))
        #expect(help.contains("--sample <name>"))
        let root = flat(GraphInspectCommand.helpMessage())
        #expect(root.contains("dump"))
        #expect(root.contains("render"))
        #expect(root.contains("why"))
        #expect(root.contains("Run an app with recording on and write its dependency tree."))
    }
}
