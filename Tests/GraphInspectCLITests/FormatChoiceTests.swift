import Foundation
import Testing
@testable import GraphInspectCLI
import GraphInspectTestSupport

/// Every command that writes decides its format in one place (`WriteOptions`): `--format`, else
/// the output's extension, else the command's default; a contradiction is a usage error (64).
@Suite struct FormatChoiceTests {
    typealias Replay = GraphInspectCommand.ReplayCommand

    @Test func theFlagThenTheExtensionThenTheDefaultDecideForEveryCommand() throws {
        #expect(try GraphInspectCommand.Dump.parse([]).written.resolved() == .text)
        #expect(try GraphInspectCommand.Dump.parse(["-o", "tree.svg"]).written.resolved() == .svg)
        #expect(try GraphInspectCommand.Render.parse(["--trace", "t.json"]).written.resolved() == .svg)
        #expect(try GraphInspectCommand.Render.parse(["--trace", "t.json", "-o", "tree.MMD"]).written.resolved() == .mermaid)
        #expect(try GraphInspectCommand.Diff.parse(["a", "b"]).written.resolved() == .text)
        #expect(try GraphInspectCommand.Diff.parse(["a", "b", "-o", "changes.gv"]).written.resolved() == .dot)
        #expect(try Replay.parse(["--diagram", "basic-flow"]).written.resolved() == .text)
        #expect(try Replay.parse(["--diagram", "basic-flow", "-o", "flow.html"]).written.resolved() == .html)
        #expect(try Replay.parse(["--diagram", "basic-flow", "-o", "flow.htm"]).written.resolved() == .html)
        #expect(try Replay.parse(["--diagram", "basic-flow", "--format", "svg", "-o", "flow.out"]).written.resolved() == .svg)
        #expect(try Replay.parse(["--diagram", "basic-flow", "-o", "-"]).written.resolved() == .text)
        #expect(try GraphInspectCommand.Check.parse([]).graphFormat() == nil)
        #expect(try GraphInspectCommand.Check.parse(["-o", "static.json"]).graphFormat() == .json)
        #expect(try GraphInspectCommand.Check.parse(["-o", "static.out"]).graphFormat() == .text)
    }

    @Test func aFlagThatContradictsTheExtensionIsAUsageError() throws {
        for arguments in [["replay", "--diagram", "basic-flow", "--format", "svg", "-o", "flow.html"],
                          ["diff", "a", "b", "--format", "svg", "-o", "changes.dot"],
                          ["dump", "--format", "dot", "-o", "tree.svg"]] {
            #expect(throws: (any Error).self, "\(arguments)") { try GraphInspectCommand.parseAsRoot(arguments) }
        }
        #expect(throws: CLIError.formatContradicts(format: "svg", path: "flow.html", implied: "html")) {
            try WriteOptions<Replay>.resolve(.svg, output: "flow.html")
        }
    }

    @Test func anExtensionNamingAFormatTheCommandDoesNotWriteIsAUsageError() throws {
        #expect(throws: CLIError.formatNotWritten(path: "flow.json", implied: "json", writable: ["text", "dot", "svg", "png", "pdf", "html"])) {
            try WriteOptions<Replay>.resolve(nil, output: "flow.json")
        }
        #expect(throws: CLIError.formatNotWritten(path: "changes.png", implied: "png", writable: ["text", "dot", "svg", "markdown"])) {
            try WriteOptions<GraphInspectCommand.Diff>.resolve(nil, output: "changes.png")
        }
        #expect(throws: CLIError.formatNotWritten(path: "graph.md", implied: "markdown", writable: OutputFormat.allCases.map(\.rawValue))) {
            try WriteOptions<GraphInspectCommand.Dump>.resolve(nil, output: "graph.md")
        }
        #expect(try WriteOptions<GraphInspectCommand.Diff>.resolve(nil, output: "comment.md") == .markdown)
    }

    /// A regression: `replay -o flow.html` once wrote the text replay into flow.html.
    @Test func replayToAnHTMLFileWritesThePlayer() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("format-choice-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let html = folder.appendingPathComponent("flow.html").path
        let written = try Executable.run("graphinspect", ["replay", "--diagram", "dependency-flow", "-o", html])
        #expect(written.status == 0, "\(written.stderr)")
        let page = try String(contentsOfFile: html, encoding: .utf8)
        #expect(page.hasPrefix("<!doctype html>"))
        #expect(page.contains("<svg"))
        let json = folder.appendingPathComponent("flow.json").path
        let refused = try Executable.run("graphinspect", ["replay", "--diagram", "dependency-flow", "-o", json])
        #expect(refused.status == 64)
        #expect(refused.stderr.hasPrefix("Error: \(json) names a json file, which this command does not write (it writes text, dot, svg, png, pdf, html). Give the file one of those extensions, or write to standard output.\n"))
        #expect(!FileManager.default.fileExists(atPath: json))
    }
}
