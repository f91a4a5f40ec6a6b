import Foundation
import Testing
import GraphInspectTestSupport

/// `graphinspect check` as a user runs it: handed over to graphinspect-check, compiler-style
/// findings on standard output, exit 1 on errors, the static graph in every format, `--against`.
@Suite(.ownThread) struct CheckTests {
    static let root = Golden.packageRoot

    @Test func findsTheDyingSamplesDefectBeforeItRuns() throws {
        let result = try Executable.run("graphinspect", ["check", "Sources/GraphInspectSample"], directory: Self.root)
        #expect(result.status == 1, "\(result.stderr)")
        try Golden.check(result.stdout, against: "check-sample.txt")
        #expect(result.stdout.hasPrefix("Sources/GraphInspectSample/CheckoutModule.swift:19:30: error: missing dependency `paymentService: PaymentService`\n"))
        #expect(result.stderr == "graphinspect check: 17 files, 12 component types, 12 components in trees, 3 holders, 6 modules, 17 of 17 lookups checked, 3 of 3 module lookups checked: 1 error, 0 warnings, 0 notes\n")
    }

    @Test func theArticlesExampleChecksClean() throws {
        let result = try Executable.run("graphinspect", ["check", "Examples/SeedArticle"], directory: Self.root)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "")
        #expect(result.stderr.hasSuffix(": 0 errors, 0 warnings, 0 notes\n"))
    }

    /// Every process writes the same bytes: hashing is seeded afresh in each, so an order drawn
    /// from a set shows here. W11 asks `svc0` twice at one place, typed and untyped (a closure's
    /// read): before the lookups were ordered totally, about half the runs swapped the two.
    @Test func theSameSourcesGiveTheSameBytesInEveryProcess() throws {
        let runs = try (0..<8).map { _ in
            try Executable.run("graphinspect", ["check", "--format", "json", "Examples/WiringCorpus/Apps/W11.swift"], directory: Self.root)
        }
        #expect(runs[0].stdout.contains("\"name\" : \"svc0\""), "\(runs[0].stderr)")
        #expect(Set(runs.map(\.stdout)).count == 1)
    }

    /// The tool answers the same whether run as `graphinspect check` or on its own.
    @Test func graphinspectHandsOverToTheTool() throws {
        let handed = try Executable.run("graphinspect", ["check", "--no-notes", "Examples/SeedArticle", "Sources/GraphInspectSample"], directory: Self.root)
        let direct = try Executable.run("graphinspect-check", ["--no-notes", "Examples/SeedArticle", "Sources/GraphInspectSample"], directory: Self.root)
        #expect(handed.status == direct.status)
        #expect(handed.stdout == direct.stdout)
        #expect(handed.stderr == direct.stderr)
    }

    /// The build-tool plugin's tool: the same errors as `check` (notes left out of a build's
    /// output), exit 1 and no output file on an error, which fails the build and checks again next
    /// time; the output written when there is none.
    @Test func theBuildPluginsToolFailsAtTheLineAndWritesItsOutputWhenClean() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("build-check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("GraphInspectBuildCheck.swift").path
        let sample = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("Sources/GraphInspectSample").path)
            .filter { $0.hasSuffix(".swift") }.sorted().map { "Sources/GraphInspectSample/" + $0 }
        let failing = try Executable.run("graphinspect-build-check", [output] + sample, directory: Self.root)
        #expect(failing.status == 1)
        #expect(failing.stdout.hasPrefix("Sources/GraphInspectSample/CheckoutModule.swift:19:30: error: missing dependency `paymentService: PaymentService`\n"))
        #expect(failing.stdout.hasSuffix(": 1 error, 0 warnings\n"))
        #expect(!FileManager.default.fileExists(atPath: output))
        let checked = try Executable.run("graphinspect-check", ["--no-notes"] + sample, directory: Self.root)
        #expect(failing.stdout.hasPrefix(checked.stdout), "the same findings as check")

        let clean = try Executable.run("graphinspect-build-check", [output, "Examples/SeedArticle/main.swift"], directory: Self.root)
        #expect(clean.status == 0, "\(clean.stdout)")
        #expect(FileManager.default.fileExists(atPath: output))
        #expect(try Executable.run("graphinspect-build-check", []).status == 64)

        // With the plugin's cache: the same lines, cold and warm; a cache that cannot be written
        // is one warning line before them.
        let cache = folder.appendingPathComponent("cache").path
        for run in ["cold", "warm"] {
            let cached = try Executable.run("graphinspect-build-check", ["--cache-path", cache, output] + sample, directory: Self.root)
            #expect(cached.status == 1 && cached.stdout == failing.stdout, "\(run)")
        }
        let unwritable = try Executable.run("graphinspect-build-check", ["--cache-path", output + "/cache", output] + sample, directory: Self.root)
        #expect(unwritable.stdout.hasPrefix("warning: graphinspect check: cannot write the cache"))
        #expect(unwritable.stdout.split(separator: "\n").dropFirst().joined(separator: "\n") + "\n" == failing.stdout)
        let checkedWithCache = try Executable.run("graphinspect-check", ["--no-notes", "--cache-path", cache + "-check"] + sample, directory: Self.root)
        #expect(checkedWithCache.stdout == checked.stdout && checkedWithCache.stderr == checked.stderr)

        // What the tool cannot read: one line, and a failed build, never a passing one.
        let empty = folder.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let dangling = folder.appendingPathComponent("Gone.swift")
        try FileManager.default.createSymbolicLink(atPath: dangling.path, withDestinationPath: folder.appendingPathComponent("nowhere").path)
        for (input, words) in [(empty.path, "no .swift files in"), (dangling.path, "does not exist")] {
            let failed = try Executable.run("graphinspect-build-check", ["--cache-path", cache, output, input])
            #expect(failed.status == 1, "\(words)")
            #expect(failed.stdout.hasPrefix("error: graphinspect check: ") && failed.stdout.contains(words), "\(failed.stdout)")
            #expect(failed.stdout.split(separator: "\n").count == 1, "one line: \(failed.stdout)")
        }
    }

    @Test func theStaticGraphIsASnapshotEveryWriterDraws() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = try Executable.run("graphinspect", ["check", "Examples/SeedArticle", "--format", "json"], directory: Self.root)
        #expect(json.status == 0, "\(json.stderr)")
        let decoded = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        // The same nodes, kind for kind, as the run of the article's code records: routers and view
        // components included.
        let kinds = ((decoded?["nodes"] as? [[String: Any]]) ?? []).compactMap { $0["kind"] as? String }.sorted()
        #expect(kinds == ["component", "component", "holder", "module", "router", "router", "viewComponent", "viewComponent"])
        let svg = folder.appendingPathComponent("static.svg").path
        let drawn = try Executable.run("graphinspect", ["check", "Sources/GraphInspectSample", "-o", svg], directory: Self.root)
        #expect(drawn.status == 1, "errors still fail the check when a picture is written")
        #expect(drawn.stdout == "")
        #expect(drawn.stderr.contains("CheckoutModule.swift:19:30: error: missing dependency"))
        let picture = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(picture.contains("<svg") && picture.contains("CheckoutComponent"))
        let text = try Executable.run("graphinspect", ["check", "Examples/SeedArticle", "--format", "text"], directory: Self.root)
        #expect(text.stdout.contains("SomeComponentImpl"))
    }

    @Test func againstARunItReportsCoverageAndUnusedProviders() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = folder.appendingPathComponent("run.json").path
        let dump = try Executable.run("graphinspect", ["dump", "--format", "json", "-o", run])
        #expect(dump.status == 0, "\(dump.stderr)")
        let result = try Executable.run(
            "graphinspect", ["check", "Sources/GraphInspectSample/AppComponent.swift", "Sources/GraphInspectSample/HomeModule.swift",
                             "Sources/GraphInspectSample/OnboardingModule.swift", "Sources/GraphInspectSample/ProfileHolder.swift",
                             "Sources/GraphInspectSample/ProfileModules.swift", "Sources/GraphInspectSample/SampleApp.swift",
                             "Sources/GraphInspectSample/Services.swift", "Sources/GraphInspectSample/SettingsModule.swift", "--against", run],
            directory: Self.root
        )
        #expect(result.status == 0, "\(result.stderr)")
        try Golden.check(result.stdout, against: "check-against-sample.txt")
    }

    @Test func badInputIsAClearError() throws {
        let missing = try Executable.run("graphinspect", ["check", "NoSuchFolder"], directory: Self.root)
        #expect(missing.status == 66)
        #expect(missing.stderr == "Error: NoSuchFolder does not exist. Give the folders of your app's Swift sources (default: Sources).\n")
        let empty = try Executable.run("graphinspect", ["check", "docs"], directory: Self.root)
        #expect(empty.status == 66)
        #expect(empty.stderr == "Error: no .swift files in docs. Give the folders of your app's Swift sources (default: Sources).\n")
    }

    /// `graphinspect` alone (as `bash scripts/install` or a copy leaves it) says how to get the tool.
    @Test func withoutTheToolItSaysHowToBuildIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("check-alone-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let alone = folder.appendingPathComponent("graphinspect").path
        try FileManager.default.copyItem(atPath: Executable.buildFolder.appendingPathComponent("graphinspect").path, toPath: alone)
        let result = try Executable.run(alone, ["check"], directory: Self.root)
        #expect(result.status == 69)
        #expect(result.stderr.hasPrefix("Error: check reads Swift sources with swift-syntax, so it is a tool of its own"))
        #expect(result.stderr.contains("In graphinspect's checkout, swift build builds it with every other tool (or alone: swift build --product graphinspect-check); bash scripts/install installs them all."))
    }

    /// A check that checks nothing must not pass; `--strict` makes each unchecked lookup an error.
    @Test func aCheckThatChecksNothingFailsAndStrictFailsOnAnyUncheckedLookup() throws {
        let fixtures = "Tests/GraphInspectStaticTests/Fixtures/"
        let nothing = try Executable.run("graphinspect", ["check", fixtures + "nothing-placed"], directory: Self.root)
        #expect(nothing.status == 1, "\(nothing.stderr)")
        #expect(nothing.stdout.hasPrefix(fixtures + "nothing-placed/App.swift:11:46: error: the one lookup in the sources could not be checked\n"))
        #expect(nothing.stderr.hasSuffix("0 of 1 lookup checked, 0 of 0 module lookups checked: 1 error, 0 warnings, 2 notes\n"))
        // --no-notes prints no note, and its summary counts none: it says how many it left out.
        let terse = try Executable.run("graphinspect", ["check", "--no-notes", fixtures + "nothing-placed"], directory: Self.root)
        #expect(!terse.stdout.contains(": note: "), "\(terse.stdout)")
        #expect(terse.stderr.hasSuffix("0 of 1 lookup checked, 0 of 0 module lookups checked: 1 error, 0 warnings (2 notes left out by --no-notes)\n"), "\(terse.stderr)")
        // A clean check with one lookup noted as not checked passes, unless --strict.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strict-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(atPath: Self.root.appendingPathComponent(fixtures + "needle-root/App.swift").path, toPath: folder.appendingPathComponent("App.swift").path)
        try "import GraphInspect\nfunc lateLookup(_ component: Component) { let _: Analytics = component.analytics }\n"
            .write(to: folder.appendingPathComponent("Late.swift"), atomically: true, encoding: .utf8)
        let lenient = try Executable.run("graphinspect", ["check", folder.path], directory: Self.root)
        let strict = try Executable.run("graphinspect", ["check", "--strict", folder.path], directory: Self.root)
        #expect(lenient.status == 1 && strict.status == 1)
        // Its note, and the one counting lookups in functions nothing here calls, which --strict
        // leaves a note: the lookup it counts is already an error.
        #expect(lenient.stderr.hasSuffix(": 4 errors, 0 warnings, 2 notes\n"), "\(lenient.stderr)")
        #expect(lenient.stdout.contains("Late.swift:2:72: note: not checked here: 1 lookup sits in code these sources never reach"), "\(lenient.stdout)")
        #expect(strict.stderr.hasSuffix(": 5 errors, 0 warnings, 1 note\n"), "\(strict.stderr)")
        #expect(strict.stdout.contains("Late.swift:2:72: error: not checked: cannot tell which component"), "\(strict.stdout)")
    }
}
