// The tic-tac-toe port and graphinspect-check are built only with the package's extras (not under
// GRAPHINSPECT_WITHOUT_MACROS=1, the sanitizer runs' setting): these tests with them.
#if canImport(GraphInspectStyleTicTacToe)
import Foundation
import GraphInspect
import GraphInspectStyleTicTacToe
import GraphInspectText
import Testing
import GraphInspectTestSupport

/// `--rules` as a team uses it: `check` on the sources, `dump` and `why` on a run (handed from
/// graphinspect to graphinspect-rules), every findings format, a baseline kept in git, and a
/// mistaken rules file stopping the command before anything runs.
@Suite(.ownThread) struct RulesCommandTests {
    static let root = Golden.packageRoot

    /// A folder with the rules file and a recorded run of needle's tic-tac-toe (ported).
    static func workspace() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rules-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try """
            rules:
              forbidden-lookup:
                - requester: "Game*"
                  provider: "Root*"
                  severity: error
              unused-provider: error

            """.write(to: folder.appendingPathComponent("graphinspect.yml"), atomically: true, encoding: .utf8)
        let recorder = GraphRecorder()
        let app = GraphObservation.withObserver(recorder) { TicTacToeApp.run() }
        let snapshot = withExtendedLifetime(app) { recorder.snapshot() }
        try SnapshotJSONWriter().write(snapshot).write(to: folder.appendingPathComponent("run.json"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("Sources"), withDestinationURL: Self.root.appendingPathComponent("Examples/Styles/TicTacToe"))
        return folder
    }

    /// `check` reads ./graphinspect.yml; `dump --rules` on the run names the same two findings.
    @Test func checkAndDumpReportTheSameTwoFindings() throws {
        let folder = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let check = try Executable.run("graphinspect", ["check", "--no-notes"], directory: folder)
        #expect(check.status == 1, "\(check.stderr)")
        let lines = check.stdout.split(separator: "\n").filter { !$0.hasPrefix(" ") }
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("Sources/Game.swift:") == true && lines.first?.hasSuffix(": error: GameComponent resolves `analytics` from RootComponent, which the rules forbid (requester `Game*`, provider `Root*`)") == true)
        #expect(lines.last == "Sources/Root.swift:13:9: error: RootComponent provides `networkService: NetworkService`, which no lookup in the sources names and no code reads")
        #expect(check.stderr.contains("graphinspect rules: graphinspect.yml: 2 errors, 0 warnings\n"))

        let plain = try Executable.run("graphinspect", ["dump", "--trace", "run.json"], directory: folder)
        let dump = try Executable.run("graphinspect", ["dump", "--trace", "run.json", "--rules", "graphinspect.yml", "--rules-format", "json"], directory: folder)
        #expect(dump.status == 1)
        #expect(dump.stdout == plain.stdout, "standard output is the graph, as without rules")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(dump.stderr.split(separator: "\n").filter { !$0.hasPrefix("graphinspect rules:") }.joined(separator: "\n").utf8)) as? [String: Any])
        let findings = try #require(json["findings"] as? [[String: Any]])
        #expect(findings.map { $0["rule"] as? String } == ["forbidden-lookup", "unused-provider"])
        #expect((findings[0]["file"] as? String)?.hasSuffix("Game.swift") == true)
        #expect(findings[1]["file"] == nil, "a run knows no declaration")
        // A run does not see reads of a provider as a member: its unused provider is a warning.
        #expect(findings.map { $0["severity"] as? String } == ["error", "warning"])
        #expect(dump.stderr.hasSuffix("graphinspect rules: graphinspect.yml: 1 error, 1 warning\n"), "\(dump.stderr)")
    }

    @Test func everyFindingsFormatByExtension() throws {
        let folder = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (file, check) in [
            ("findings.sarif", { (text: String) in text.contains("\"ruleId\" : \"forbidden-lookup\"") && text.contains("\"version\" : \"2.1.0\"") }),
            ("findings.md", { (text: String) in text.hasPrefix("<!-- graphinspect-findings -->\n**graphinspect rules \\(graphinspect\\.yml\\):** 1 error, 1 warning") }),
            ("findings.txt", { (text: String) in text.hasPrefix("GraphInspectStyleTicTacToe/Game.swift:") || text.contains("error: GameComponent resolves") }),
        ] {
            let run = try Executable.run("graphinspect", ["why", "--trace", "run.json", "--rules", "graphinspect.yml", "--rules-output", file], directory: folder)
            #expect(run.status == 1)
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            #expect(check(text), "\(file): \(text)")
        }
        let github = try Executable.run("graphinspect", ["dump", "--trace", "run.json", "--rules", "graphinspect.yml", "--rules-format", "github", "--rules-output", "-", "-o", "graph.txt"], directory: folder)
        #expect(github.stdout.split(separator: "\n").count == 2)
        #expect(github.stdout.contains("::warning title=graphinspect%3A unused-provider::RootComponent provides `networkService: NetworkService`"))
        let markdown = try Executable.run("graphinspect", ["check", "--format", "markdown", "Sources"], directory: folder)
        #expect(markdown.stdout.hasPrefix("<!-- graphinspect-findings -->\n**graphinspect check:** 2 errors, 0 warnings\n"))
    }

    /// Written once, the baseline makes the known findings pass; a new one fails; a listed one
    /// no longer found fails at its line until it is deleted. It is graphinspect-rules-baseline.txt
    /// beside the rules file, the name the build plugin reads, found there without a flag.
    @Test func theBaselineAcceptsKnownAndFailsNewAndGone() throws {
        let folder = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let write = try Executable.run("graphinspect", ["check", "--write-rules-baseline", "--no-notes"], directory: folder)
        #expect(write.status == 0, "\(write.stderr)")
        #expect(write.stderr.contains("graphinspect rules: graphinspect.yml: wrote 2 entries to graphinspect-rules-baseline.txt\n"))
        let baseline = try String(contentsOf: folder.appendingPathComponent("graphinspect-rules-baseline.txt"), encoding: .utf8)
        #expect(baseline.hasSuffix("\nforbidden-lookup: GameComponent resolves `analytics` from RootComponent\nunused-provider: RootComponent.networkService\n"))
        let known = try Executable.run("graphinspect", ["check", "--no-notes"], directory: folder)
        #expect(known.status == 0, "\(known.stdout)")
        #expect(known.stderr.contains("graphinspect rules: graphinspect.yml: 0 errors, 0 warnings, 2 known in graphinspect-rules-baseline.txt (found beside graphinspect.yml)\n"), "\(known.stderr)")
        // The same baseline holds for the run, found beside the rules file `--rules` names.
        let ran = try Executable.run("graphinspect", ["dump", "--trace", "run.json", "--rules", "graphinspect.yml"], directory: folder)
        #expect(ran.status == 0, "\(ran.stderr)")
        #expect(ran.stderr.hasSuffix("graphinspect rules: graphinspect.yml: 0 errors, 0 warnings, 2 known in graphinspect-rules-baseline.txt (found beside graphinspect.yml)\n"), "\(ran.stderr)")
        try (baseline + "shadowing: GameComponent.mutableScoreStream shadows LoggedInComponent.mutableScoreStream\n").write(to: folder.appendingPathComponent("graphinspect-rules-baseline.txt"), atomically: true, encoding: .utf8)
        let gone = try Executable.run("graphinspect", ["check", "--no-notes"], directory: folder)
        #expect(gone.status == 1)
        #expect(gone.stdout.hasPrefix("graphinspect-rules-baseline.txt:7:1: error: `shadowing: GameComponent.mutableScoreStream shadows LoggedInComponent.mutableScoreStream` is in the rules baseline but no longer found\n  fix: delete line 7 of graphinspect-rules-baseline.txt"), "\(gone.stdout)")
    }

    /// `--rules-baseline` overrides the baseline beside the rules file; a rules file in another
    /// folder finds the baseline in its own folder; without a rules file, the baseline flags are a
    /// mistake of the command line.
    @Test func theBaselineBesideTheRulesFileGivesWayToTheFlag() throws {
        let folder = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try Executable.run("graphinspect", ["check", "--write-rules-baseline", "--no-notes"], directory: folder).status == 0)
        try "# none known\n".write(to: folder.appendingPathComponent("other.txt"), atomically: true, encoding: .utf8)
        let named = try Executable.run("graphinspect", ["check", "--rules-baseline", "other.txt", "--no-notes"], directory: folder)
        #expect(named.status == 1)
        #expect(named.stderr.contains("graphinspect rules: graphinspect.yml: 2 errors, 0 warnings, 0 known in other.txt\n"), "\(named.stderr)")

        let config = folder.appendingPathComponent("config")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        for file in ["graphinspect.yml", "graphinspect-rules-baseline.txt"] {
            try FileManager.default.moveItem(at: folder.appendingPathComponent(file), to: config.appendingPathComponent(file))
        }
        let elsewhere = try Executable.run("graphinspect", ["check", "--rules", "config/graphinspect.yml", "--no-notes"], directory: folder)
        #expect(elsewhere.status == 0, "\(elsewhere.stdout)")
        #expect(elsewhere.stderr.contains("2 known in config/graphinspect-rules-baseline.txt (found beside config/graphinspect.yml)\n"), "\(elsewhere.stderr)")

        for (command, flag) in [(["check", "Sources", "--write-rules-baseline"], "--write-rules-baseline"), (["dump", "--trace", "run.json", "--rules-baseline", "other.txt"], "--rules-baseline")] {
            let alone = try Executable.run("graphinspect", command, directory: folder)
            #expect(alone.status == 64, "\(command)")
            #expect(alone.stderr == "Error: \(flag) is about the violations of a rules file, and there is none: give --rules FILE too (check reads ./graphinspect.yml when there is one).\n", "\(alone.stderr)")
        }
    }

    /// `check --cache-path` keeps the rules' findings in the reading it keeps: the same sources and
    /// rules again print the same, writing nothing; a changed rule or baseline reads again.
    @Test func checkKeepsTheRulesFindingsInItsCache() throws {
        let folder = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let reading = folder.appendingPathComponent("cache/graphinspect-check-reading.cache")
        func check() throws -> (run: Executable.Output, kept: String, written: Date?) {
            let run = try Executable.run("graphinspect", ["check", "--no-notes", "--cache-path", "cache"], directory: folder)
            let kept = String(decoding: try Data(contentsOf: reading), as: UTF8.self)
            return (run, kept, try FileManager.default.attributesOfItem(atPath: reading.path)[.modificationDate] as? Date)
        }
        let cold = try check()
        #expect(cold.run.status == 1 && cold.run.stderr.contains("graphinspect rules: graphinspect.yml: 2 errors, 0 warnings\n"), "\(cold.run.stderr)")
        #expect(cold.kept.contains("which the rules forbid") && cold.kept.contains("which no lookup in the sources names"), "the rules' findings are kept with the reading")
        func same(_ a: Executable.Output, _ b: Executable.Output) -> Bool { (a.status, a.stdout, a.stderr) == (b.status, b.stdout, b.stderr) }
        let warm = try check()
        #expect(same(warm.run, cold.run))
        #expect(warm.written == cold.written, "the last reading answers whole: nothing is written")

        try "rules:\n  unused-provider: error\n".write(to: folder.appendingPathComponent("graphinspect.yml"), atomically: true, encoding: .utf8)
        let changed = try check()
        #expect(changed.run.status == 1 && changed.run.stderr.contains("graphinspect rules: graphinspect.yml: 1 error, 0 warnings\n"), "\(changed.run.stderr)")
        #expect(!changed.run.stdout.contains("which the rules forbid") && !changed.kept.contains("which the rules forbid"))
        #expect(try check().written == changed.written)

        try "unused-provider: RootComponent.networkService\n".write(to: folder.appendingPathComponent("graphinspect-rules-baseline.txt"), atomically: true, encoding: .utf8)
        let known = try check()
        #expect(known.run.status == 0, "\(known.run.stdout)")
        #expect(known.run.stderr.contains("graphinspect rules: graphinspect.yml: 0 errors, 0 warnings, 1 known in graphinspect-rules-baseline.txt (found beside graphinspect.yml)\n"), "\(known.run.stderr)")
        let knownAgain = try check()
        #expect(same(knownAgain.run, known.run) && knownAgain.written == known.written)
    }

    /// The build plugin's tool holds the rules too: their errors fail the build at the line,
    /// cold and from its cache; a changed rule is read again; a mistake in the rules file is an
    /// error at the rules file's line, as a compiler prints one, so the build shows it there.
    @Test func theBuildToolHoldsTheRulesAtTheLine() throws {
        let folder = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let sources = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("Sources").path).filter { $0.hasSuffix(".swift") }.sorted().map { "Sources/" + $0 }
        let output = folder.appendingPathComponent("out.swift").path
        let arguments = ["--cache-path", folder.appendingPathComponent("cache").path, "--rules", "graphinspect.yml", output] + sources
        let cold = try Executable.run("graphinspect-build-check", arguments, directory: folder)
        let warm = try Executable.run("graphinspect-build-check", arguments, directory: folder)
        for run in [cold, warm] {
            #expect(run.status == 1)
            #expect(run.stdout.contains("Sources/Game.swift:47:36: error: GameComponent resolves `analytics` from RootComponent, which the rules forbid"), "\(run.stdout)")
            #expect(run.stdout.contains("Sources/Root.swift:13:9: error: RootComponent provides `networkService: NetworkService`, which no lookup in the sources names and no code reads"))
            #expect(run.stdout.hasSuffix(": 2 errors, 0 warnings\n"))
        }
        #expect(cold.stdout == warm.stdout)
        // The rule turned off: the same cache, read again, no error, the output written.
        try "rules:\n  unused-provider: off\n".write(to: folder.appendingPathComponent("graphinspect.yml"), atomically: true, encoding: .utf8)
        let off = try Executable.run("graphinspect-build-check", arguments, directory: folder)
        #expect(off.status == 0, "\(off.stdout)")
        #expect(FileManager.default.fileExists(atPath: output))
        try "rules:\n  shadowing: eror\n".write(to: folder.appendingPathComponent("graphinspect.yml"), atomically: true, encoding: .utf8)
        let mistaken = try Executable.run("graphinspect-build-check", arguments, directory: folder)
        #expect(mistaken.status == 1)
        #expect(mistaken.stdout == "graphinspect.yml:2:14: error: unknown severity `eror` (did you mean `error`?); expected error, warning or off.\n")
        // As the plugin passes them: read when they exist as the check runs, else no rules.
        let plugin = ["--cache-path", folder.appendingPathComponent("cache").path, "--rules-if-present", "graphinspect.yml", "--rules-baseline-if-present", "nowhere.txt", output] + sources
        #expect(try Executable.run("graphinspect-build-check", plugin, directory: folder).stdout == mistaken.stdout)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("graphinspect.yml"))
        let none = try Executable.run("graphinspect-build-check", plugin, directory: folder)
        #expect(none.status == 0, "\(none.stdout)")
        #expect(none.stdout.hasSuffix(": 0 errors, 0 warnings\n"))
    }

    /// A mistake in the rules stops the command with one line and exit 65, before the app runs
    /// or anything is written; a missing file is exit 66.
    @Test func aMistakenRulesFileStopsFirst() throws {
        let folder = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "rules:\n  shadowing: eror\n".write(to: folder.appendingPathComponent("bad.yml"), atomically: true, encoding: .utf8)
        for command in [["dump"], ["why"], ["check", "Sources"]] {
            let run = try Executable.run("graphinspect", command + ["--rules", "bad.yml"], directory: folder)
            #expect(run.status == 65, "\(command)")
            #expect(run.stdout == "")
            #expect(run.stderr == "Error: bad.yml:2:14: unknown severity `eror` (did you mean `error`?); expected error, warning or off.\n")
        }
        let missing = try Executable.run("graphinspect", ["dump", "--rules", "nowhere.yml"], directory: folder)
        #expect(missing.status == 66)
        #expect(missing.stderr == "Error: nowhere.yml: cannot read the rules: no such file. Write one (docs/rules.md), or check the path\n")
        let usage = try Executable.run("graphinspect", ["dump", "--write-rules-baseline"], directory: folder)
        #expect(usage.status == 64)
    }
}
#endif
