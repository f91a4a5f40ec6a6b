import Foundation
import Testing

/// `graphinspect check` as a user runs it: handed over to graphinspect-check, compiler-style
/// findings on standard output, exit 1 on errors, the static graph in every format, `--against`.
@Suite struct CheckTests {
    static let root = Golden.packageRoot

    @Test func findsTheDyingSamplesDefectBeforeItRuns() throws {
        let result = try Executable.run("graphinspect", ["check", "Sources/GraphInspectSample"], directory: Self.root)
        #expect(result.status == 1, "\(result.stderr)")
        try Golden.check(result.stdout, against: "check-sample.txt")
        #expect(result.stdout.hasPrefix("Sources/GraphInspectSample/CheckoutModule.swift:19:30: error: missing dependency `paymentService: PaymentService`\n"))
        #expect(result.stderr == "graphinspect check: 16 files, 8 component types, 8 components in trees, 2 holders, 6 modules, 13 lookups, 3 module lookups: 1 error, 0 warnings, 0 notes\n")
    }

    @Test func theArticlesExampleChecksClean() throws {
        let result = try Executable.run("graphinspect", ["check", "Examples/SeedArticle"], directory: Self.root)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "")
        #expect(result.stderr.hasSuffix(": 0 errors, 0 warnings, 0 notes\n"))
    }

    /// The tool answers the same whether run as `graphinspect check` or on its own.
    @Test func graphinspectHandsOverToTheTool() throws {
        let handed = try Executable.run("graphinspect", ["check", "--no-notes", "Examples/SeedArticle", "Sources/GraphInspectSample"], directory: Self.root)
        let direct = try Executable.run("graphinspect-check", ["--no-notes", "Examples/SeedArticle", "Sources/GraphInspectSample"], directory: Self.root)
        #expect(handed.status == direct.status)
        #expect(handed.stdout == direct.stdout)
        #expect(handed.stderr == direct.stderr)
    }

    @Test func theStaticGraphIsASnapshotEveryWriterDraws() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = try Executable.run("graphinspect", ["check", "Examples/SeedArticle", "--format", "json"], directory: Self.root)
        #expect(json.status == 0, "\(json.stderr)")
        let decoded = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect((decoded?["nodes"] as? [Any])?.count == 4)
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
        #expect(result.stderr.contains("swift build --product graphinspect-check"))
    }
}
