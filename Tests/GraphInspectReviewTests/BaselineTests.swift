import Foundation
import GraphInspect
@testable import GraphInspectCLI
@testable import GraphInspectReview
import Testing
import GraphInspectTestSupport

/// `dump --format baseline`, the graph's shape kept in git: pinned on the sample, read back into
/// a snapshot `diff` finds equal to the run, one added leaf changing exactly its own lines,
/// hostile names and every cut of the file read back or refused with where and why.
@Suite(.ownThread) struct BaselineTests {
    @Test func theSamplesBaselineIsPinnedAndReadsBackAsTheRun() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("baseline-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let baseline = try Executable.run("graphinspect", ["dump", "--format", "baseline"])
        #expect(baseline.status == 0)
        try Golden.check(baseline.stdout, against: "sample.baseline")
        // Its extension names the format too.
        let file = folder.appendingPathComponent("graph.baseline").path
        #expect(try Executable.run("graphinspect", ["dump", "-o", file]).status == 0)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == baseline.stdout)

        let (old, new) = try DiffTests.recordings()
        let same = try Executable.run("graphinspect", ["diff", file, old])
        #expect(same.stdout == "graphinspect diff: no changes\n")
        #expect(same.status == 0)
        // Against another run it says what the snapshots say, line for line.
        let fromBaseline = try Executable.run("graphinspect", ["diff", file, new])
        let fromRuns = try Executable.run("graphinspect", ["diff", old, new])
        #expect(fromBaseline.status == 1)
        #expect(fromBaseline.stdout == fromRuns.stdout)
        // And the comment's summary and tables are the same (its picture numbers nodes in the
        // order each side made them).
        let comment = try Executable.run("graphinspect", ["diff", file, new, "--format", "markdown"]).stdout
        let fromRunsComment = try Executable.run("graphinspect", ["diff", old, new, "--format", "markdown"]).stdout
        let picture = "#### The changed part"
        #expect(comment.components(separatedBy: picture)[0] == fromRunsComment.components(separatedBy: picture)[0])
        #expect(comment.contains(picture))
    }

    @Test(arguments: ["modules", "modules-dying", "modules-changed", "school", "signup", "screen"])
    func everySamplesBaselineIsAFixedPoint(sample: String) throws {
        let snapshot = try GraphInspectCommand.Dump.parse(["--sample", sample]).source.source.load().snapshot
        let text = try BaselineWriter().write(snapshot)
        let read = try BaselineReader().read(text, path: "\(sample).baseline")
        #expect(GraphDiff(old: snapshot, new: read).isEmpty, "\(GraphDiff(old: snapshot, new: read).text())")
        #expect(try BaselineWriter().write(read) == text)
        #expect(text.split(separator: "\n").count > 5)
    }

    @Test func oneAddedLeafChangesExactlyTheLinesOfThatLeaf() throws {
        var tree = Tree()
        let root = tree.component("App.Root", providers: [("analytics", "App.Analytics"), ("network", "App.Network")])
        let home = tree.component("App.Home", parent: root, providers: [("title", "Swift.String")])
        tree.lookup(from: home, "analytics", "App.Analytics", answeredBy: root, walk: [home, root])
        let holder = tree.node(.holder, "App.RootHolder", key: "root", component: root)
        tree.node(.module, "App.HomeModule", key: "home", parent: holder, component: home)
        let old = try BaselineWriter().write(tree.snapshot)

        // A leaf component that provides something, looks two things up (one it cannot find) and
        // is built into a module of its own.
        let leaf = tree.component("App.Avatar", parent: home, providers: [("style", "App.Style")])
        tree.lookup(from: leaf, "network", "App.Network", answeredBy: root, walk: [leaf, home, root])
        tree.lookup(from: leaf, "payments", "App.Payments", answeredBy: nil, walk: [leaf, home, root])
        tree.node(.module, "App.AvatarModule", key: "avatar", parent: holder, component: leaf)
        let new = try BaselineWriter().write(tree.snapshot)

        #expect(Self.inserted(from: old, to: new) == [
            "component ^->App.Root->App.Home->App.Avatar",
            "  provides style: App.Style",
            "  resolves network: App.Network <- component ^->App.Root",
            "  resolves payments: App.Payments <- MISSING",
            "module ^->App.RootHolder \"root\"->App.AvatarModule \"avatar\"",
            "  built with component ^->App.Root->App.Home->App.Avatar",
        ])

        // A second node of a path already there is `(2)`, and only its lines are added.
        let twin = tree.component("App.Home", parent: root, providers: [("title", "Swift.String")])
        tree.lookup(from: twin, "analytics", "App.Analytics", answeredBy: root, walk: [twin, root])
        #expect(Self.inserted(from: new, to: try BaselineWriter().write(tree.snapshot)) == [
            "component ^->App.Root->App.Home (2)",
            "  provides title: Swift.String",
            "  resolves analytics: App.Analytics <- component ^->App.Root",
        ])
    }

    /// The lines `new` has that `old` has not, or nil when `old` is not `new` with lines
    /// inserted (something was removed or changed).
    static func inserted(from old: String, to new: String) -> [Substring]? {
        let old = old.split(separator: "\n"), new = new.split(separator: "\n")
        var inserted: [Substring] = []
        var index = 0
        for line in new {
            if index < old.count, old[index] == line { index += 1 } else { inserted.append(line) }
        }
        return index == old.count ? inserted : nil
    }

    @Test func hostileNamesComeBackExactly() throws {
        var tree = Tree()
        let hostile = ["A B", "Quote\"d", "Back\\slash", "Arrow->Type", "New\nLine", "\u{202E}bidi", "Émoji🙂", "^Caret", "(2)", "Tab\tType", "Swift.Dictionary<Swift.String, Swift.Int>"]
        let root = tree.component("App.Root", providers: hostile.map { ($0, $0) })
        var parent = root
        for name in hostile {
            parent = tree.component(name, parent: parent)
            tree.lookup(from: parent, name, name, answeredBy: root, walk: [parent, root])
        }
        let holder = tree.node("view model", "App.\"Holder\"", key: "k\"ey\n->", parent: nil)
        tree.node("view model", "App.Child", key: "", parent: holder)
        tree.node("view model", "App.Child", key: "", parent: holder)
        tree.moduleLookup(from: holder, key: "\u{0}nul", answeredBy: nil)
        let text = try BaselineWriter().write(tree.snapshot)
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            #expect(!line.unicodeScalars.contains { $0.properties.generalCategory == .control || $0.properties.generalCategory == .format }, "\(line)")
        }
        let read = try BaselineReader().read(text, path: "hostile.baseline")
        #expect(GraphDiff(old: tree.snapshot, new: read).isEmpty, "\(GraphDiff(old: tree.snapshot, new: read).text())")
        #expect(try BaselineWriter().write(read) == text)
    }

    @Test func releasedAncestorsAndAnswersComeBackReleased() throws {
        var tree = Tree()
        let root = tree.component("App.Root", providers: [("a", "App.A")])
        let gone = tree.component("App.Gone", parent: root, providers: [("b", "App.B")])
        let child = tree.component("App.Child", parent: gone)
        tree.lookup(from: child, "b", "App.B", answeredBy: gone, walk: [child, gone])
        tree.release(gone)
        let text = try BaselineWriter().write(tree.snapshot)
        #expect(text.contains("component ^->App.Root->App.Gone->App.Child\n  resolves b: App.B <- released\n"))
        #expect(!text.contains("component ^->App.Root->App.Gone\n"))
        let read = try BaselineReader().read(text, path: "released.baseline")
        #expect(GraphDiff(old: tree.snapshot, new: read).isEmpty)
        #expect(try BaselineWriter().write(read) == text)
    }

    @Test(arguments: [
        ("", "empty.baseline:1: not a graphinspect baseline"),
        ("{\"nodes\":[]}\n", "bad.baseline:1: not a graphinspect baseline"),
        ("# graphinspect baseline 9: from the future\n", "bad.baseline:1: baseline version 9 is not supported"),
        (BaselineSyntax.header + "\n  provides a: A\n", "bad.baseline:2: an indented fact before any node line"),
        (BaselineSyntax.header + "\ncomponent ^->A\ncomponent ^->A\n", "bad.baseline:3: this node's line already appears at line 2"),
        (BaselineSyntax.header + "\ncomponent ^->A\n  resolves b: B <- component ^->Z\n", "bad.baseline:3: names component ^->Z, which has no line of its own"),
        (BaselineSyntax.header + "\ncomponent ^->A\n  knows b\n", "bad.baseline:3: column 3: expected a fact (built with, provides, resolves, finds, retained after detach), found \"knows b\""),
        (BaselineSyntax.header + "\ncomponent ^->A \"unterminated\n", "bad.baseline:2: column 16: expected a key in double quotes, closed"),
        (BaselineSyntax.header + "\ncomponent ^->A\n  provides b: B (eager)\n", "bad.baseline:3: column 17: expected a provider's form: (lazy), (lazyVar), (computed) or (storedClosure), found \"(eager)\""),
        (BaselineSyntax.header + "\ncomponent A\n", "bad.baseline:2: column 10: expected \" ^->\" and the node's path, found \" A\""),
        (BaselineSyntax.header + "\ncomponent ^->A (1)\n", "bad.baseline:2: column 16: expected (2), (3)...: the node's place among nodes of one path, found \"(1)\""),
    ])
    func malformedBaselinesSayWhereAndWhy(input: String, message: String) {
        let path = input.isEmpty ? "empty.baseline" : "bad.baseline"
        #expect(throws: BaselineError.self) { try BaselineReader().read(input, path: path) }
        do {
            _ = try BaselineReader().read(input, path: path)
        } catch {
            #expect(error.description.hasPrefix(message), "\(error)")
        }
    }

    @Test func everyCutOfTheSamplesBaselineIsReadOrRefused() throws {
        let text = try BaselineWriter().write(GraphInspectCommand.Dump.recordSample())
        let scalars = Array(text.unicodeScalars)
        var refused = 0
        // Every 7th cut, and every cut at a line's end; each one read or refused, never a trap.
        for end in stride(from: 0, to: scalars.count, by: 7) + scalars.indices.filter({ scalars[$0] == "\n" }) {
            var cut = ""
            cut.unicodeScalars.append(contentsOf: scalars[..<end])
            do {
                _ = try BaselineReader().read(cut, path: "cut.baseline")
            } catch {
                refused += 1
            }
        }
        #expect(refused > 0)
        // CRLF line ends (a checkout with autocrlf) read the same.
        let crlf = text.replacingOccurrences(of: "\n", with: "\r\n")
        #expect(try BaselineWriter().write(BaselineReader().read(crlf, path: "crlf.baseline")) == text)
    }

    @Test func aTreeTooDeepForABaselineIsRefusedSayingWhy() throws {
        var tree = Tree()
        var parent = tree.component("App.C")
        for _ in 1..<300 { parent = tree.component("App.C", parent: parent) }
        #expect(throws: BaselineError.self) { try BaselineWriter(maxBytes: 100_000).write(tree.snapshot) }
        do {
            _ = try BaselineWriter(maxBytes: 100_000).write(tree.snapshot)
        } catch {
            #expect(error.description == "cannot write a baseline of this graph: it names each node by its whole path, and with a tree 300 deep that comes to 319350 bytes, more than the 100000 bytes a baseline may be. Keep the snapshot instead (--format json), which diff reads too.")
        }
        #expect(try BaselineWriter().write(tree.snapshot).count > 100_000)
    }
}

/// A snapshot built event by event, for shapes no sample has.
private struct Tree {
    private(set) var events: [GraphEvent] = []
    private var next: UInt64 = 0

    var snapshot: GraphSnapshot { GraphSnapshot(events: events) }

    @discardableResult
    mutating func node(_ kind: NodeKind, _ type: String, key: String? = nil, parent: ObjectID? = nil, component: ObjectID? = nil, providers: [Provider]? = nil) -> ObjectID {
        next += 1
        let id = ObjectID(next)
        events.append(.created(NodeCreated(id: id, kind: kind, type: type, key: key, parent: parent, component: component, providers: providers)))
        if let parent, [.module, .holder].contains(kind) {
            events.append(.moduleAttached(ModuleAttachment(holder: parent, module: id)))
        }
        return id
    }

    mutating func component(_ type: String, parent: ObjectID? = nil, providers: [(String, String)] = []) -> ObjectID {
        node(.component, type, parent: parent, providers: providers.map { Provider(name: $0.0, type: $0.1, form: .stored) })
    }

    mutating func lookup(from requester: ObjectID, _ name: String, _ type: String, answeredBy provider: ObjectID?, walk: [ObjectID]) {
        events.append(.lookup(DependencyLookup(requester: requester, name: name, type: type, walk: walk, provider: provider, cacheHit: false)))
    }

    mutating func moduleLookup(from requester: ObjectID, key: String, answeredBy holder: ObjectID?) {
        events.append(.moduleLookup(ModuleLookup(requester: requester, key: key, target: .module, walk: [requester], module: holder, holder: holder)))
    }

    mutating func release(_ id: ObjectID) {
        events.append(.released(Released(id: id)))
    }
}
