import Foundation
import Testing
import GraphInspectTestSupport

/// `check --format github|sarif|json`: the findings as tools read them.
@Suite(.ownThread) struct CheckFormatsTests {
    /// needle-root's four missing dependencies, copied under a folder whose name has a comma, a
    /// colon and a space (each must be encoded in a workflow command's property).
    static func oddlyPlacedFixture() throws -> (folder: URL, relative: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("check-formats-\(UUID().uuidString)")
        let odd = folder.appendingPathComponent("odd, dir:1")
        try FileManager.default.createDirectory(at: odd, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: CheckTests.root.appendingPathComponent("Tests/GraphInspectStaticTests/Fixtures/needle-root/App.swift"), to: odd.appendingPathComponent("App.swift"))
        return (folder, "odd, dir:1")
    }

    @Test func githubWritesOneAnnotationPerFindingWithItsPlace() throws {
        let (folder, relative) = try Self.oddlyPlacedFixture()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try Executable.run("graphinspect", ["check", "--no-notes", "--format", "github", relative], directory: folder)
        #expect(run.status == 1)
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == 4)
        for line in lines {
            #expect(line.hasPrefix("::error file=odd%2C dir%3A1/App.swift,line="), "\(line)")
            #expect(line.contains(",title=graphinspect%3A missing-dependency::missing dependency `"))
        }
        // The detail lines travel inside the one command, with GitHub's line breaks.
        #expect(lines.allSatisfy { $0.contains("%0Afix: ") })
        #expect(run.stderr.contains("4 errors"))
    }

    /// SARIF 2.1.0's required shape (the published JSON schema cannot be fetched on this
    /// machine: neither PyPI nor Debian carries it), checked field by field as §3 of the standard
    /// requires it: version, a run with its tool's driver name, each result's message text, rule
    /// id and index into the driver's rules, and a location whose region starts at line and column 1
    /// or later.
    @Test func sarifHasTheStandardsShape() throws {
        let (folder, relative) = try Self.oddlyPlacedFixture()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("findings.sarif").path
        let run = try Executable.run("graphinspect", ["check", "--no-notes", "-o", file, relative], directory: folder)
        #expect(run.status == 1)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        #expect(log["$schema"] as? String == "https://json.schemastore.org/sarif-2.1.0.json")
        let runs = try #require(log["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        let driver = try #require((runs[0]["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "graphinspect")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        let results = try #require(runs[0]["results"] as? [[String: Any]])
        #expect(results.count == 4)
        for result in results {
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(rules[index]["id"] as? String == result["ruleId"] as? String)
            #expect(["error", "warning", "note", "none"].contains(result["level"] as? String ?? ""))
            #expect(((result["message"] as? [String: Any])?["text"] as? String)?.hasPrefix("missing dependency") == true)
            let location = try #require((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
            #expect((location["artifactLocation"] as? [String: Any])?["uri"] as? String == "odd%2C%20dir%3A1/App.swift")
            let region = try #require(location["region"] as? [String: Int])
            #expect((region["startLine"] ?? 0) >= 1 && (region["startColumn"] ?? 0) >= 1)
        }
    }

    @Test func jsonIsTheSnapshotWithEachFindingAndItsFix() throws {
        let run = try Executable.run("graphinspect", ["check", "--no-notes", "--format", "json", "Sources/GraphInspectSample"], directory: CheckTests.root)
        #expect(run.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect((object["nodes"] as? [Any])?.isEmpty == false)
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(findings.count == 1)
        #expect(findings.first?["fix"] as? String == "move `paymentService: PaymentService` from ProfileComponent up to AppComponent, which both reach")
        #expect(findings.first?["file"] as? String == "Sources/GraphInspectSample/CheckoutModule.swift")
        #expect(findings.first?["line"] as? Int == 19)
        // Still a snapshot: dump reads it.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("static-\(UUID().uuidString).json").path
        try Data(run.stdout.utf8).write(to: URL(fileURLWithPath: file))
        #expect(try Executable.run("graphinspect", ["dump", "--trace", file]).status == 0)
    }
}
