import Foundation
import GraphInspect
import GraphInspectTrace
import Testing
import GraphInspectTestSupport

/// A run that dies, recorded by `dump` and by the runtime's own trace, says how it ended, and the
/// comment on it says so before its changes; `diff --rules` lists the head's new rule findings.
@Suite(.ownThread) struct DiffOfADyingRunTests {
    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dying-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func theCommentOnADyingHeadOpensWithHowItEnded() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let base = folder.appendingPathComponent("base.json").path, head = folder.appendingPathComponent("head.json").path
        #expect(try Executable.run("graphinspect", ["dump", "--sample", "modules", "--format", "json", "-o", base]).status == 0)
        #expect(try Executable.run("graphinspect", ["dump", "--sample", "modules-dying", "--format", "json", "-o", head]).status == 0)
        let recorded = try SnapshotDecoder().decode(Data(contentsOf: URL(fileURLWithPath: head)), name: head)
        #expect(recorded.ending?.how == .signalled(SIGILL))
        #expect(recorded.ending?.report?.hasPrefix("error: missing dependency `paymentService: PaymentService`\n") == true)
        let comment = try Executable.run("graphinspect", ["diff", base, head, "-o", "-", "--format", "markdown"])
        #expect(comment.status == 1)
        #expect(comment.stdout.split(separator: "\n", omittingEmptySubsequences: false).prefix(5).joined(separator: "\n") == """
            <!-- graphinspect-diff -->
            **graphinspect:** +1 component, +1 lookup, 1 new missing dependency

            **The head run ended early**: killed by signal \(SIGILL) (SIGILL) after graphinspect reported: missing dependency \\`paymentService: PaymentService\\`. The changes below are only what it recorded before it ended.

            """)
        let text = try Executable.run("graphinspect", ["diff", base, head])
        #expect(text.stdout.hasPrefix("graphinspect diff: 3 changes\n! The new run ended early: killed by signal \(SIGILL) (SIGILL) after graphinspect reported: missing dependency `paymentService: PaymentService`. The changes below"))
    }

    @Test func theRuntimesTraceEndsWithTheExitStatusOrGraphinspectsReport() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let dying = folder.appendingPathComponent("dying.ndjson").path, clean = folder.appendingPathComponent("clean.ndjson").path
        let died = try Executable.run("graphinspect-sample-dying", [], environment: ["GRAPHINSPECT_TRACE": dying, "SWIFT_BACKTRACE": "enable=no"])
        #expect(died.status != 0)
        let ending = try #require(try TraceReader().read(path: dying).snapshot.ending)
        #expect(ending.how == .unfinished)
        #expect(ending.report?.hasPrefix("error: missing dependency `paymentService: PaymentService`\n") == true)
        _ = try Executable.run("graphinspect-sample", [], environment: ["GRAPHINSPECT_TRACE": clean])
        #expect(try TraceReader().read(path: clean).snapshot.ending == RunEnding(how: .exited(status: 0)))
        // The trace alone, read by diff, says the same.
        let text = try Executable.run("graphinspect", ["diff", clean, dying]).stdout
        #expect(text.contains("\n! The new run ended early: graphinspect ended it, reporting: missing dependency `paymentService: PaymentService`. The changes below"), "\(text)")
    }

    @Test func diffListsTheHeadsRuleFindingsNewAgainstTheBaselineAndTheBase() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let base = folder.appendingPathComponent("base.json").path, head = folder.appendingPathComponent("head.json").path
        #expect(try Executable.run("graphinspect", ["dump", "--sample", "modules", "--format", "json", "-o", base]).status == 0)
        #expect(try Executable.run("graphinspect", ["dump", "--sample", "modules-changed", "--format", "json", "-o", head]).status == 0)
        // Avatar resolves profileStore from Profile in both runs; featureFlags only in the head.
        let rules = folder.appendingPathComponent("graphinspect.yml").path
        try "rules:\n  forbidden-lookup:\n    - requester: \"Avatar*\"\n      provider: \"Profile*\"\n      severity: error\n".write(toFile: rules, atomically: true, encoding: .utf8)
        let comment = try Executable.run("graphinspect", ["diff", base, head, "--rules", rules, "--format", "markdown"])
        #expect(comment.status == 1, "\(comment.stderr)")
        #expect(comment.stdout.contains("**graphinspect:** -1 component, -1 module, -1 router, -1 view component, -4 lookups, 1 lookup answered by another provider, 1 new rule finding\n\n#### New rule findings\n\n"))
        #expect(comment.stdout.contains("| ❌ | `forbidden-lookup` | (not known) | AvatarComponent resolves \\`featureFlags\\` from ProfileComponent, which the rules forbid"))
        #expect(!comment.stdout.contains("profileStore\\` from ProfileComponent"))
        let text = try Executable.run("graphinspect", ["diff", base, head, "--rules", rules]).stdout
        #expect(text.contains("\n+ rule error: AvatarComponent resolves `featureFlags` from ProfileComponent, which the rules forbid (requester `Avatar*`, provider `Profile*`)\n  lookup path: AvatarComponent -> ProfileComponent\n"))
        // Listed in the baseline, it is known: the comment is the shape's alone.
        let baseline = folder.appendingPathComponent("graphinspect-rules-baseline.txt").path
        try "forbidden-lookup: AvatarComponent resolves `featureFlags` from ProfileComponent\n".write(toFile: baseline, atomically: true, encoding: .utf8)
        let known = try Executable.run("graphinspect", ["diff", base, head, "--rules", rules, "--rules-baseline", baseline, "--format", "markdown"])
        #expect(known.status == 1, "\(known.stderr)")
        #expect(known.stdout.contains("**graphinspect:** -1 component, -1 module, -1 router, -1 view component, -4 lookups, 1 lookup answered by another provider\n"))
        #expect(!known.stdout.contains("#### New rule findings"))
        // The same run on both sides: nothing new, no comment.
        let same = try Executable.run("graphinspect", ["diff", head, head, "--rules", rules, "--format", "markdown"])
        #expect(same.status == 0)
        #expect(same.stdout == "")
        let writing = try Executable.run("graphinspect", ["diff", base, head, "--rules", rules, "--rules-baseline", baseline, "--write-rules-baseline"])
        #expect(writing.status == 64)
    }
}
