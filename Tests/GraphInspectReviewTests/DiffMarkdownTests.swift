import Foundation
import GraphInspect
import GraphInspectReview
import Testing
import GraphInspectTestSupport

/// `diff --format markdown`, the pull-request comment: pinned whole on the samples, its Mermaid
/// checked by mermaid.js itself, its size held on a 10,000-component pair, names that are
/// Markdown kept as text.
@Suite(.ownThread) struct DiffMarkdownTests {
    @Test func theSamplesCommentIsPinnedWhole() throws {
        let (old, new) = try DiffTests.recordings()
        let result = try Executable.run("graphinspect", ["diff", old, new, "--format", "markdown"])
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix(DiffMarkdown.marker + "\n**graphinspect:** -1 component, -1 module, -1 router, -1 view component, -4 lookups, 1 lookup answered by another provider\n"))
        try Golden.check(result.stdout, against: "diff-modules-changed.md")
        #expect(try MermaidCheck.errors(in: [result.stdout]) == [nil])
        let guide = try String(contentsOf: Golden.packageRoot.appendingPathComponent("docs/ci.md"), encoding: .utf8)
        #expect(guide.contains("````markdown\n" + result.stdout + "````\n"), "docs/ci.md shows another comment than diff writes")
        // The extension says markdown too.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("comment-\(UUID().uuidString).md").path
        #expect(try Executable.run("graphinspect", ["diff", old, new, "-o", file]).status == 1)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == result.stdout)
    }

    @Test func sameShapeIsNoCommentAndExit0AndAnUnreadableBaselineIsExit2() throws {
        let (old, _) = try DiffTests.recordings()
        let same = try Executable.run("graphinspect", ["diff", old, old, "--format", "markdown"])
        #expect(same.status == 0)
        #expect(same.stdout == "")
        let missing = try Executable.run("graphinspect", ["diff", "/nonexistent.json", old, "--format", "markdown"])
        #expect(missing.status == 2)
        #expect(missing.stdout == "")
        #expect(missing.stderr.hasPrefix("Error: cannot read /nonexistent.json: no such file."))
    }

    @Test func aNewMissingDependencyComesFirstWithItsReport() throws {
        let (old, _) = try DiffTests.recordings()
        let dying = FileManager.default.temporaryDirectory.appendingPathComponent("dying-\(UUID().uuidString).json").path
        #expect(try Executable.run("graphinspect", ["dump", "--sample", "modules-dying", "--format", "json", "-o", dying]).status == 0)
        let comment = try Executable.run("graphinspect", ["diff", old, dying, "--format", "markdown"]).stdout
        #expect(comment.contains("**graphinspect:** +1 component, +1 lookup, 1 new missing dependency\n"))
        let missing = try #require(comment.range(of: "#### New missing dependencies"))
        let tables = try #require(comment.range(of: "#### Components"))
        #expect(missing.lowerBound < tables.lowerBound)
        #expect(comment.contains("<details><summary>why</summary>"))
        #expect(comment.contains("fix: move `paymentService: PaymentService` from ProfileComponent up to AppComponent"))
        // Read the other way round, the same dependency is fixed.
        let fixed = try Executable.run("graphinspect", ["diff", dying, old, "--format", "markdown"]).stdout
        #expect(fixed.contains("-1 component, -1 lookup"))
        #expect(try MermaidCheck.errors(in: [comment, fixed]) == [nil, nil])
    }

    /// 10,000 components, ten changes: the comment stays small and draws only what changed and
    /// its neighbours.
    @Test func tenChangesInTenThousandComponentsGiveASmallComment() throws {
        let old = Self.bigApp(changed: false), new = Self.bigApp(changed: true)
        #expect(old.nodes.count == 10_001)
        let comment = try #require(DiffMarkdown().write(old: old, new: new))
        #expect(comment.count < 50_000, "\(comment.count) characters")
        #expect(comment.contains("**graphinspect:** +4 components, -4 components, +2 providers, +4 lookups, -4 lookups, 2 lookups answered by another provider\n"))
        let chart = try #require(MermaidCheck.charts(in: comment).first)
        let drawn = chart.split(separator: "\n").filter { $0.hasPrefix("  n") || $0.hasPrefix("  d") }.filter { $0.contains("(\"") }
        #expect(drawn.count < 40, "\(drawn.count) nodes drawn")
        #expect(try MermaidCheck.errors(in: [comment]) == [nil])
    }

    /// Names with Markdown, HTML and Mermaid syntax in them stay text: every table row keeps its
    /// columns, nothing becomes a tag, and mermaid.js still parses the picture.
    @Test func namesThatAreMarkupStayText() throws {
        let hostile = "A|B`<script>alert(1)</script>*_[x](y)#\n"
        func app(_ extra: Bool) -> GraphSnapshot {
            var events: [GraphEvent] = [.created(NodeCreated(id: ObjectID(1), kind: .component, type: "App.Root", providers: [Provider(name: hostile, type: "App.T", form: .stored)]))]
            if extra {
                events.append(.created(NodeCreated(id: ObjectID(2), kind: .component, type: "App.\(hostile)", parent: ObjectID(1))))
                events.append(.lookup(DependencyLookup(requester: ObjectID(2), name: hostile, type: "App.T", walk: [ObjectID(2), ObjectID(1)], provider: ObjectID(1), cacheHit: false)))
                events.append(.lookup(DependencyLookup(requester: ObjectID(2), name: "x|y", type: "App.T", walk: [ObjectID(2), ObjectID(1)], provider: nil, cacheHit: false)))
            }
            return GraphSnapshot(events: events)
        }
        let comment = try #require(DiffMarkdown().write(old: app(false), new: app(true)))
        #expect(!MermaidCheck.outsideCode(comment).contains("<script"))
        #expect(comment.contains("<script>"), "the name is shown, as code")
        for line in comment.split(separator: "\n") where line.hasPrefix("| ") {
            let cells = line.replacingOccurrences(of: "\\|", with: "").filter { $0 == "|" }.count
            #expect(cells == 4 || cells == 5, "a row split: \(line)")
        }
        #expect(try MermaidCheck.errors(in: [comment]) == [nil])
    }

    /// A root with 100 children of 100 leaves each; every leaf asks the root for `clock`. The
    /// changed run drops four leaves, adds four, and has two leaves answered by their parent.
    static func bigApp(changed: Bool) -> GraphSnapshot {
        var events: [GraphEvent] = []
        var next: UInt64 = 1
        func make(_ type: String, parent: ObjectID?, providers: [Provider] = []) -> ObjectID {
            let id = ObjectID(next)
            next += 1
            events.append(.created(NodeCreated(id: id, kind: .component, type: type, parent: parent, providers: providers)))
            return id
        }
        let clock = Provider(name: "clock", type: "App.Clock", form: .stored)
        let root = make("App.Root", parent: nil, providers: [clock])
        for branch in 0..<100 {
            let middle = make("App.Branch\(branch)", parent: root, providers: branch < 2 && changed ? [clock] : [])
            for leaf in 0..<99 {
                if changed && branch == 50 && leaf < 4 { continue }
                let id = make("App.Leaf\(branch)x\(leaf)", parent: middle)
                let answer = branch < 2 && leaf == 0 && changed ? middle : root
                events.append(.lookup(DependencyLookup(requester: id, name: "clock", type: "App.Clock", walk: answer == root ? [id, middle, root] : [id, middle], provider: answer, cacheHit: false)))
            }
            if changed && branch == 60 {
                for extra in 0..<4 {
                    let id = make("App.NewLeaf\(extra)", parent: middle)
                    events.append(.lookup(DependencyLookup(requester: id, name: "clock", type: "App.Clock", walk: [id, middle, root], provider: root, cacheHit: false)))
                }
            }
        }
        return GraphSnapshot(events: events)
    }
}

/// mermaid.js itself, run in headless Chromium (Tests/Browser/mermaid_parse.py).
enum MermaidCheck {
    /// The Mermaid blocks of a Markdown text.
    static func charts(in markdown: String) -> [String] {
        markdown.components(separatedBy: "```mermaid\n").dropFirst().compactMap { $0.components(separatedBy: "\n```").first.map { $0 + "\n" } }
    }

    /// A Markdown text without its fenced blocks and code spans: what GitHub reads as Markdown
    /// and HTML rather than shows as code.
    static func outsideCode(_ markdown: String) -> String {
        var out = "", fence: String?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            let ticks = String(trimmed.prefix { $0 == "`" })
            if let open = fence {
                if ticks.count >= open.count && trimmed.allSatisfy({ $0 == "`" }) { fence = nil }
                continue
            }
            if ticks.count >= 3 { fence = ticks; continue }
            var rest = Substring(line)
            while let start = rest.firstIndex(of: "`") {
                out += rest[..<start]
                let run = rest[start...].prefix { $0 == "`" }
                let after = rest[run.endIndex...]
                guard let close = after.range(of: String(run)) else { rest = after; break }
                rest = after[close.upperBound...]
            }
            out += rest + "\n"
        }
        return out
    }

    /// For each Markdown text, nil when its every chart parses (and it has one), else the error.
    static func errors(in markdowns: [String]) throws -> [String?] {
        let charts = markdowns.map { Self.charts(in: $0) }
        let script = Golden.packageRoot.appendingPathComponent("Tests/Browser/mermaid_parse.py").path
        let run = try Executable.run(Browser.python, [script], input: try JSONSerialization.data(withJSONObject: charts.flatMap { $0 }))
        guard let results = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [Any] else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "mermaid_parse.py printed no result: \(run.stderr)"])
        }
        var at = 0
        return charts.map { these in
            defer { at += these.count }
            if these.isEmpty { return "no Mermaid chart" }
            return results[at..<at + these.count].compactMap { $0 as? String }.first
        }
    }
}
