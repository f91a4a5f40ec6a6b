import Foundation
import GraphInspectReview
import Testing
import GraphInspectTestSupport

/// Examples/CI: the GitHub workflow read as YAML (PyYAML), its review step run as GitHub would run
/// it against the bundled samples and the example app's sources, rules and baseline, and its
/// comment script run by node against the fake API the workflow runner uses
/// (scripts/lib/github-script.js). The whole workflow, every step in order on a repository of
/// Examples/CI/Bank, is run by `bash scripts/ci-workflow` in .ci/run.
@Suite(.ownThread) struct WorkflowExampleTests {
    static let examples = Golden.packageRoot.appendingPathComponent("Examples/CI")

    static func workflow() throws -> [String: Any] {
        let read = try Executable.run(Browser.python, ["-c", "import json, sys, yaml; print(json.dumps(yaml.safe_load(open(sys.argv[1]))))", examples.appendingPathComponent("graph-review.yml").path])
        #expect(read.status == 0, "\(read.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(read.stdout.utf8)) as? [String: Any])
    }

    static func steps() throws -> [[String: Any]] {
        let jobs = try #require(try workflow()["jobs"] as? [String: Any])
        return try #require((jobs["graph"] as? [String: Any])?["steps"] as? [[String: Any]])
    }

    static func step(named name: String) throws -> [String: Any] {
        try #require(try steps().first { $0["name"] as? String == name })
    }

    /// A fresh folder laid out as the workflow expects, with `files` copied in from the package.
    static func folder(with files: [String: String] = [:]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("workflow-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent(".github"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: examples.appendingPathComponent("graph-review.sh"), to: folder.appendingPathComponent(".github/graph-review.sh"))
        for (name, source) in files {
            try FileManager.default.copyItem(at: Golden.packageRoot.appendingPathComponent(source), to: folder.appendingPathComponent(name))
        }
        return folder
    }

    /// Runs the review step's `run` in `folder`, the base's run given as OLD_RUN (the step takes it
    /// from the base app it built).
    static func review(old: String?, new: String, sources: String = "Sources/GraphInspectSample", in folder: URL) throws -> (status: Int32, stdout: String, out: URL) {
        let step = try step(named: "Graph review")
        var environment = (step["env"] as? [String: String]) ?? [:]
        environment["OLD_RUN"] = old
        environment["NEW_RUN"] = new
        environment["SOURCES"] = Golden.packageRoot.appendingPathComponent(sources).path
        environment["CHECK_CACHE"] = folder.appendingPathComponent("check-cache").path
        environment["RUNNER_TEMP"] = folder.appendingPathComponent("temp").path
        environment["GRAPHINSPECT"] = Executable.buildFolder.appendingPathComponent("graphinspect").path
        let run = try Executable.run("/bin/bash", ["-c", try #require(step["run"] as? String)], environment: environment, directory: folder)
        return (run.status, run.stdout + run.stderr, folder.appendingPathComponent(environment["OUT"] ?? "graph-review"))
    }

    @Test func theWorkflowInstallsOncePerVersionAndKeepsWhatCIRereads() throws {
        let workflow = try Self.workflow()
        let permissions = try #require(workflow["permissions"] as? [String: String])
        #expect(permissions["pull-requests"] == "write" && permissions["security-events"] == "write")
        let steps = try Self.steps()
        let uses = steps.compactMap { $0["uses"] as? String }
        for action in ["actions/checkout@", "actions/cache@", "actions/cache/restore@", "actions/cache/save@", "github/codeql-action/upload-sarif@", "actions/github-script@", "actions/upload-artifact@"] {
            #expect(uses.contains { $0.hasPrefix(action) }, "no \(action)")
        }
        // graphinspect is cached by the version Package.resolved pins, and built only on a miss.
        let restore = try Self.step(named: "Restore graphinspect")
        #expect((restore["with"] as? [String: String])?["key"] == "graphinspect-${{ runner.os }}-${{ steps.graphinspect.outputs.version }}")
        #expect(try Self.step(named: "Build graphinspect (once per version)")["if"] as? String == "steps.installed.outputs.cache-hit != 'true'")
        #expect((try Self.step(named: "The graphinspect the app resolves")["run"] as? String)?.contains("Package.resolved") == true)
        #expect((try Self.step(named: "Test the app")["run"] as? String)?.contains("--xunit-output") == true)
        #expect((try Self.step(named: "Graph review")["env"] as? [String: String])?["RULES_BASELINE"] == "graphinspect-rules-baseline.txt")
    }

    @Test func theReviewStepWritesTheCommentThePageTheSARIFAndTheAnnotations() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (status, stdout, out) = try Self.review(old: "--sample modules", new: "--sample modules-changed", in: folder)
        #expect(status == 1, "check finds the sample's missing dependency: \(stdout)")
        #expect(stdout.hasPrefix("::error file="))
        let comment = try String(contentsOf: out.appendingPathComponent("comment.md"), encoding: .utf8)
        #expect(comment == (try String(contentsOf: Golden.url("diff-modules-changed.md"), encoding: .utf8)))
        #expect(comment.hasPrefix(DiffMarkdown.marker + "\n"))
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("unchanged").path))
        let page = try String(contentsOf: out.appendingPathComponent("explorer.html"), encoding: .utf8)
        #expect(page.hasPrefix("<!doctype html>") && page.contains("<title>graphinspect: 20 nodes"), "the explorer of the new run")
        let sarif = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("findings.sarif"))) as? [String: Any])
        #expect(sarif["version"] as? String == "2.1.0")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("check-cache").path), "check kept its cache where the workflow saves it from")
    }

    @Test func noChangeMeansNoCommentAndSaysSo() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (_, _, out) = try Self.review(old: "--sample modules", new: "--sample modules", in: folder)
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("comment.md").path))
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("unchanged").path), "the comment step removes an earlier comment on this file alone")
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("explorer.html").path))
    }

    /// A push has no base: the graph is recorded and checked, nothing compared.
    @Test func aPushRecordsAndChecksWithoutComparing() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (_, _, out) = try Self.review(old: nil, new: "--sample modules", in: folder)
        for name in ["old.json", "comment.md", "unchanged"] {
            #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent(name).path), "\(name)")
        }
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("findings.sarif").path))
    }

    /// The example app's known violations are in its baseline: with it the check is green; the
    /// rules file alone (what the review ran before it passed the baseline) is red on main.
    @Test func theRulesBaselineKeepsMainGreen() throws {
        let files = ["graphinspect.yml": "Examples/CI/Bank/graphinspect.yml", "graphinspect-rules-baseline.txt": "Examples/CI/Bank/graphinspect-rules-baseline.txt"]
        let withBaseline = try Self.folder(with: files)
        defer { try? FileManager.default.removeItem(at: withBaseline) }
        let green = try Self.review(old: nil, new: "--sample modules", sources: "Examples/CI/Bank/Sources", in: withBaseline)
        #expect(green.status == 0, "\(green.stdout)")
        #expect(green.stdout.contains("2 known in graphinspect-rules-baseline.txt"))

        let rulesAlone = try Self.folder(with: ["graphinspect.yml": "Examples/CI/Bank/graphinspect.yml"])
        defer { try? FileManager.default.removeItem(at: rulesAlone) }
        let red = try Self.review(old: nil, new: "--sample modules", sources: "Examples/CI/Bank/Sources", in: rulesAlone)
        #expect(red.status == 1)
        #expect(red.stdout.contains("TransferComponent resolves `ledger` from AppComponent, which the rules forbid"))
    }

    /// The comment step's script, run by node as actions/github-script runs it, over the fake API
    /// the workflow runner keeps comments in: posted, edited, removed, one comment throughout.
    @Test func theCommentIsPostedEditedAndRemoved() throws {
        let script = try #require((try Self.step(named: "Post, update or remove the comment")["with"] as? [String: String])?["script"])
        #expect(script.contains("\"\(DiffMarkdown.marker)\""), "the script finds its comment by the marker diff writes first")
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scriptFile = folder.appendingPathComponent("script.js"), store = folder.appendingPathComponent("comments.json")
        try script.write(to: scriptFile, atomically: true, encoding: .utf8)
        let review = folder.appendingPathComponent("graph-review")
        try FileManager.default.createDirectory(at: review, withIntermediateDirectories: true)
        func push(comment: String?, unchanged: Bool = false) throws -> [String: Any] {
            try? FileManager.default.removeItem(at: review.appendingPathComponent("comment.md"))
            try? FileManager.default.removeItem(at: review.appendingPathComponent("unchanged"))
            if let comment { try comment.write(to: review.appendingPathComponent("comment.md"), atomically: true, encoding: .utf8) }
            if unchanged { try Data().write(to: review.appendingPathComponent("unchanged")) }
            let context = #"{"repo": {"owner": "bank", "repo": "bank"}, "issue": {"number": 7}}"#
            let node = try Executable.run("/usr/bin/env", ["node", Golden.packageRoot.appendingPathComponent("scripts/lib/github-script.js").path, scriptFile.path, store.path, context], directory: folder)
            #expect(node.status == 0, "\(node.stdout)\(node.stderr)")
            return try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: store)) as? [String: Any])
        }
        func bodies(_ state: [String: Any]) -> [String] { ((state["comments"] as? [[String: Any]]) ?? []).compactMap { $0["body"] as? String } }
        func calls(_ state: [String: Any]) -> [String] { ((state["calls"] as? [[String: Any]]) ?? []).compactMap { $0["call"] as? String }.filter { $0 != "listComments" } }

        #expect(bodies(try push(comment: "\(DiffMarkdown.marker)\nfirst")) == ["\(DiffMarkdown.marker)\nfirst"])
        #expect(bodies(try push(comment: "\(DiffMarkdown.marker)\nsecond")) == ["\(DiffMarkdown.marker)\nsecond"])
        // A review that could not compare (no comment, not unchanged) leaves the comment alone.
        #expect(bodies(try push(comment: nil)) == ["\(DiffMarkdown.marker)\nsecond"])
        let removed = try push(comment: nil, unchanged: true)
        #expect(bodies(removed).isEmpty)
        #expect(calls(removed) == ["createComment", "updateComment", "deleteComment"])
    }
}
