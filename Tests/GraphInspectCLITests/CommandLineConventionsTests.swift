import Foundation
import GraphInspectGraphviz
import Testing
@testable import GraphInspectCLI
import GraphInspectTestSupport

/// A newcomer's first hour: the CLI behaves like the Unix and Swift tools they know.
/// Each error is pinned by its message and exit code (the table is in docs/cli.md and --help).
@Suite(.ownThread) struct CommandLineConventionsTests {
    static func binary(_ name: String) -> String { Executable.buildFolder.appendingPathComponent(name).path }
    static func temporary(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("newcomer-\(UUID().uuidString)-\(name)").path
    }

    /// The README's example installs its own recorder; the trace graphinspect asked for is written too.
    @Test func anAppWithItsOwnObserverIsStillRecorded() throws {
        let result = try Executable.run("graphinspect", ["dump", "--quiet", "--", Self.binary("readme-example")])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("    FeedComponent #2\n      resolves analytics: Analytics <- AppComponent #1 (1 hop), 1 lookup\n"), "\(result.stdout)")
    }

    @Test func theCrashBacktraceIsHiddenUnlessAskedFor() throws {
        let hidden = try Executable.run("graphinspect", ["dump", "--", Self.binary("graphinspect-sample-dying")])
        #expect(hidden.status == 0)
        #expect(hidden.stderr.contains("error: missing dependency `paymentService: PaymentService`"))
        #expect(hidden.stderr.contains("graphinspect: the app's crash backtrace is hidden (--backtrace shows it)\n"))
        #expect(!hidden.stderr.contains("Current stack trace"))
        #expect(!hidden.stderr.contains("libswiftCore.so"))
        let shown = try Executable.run("graphinspect", ["dump", "--backtrace", "--", Self.binary("graphinspect-sample-dying")])
        #expect(shown.stderr.contains("libswiftCore.so"))
        #expect(shown.stdout == hidden.stdout)
    }

    @Test func standardOutputIsTheDataAlone() throws {
        let piped = try Executable.run("graphinspect", ["dump", "--format", "json", "--", Self.binary("graphinspect-sample")])
        #expect(piped.status == 0)
        #expect(piped.stderr == "sample app: session finished\n")
        let object = try JSONSerialization.jsonObject(with: Data(piped.stdout.utf8)) as? [String: Any]
        #expect(object?["events"] != nil)
        let dash = try Executable.run("graphinspect", ["dump", "--format", "json", "-o", "-"])
        #expect(dash.stdout == (try Executable.run("graphinspect", ["dump", "--format", "json"])).stdout)
        #expect(!FileManager.default.fileExists(atPath: "-"))
        let fromStandardInput = try Executable.run("graphinspect", ["dump", "--trace", "-"], input: Data(dash.stdout.utf8))
        #expect(fromStandardInput.status == 0, "\(fromStandardInput.stderr)")
        #expect(fromStandardInput.stdout == (try Executable.run("graphinspect", ["dump"])).stdout)
    }

    @Test func theOutputFileNamesTheFormat() throws {
        let svg = Self.temporary("tree.svg"), png = Self.temporary("tree.png"), json = Self.temporary("tree.json")
        defer { for path in [svg, png, json] { try? FileManager.default.removeItem(atPath: path) } }
        #expect(try Executable.run("graphinspect", ["dump", "-o", svg]).status == 0)
        #expect(try String(contentsOfFile: svg, encoding: .utf8).hasPrefix("<?xml"))
        #expect(try Executable.run("graphinspect", ["dump", "--format", "json", "-o", json]).status == 0)
        #expect(try Executable.run("graphinspect", ["render", "--trace", json, "-o", png]).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: png)).prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
        // diff too: its picture, from the extension.
        let other = Self.temporary("other.json"), changes = Self.temporary("changes.svg")
        defer { for path in [other, changes] { try? FileManager.default.removeItem(atPath: path) } }
        #expect(try Executable.run("graphinspect", ["dump", "--format", "json", "--sample", "modules-changed", "-o", other]).status == 0)
        #expect(try Executable.run("graphinspect", ["diff", json, other, "-o", changes]).status == 1)
        #expect(try String(contentsOfFile: changes, encoding: .utf8).hasPrefix("<?xml"))
        let contradiction = try Executable.run("graphinspect", ["dump", "--format", "dot", "-o", svg])
        #expect(contradiction.status == 64)
        #expect(contradiction.stderr.hasPrefix("Error: --format dot contradicts \(svg), which names a svg file. Drop --format (the extension decides), or rename the file.\n"))
    }

    /// A graphinspect copied away from .build runs the samples it carries with it, and says what to
    /// do for one it does not.
    @Test func aCopiedGraphinspectFindsItsSamplesBesideItOrSaysWhatToDo() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("installed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("graphinspect").path
        try FileManager.default.copyItem(atPath: Self.binary("graphinspect"), toPath: copy)
        let alone = try Executable.run(copy, ["dump", "--sample", "modules-dying"])
        #expect(alone.status == 69)
        #expect(alone.stderr == "Error: --sample modules-dying runs graphinspect-sample-dying, which is not in \(folder.path) beside this graphinspect. Build it (swift build --product graphinspect-sample-dying), or install both with bash scripts/install.\n")
        try FileManager.default.copyItem(atPath: Self.binary("graphinspect-sample-dying"), toPath: folder.appendingPathComponent("graphinspect-sample-dying").path)
        let installed = try Executable.run(copy, ["dump", "--sample", "modules-dying"])
        #expect(installed.status == 0, "\(installed.stderr)")
        #expect(installed.stdout.contains("resolves paymentService: PaymentService <- MISSING, 1 lookup"))
        // --rules is read by graphinspect-rules (it links Yams): without it, what to build.
        try "rules:\n  shadowing: warning\n".write(to: folder.appendingPathComponent("graphinspect.yml"), atomically: true, encoding: .utf8)
        let noRules = try Executable.run(copy, ["dump", "--rules", "graphinspect.yml"], directory: folder)
        #expect(noRules.status == 69)
        #expect(noRules.stderr == "Error: --rules reads YAML with Yams, so it is a tool of its own (graphinspect builds without it), and graphinspect-rules is not in \(folder.path) beside this graphinspect. In graphinspect's checkout, swift build builds it with every other tool (or alone: swift build --product graphinspect-rules); bash scripts/install installs them all.\n")
        try FileManager.default.copyItem(atPath: Self.binary("graphinspect-rules"), toPath: folder.appendingPathComponent("graphinspect-rules").path)
        let withRules = try Executable.run(copy, ["dump", "--rules", "graphinspect.yml"], directory: folder)
        #expect(withRules.status == 0, "\(withRules.stderr)")
        #expect(withRules.stderr.hasSuffix("graphinspect rules: graphinspect.yml: 0 errors, 2 warnings\n"), "\(withRules.stderr)")
    }

    /// PNG and PDF bytes are not sent to a terminal (`script` gives the command one).
    @Test func binaryPicturesRefuseATerminal() throws {
        let graphinspect = Executable.buildFolder.appendingPathComponent("graphinspect").path
        let result = try Executable.run("/usr/bin/script", ["-qec", "\(graphinspect) dump --format png", "/dev/null"])
        #expect(result.stdout.contains("Error: not writing PNG to a terminal. Add -o graph.png, or pipe it: graphinspect ... --format png > graph.png."), "\(result.stdout)")
        #expect(!result.stdout.contains("PNG\r\n"), "no PNG bytes on the terminal")
    }

    /// `dump --format json` writes a snapshot; `dump --trace` and `render --trace` read it back.
    @Test func snapshotJSONIsARecordingEverywhere() throws {
        let json = Self.temporary("snapshot.json")
        defer { try? FileManager.default.removeItem(atPath: json) }
        #expect(try Executable.run("graphinspect", ["dump", "--format", "json", "-o", json]).status == 0)
        let dumped = try Executable.run("graphinspect", ["dump", "--trace", json])
        #expect(dumped.status == 0, "\(dumped.stderr)")
        #expect(dumped.stdout == (try Executable.run("graphinspect", ["dump"])).stdout)
        let rendered = try Executable.run("graphinspect", ["render", "--trace", json, "--format", "dot"])
        #expect(rendered.status == 0, "\(rendered.stderr)")
        #expect(rendered.stdout.hasPrefix("digraph"))
    }

    /// Each one-line error with its exit code, as a user meets them.
    @Test(arguments: [
        (["dump", "--format", "svg", "--dependency", "nope"], 64, "Error: --dependency nope matches no dependency looked up or provided. Known: analytics, "),
        (["replay", "--diagram", "basic-flow", "--step", "999"], 64, "Error: --step 999: the run has 42 steps; give 1 to 42.\n"),
        (["replay", "--diagram", "basic-flow", "--step", "-1"], 64, "Error: --step -1: steps count from 1.\n"),
        (["replay", "--diagram", "basic-flow", "--sample", "school"], 64, "Error: nothing to replay: the run built no module through a holder"),
        (["replay", "--diagram", "basic-flow", "--frames", "/nonexistent/x"], 73, "Error: cannot write /nonexistent/x: the folder /nonexistent does not exist. Create it, or write somewhere else.\n"),
        (["dump", "-o", "/tmp"], 73, "Error: cannot write /tmp: it is a folder. Name a file in it, e.g. /tmp/graph.svg.\n"),
        (["dump", "--trace", "/nonexistent.ndjson"], 66, "Error: cannot read /nonexistent.ndjson: no such file."),
        (["dump", "--trace", "/tmp"], 66, "Error: cannot read /tmp: it is a folder."),
        (["diff", "/tmp", "/tmp"], 2, "Error: cannot read /tmp: it is a folder."),
        (["dump", "--depth", "-1"], 64, "Error: --depth -1: give 0 (the roots only) or more.\n"),
        (["dump", "--format", "json", "./App", "arg"], 64, "Error: Unexpected argument './App': to run an app, put -- before it: graphinspect dump --format json -- ./App arg\n"),
        (["dump", "--format", "dot", "--focus", "Nope"], 64, "Error: --focus Nope matches no component, module or holder (by type or key). Known: "),
    ] as [([String], Int32, String)])
    func errorsAreOneClearLineWithTheirExitCode(_ arguments: [String], _ status: Int32, _ message: String) throws {
        let result = try Executable.run("graphinspect", arguments)
        #expect(result.status == status, "\(arguments): \(result.stderr)")
        #expect(result.stderr.hasPrefix(message), "\(arguments): \(result.stderr)")
        #expect(!result.stderr.contains("...."), "no four dots")
        #expect(!result.stderr.contains("NSCocoaErrorDomain"))
    }

    @Test func aLongListOfKnownNamesSaysHowManyMore() throws {
        let result = try Executable.run("graphinspect", ["dump", "--format", "dot", "--focus", "Nope"])
        #expect(result.stderr.hasSuffix(" more.\n"), "\(result.stderr)")
    }

    /// Ctrl-C or SIGTERM while the app runs: the app is stopped, not orphaned, and what it recorded
    /// until then is still shown. (One signal after the other: the check for a left-over app must
    /// not see the other run's.)
    @Test func aSignalReachesTheAppAndTheTreeIsStillShown() throws {
        for signal in [SIGINT, SIGTERM] { try interrupt(with: signal) }
    }

    func interrupt(with signal: Int32) throws {
        let process = Process()
        process.executableURL = Executable.buildFolder.appendingPathComponent("graphinspect")
        process.arguments = ["dump", "--", Self.binary("graphinspect-sample"), "--wait"]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try ChildProcesses.launch(process)
        // The app says it waits (on graphinspect's standard error) once its session is recorded.
        var said = Data()
        while !String(decoding: said, as: UTF8.self).contains("waiting to be interrupted") {
            let chunk = err.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            said.append(chunk)
        }
        kill(process.processIdentifier, signal)
        let output = out.fileHandleForReading.readDataToEndOfFile()
        said.append(err.fileHandleForReading.readDataToEndOfFile())
        process.waitUntilExit()
        let stderr = String(decoding: said, as: UTF8.self)
        #expect(process.terminationStatus == 0, "\(stderr)")
        #expect(stderr.contains("was killed by signal \(signal)"), "\(stderr)")
        #expect(String(decoding: output, as: UTF8.self).contains("RootHolder \"root\""))
        // No app is left behind.
        let left = try Executable.run("/usr/bin/pgrep", ["-f", "graphinspect-sample --wait"])
        #expect(left.stdout.isEmpty, "still running: \(left.stdout)")
    }
}

/// Graphviz's own warnings reach the user in graphinspect's words, with what to do.
@Suite struct GraphvizWarningTests {
    @Test func aBitmapTooLargeIsSaidWithWhatToDo() throws {
        // One node 600 inches wide: more than the 32,767 px Graphviz allows a bitmap.
        let rendered = try GraphvizRenderer.renderReporting(dot: "digraph { a [shape=box, width=600, fixedsize=true] }", format: .png)
        let warning = try #require(rendered.warnings.first { $0.contains("too large for cairo-renderer bitmaps") }, "\(rendered.warnings)")
        #expect(Picture.say(warning, format: .png).hasPrefix("graphinspect: the picture is too large for a PNG bitmap (at most 32,767 px a side): Graphviz shrank it to 0."))
        #expect(Picture.say(warning, format: .png).hasSuffix("Draw it as SVG (-o graph.svg, any size), or draw less (--depth, --focus, --collapse)."))
        #expect(Picture.say("something else", format: .svg) == "graphinspect: Graphviz: something else")
        // A render without warnings reports none, and warnings do not leak into the next render.
        #expect(try GraphvizRenderer.renderReporting(dot: "digraph { a -> b }", format: .png).warnings.isEmpty)
    }
}
