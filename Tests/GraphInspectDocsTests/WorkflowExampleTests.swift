import Foundation
import GraphInspectReview
import Testing
import GraphInspectTestSupport

/// Examples/CI: the GitHub workflow is read as YAML (PyYAML) and its review step run as GitHub
/// would run it, here, against the bundled samples (`modules` before, `modules-changed` after).
/// GitHub itself cannot be reached from this machine: the comment and artifact steps are read,
/// not run.
@Suite struct WorkflowExampleTests {
    static let examples = Golden.packageRoot.appendingPathComponent("Examples/CI")

    static func workflow() throws -> [String: Any] {
        let read = try Executable.run(Browser.python, ["-c", "import json, sys, yaml; print(json.dumps(yaml.safe_load(open(sys.argv[1]))))", examples.appendingPathComponent("graphinspect.yml").path])
        #expect(read.status == 0, "\(read.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(read.stdout.utf8)) as? [String: Any])
    }

    static func steps() throws -> [[String: Any]] {
        let jobs = try #require(try workflow()["jobs"] as? [String: Any])
        return try #require((jobs["graph"] as? [String: Any])?["steps"] as? [[String: Any]])
    }

    /// Runs the review step's `run` in a fresh folder laid out as the workflow expects.
    static func review(old: String, new: String) throws -> (status: Int32, stdout: String, out: URL) {
        let step = try #require(try steps().first { $0["id"] as? String == "review" })
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("workflow-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent(".github"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: examples.appendingPathComponent("graph-review.sh"), to: folder.appendingPathComponent(".github/graph-review.sh"))
        var environment = (step["env"] as? [String: String]) ?? [:]
        environment["OLD_RUN"] = old
        environment["NEW_RUN"] = new
        environment["SOURCES"] = Golden.packageRoot.appendingPathComponent("Sources/GraphInspectSample").path
        environment["GRAPHINSPECT"] = Executable.buildFolder.appendingPathComponent("graphinspect").path
        let run = try Executable.run("/bin/bash", ["-c", try #require(step["run"] as? String)], environment: environment, directory: folder)
        return (run.status, run.stdout, folder.appendingPathComponent(environment["OUT"] ?? "graph-review"))
    }

    @Test func theWorkflowIsYAMLWithEveryStepTheReviewNeeds() throws {
        let workflow = try Self.workflow()
        #expect((workflow["permissions"] as? [String: String])?["pull-requests"] == "write")
        let steps = try Self.steps()
        let uses = steps.compactMap { $0["uses"] as? String }
        #expect(uses.contains { $0.hasPrefix("actions/checkout@") })
        #expect(uses.contains { $0.hasPrefix("actions/github-script@") })
        #expect(uses.contains { $0.hasPrefix("actions/upload-artifact@") })
        // The comment step finds its own comment by the marker line the diff writes first.
        let script = try #require(steps.first { ($0["uses"] as? String)?.hasPrefix("actions/github-script@") == true }.flatMap { ($0["with"] as? [String: Any])?["script"] as? String })
        #expect(script.contains("graph-review/comment.md") && script.contains("startsWith(marker)") && script.contains("updateComment"))
    }

    @Test func theReviewStepWritesTheCommentThePageAndTheAnnotations() throws {
        let (status, stdout, out) = try Self.review(old: "--sample modules", new: "--sample modules-changed")
        defer { try? FileManager.default.removeItem(at: out.deletingLastPathComponent()) }
        #expect(status == 1, "check finds the sample's missing dependency: \(stdout)")
        #expect(stdout.hasPrefix("::error file="))
        let comment = try String(contentsOf: out.appendingPathComponent("comment.md"), encoding: .utf8)
        #expect(comment == (try String(contentsOf: Golden.url("diff-modules-changed.md"), encoding: .utf8)))
        #expect(comment.hasPrefix(DiffMarkdown.marker + "\n"))
        let page = try String(contentsOf: out.appendingPathComponent("explorer.html"), encoding: .utf8)
        #expect(page.hasPrefix("<!doctype html>") && page.contains("<title>graphinspect: 20 nodes"), "the explorer of the new run")
    }

    @Test func noChangeMeansNoComment() throws {
        let (_, _, out) = try Self.review(old: "--sample modules", new: "--sample modules")
        defer { try? FileManager.default.removeItem(at: out.deletingLastPathComponent()) }
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("comment.md").path))
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("explorer.html").path))
    }
}
