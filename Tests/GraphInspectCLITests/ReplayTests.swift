import Foundation
import GraphInspect
import GraphInspectDiagram
import GraphInspectGraphviz
import GraphInspectPages
import GraphInspectText
import Testing
@testable import GraphInspectCLI
import GraphInspectTestSupport

@Suite(.ownThread) struct ReplayTests {
    static let sample = GraphInspectCommand.Dump.recordSample()

    func replay(_ arguments: [String]) throws -> String {
        let command = try GraphInspectCommand.ReplayCommand.parse(arguments)
        let replay = Replay.build(Replay.Kind(rawValue: arguments[1])!, from: Self.sample)
        return String(decoding: try command.render(replay, as: command.written.resolved()), as: UTF8.self)
    }

    @Test func basicFlowTextIsPinned() throws {
        try Golden.check(try replay(["--diagram", "basic-flow"]), against: "replay-basic-flow.txt")
    }

    @Test func dependencyFlowTextIsPinned() throws {
        try Golden.check(try replay(["--diagram", "dependency-flow"]), against: "replay-dependency-flow.txt")
    }

    @Test func stepMarksTheNewestLine() throws {
        let text = try replay(["--diagram", "dependency-flow", "--step", "3"])
        #expect(text.hasPrefix("graphinspect replay: dependency flow, 3 of 19 steps\n"))
        #expect(text.hasSuffix("  3. OnboardingComponent #3 looks up analytics: Analytics: climbs 1 parent to AppComponent #1, which provides it  <- newest\n"))
    }

    /// Node names in a frame's DOT as Graphviz parses them, without the legend.
    func frameNodes(_ replay: Replay, _ frame: Int) throws -> Set<String> {
        Set(try GraphvizRenderer.nodes(of: DOTWriter().write(replay.frame(frame)), attributes: []).map(\.name).filter { !$0.hasPrefix("legend_") })
    }

    /// Checks every frame of `replay` against the events: exactly the nodes the events so far
    /// introduced, every edge of earlier frames still there, the newest step alone highlighted.
    func checkFrames(_ replay: Replay, in snapshot: GraphSnapshot, expected: (ArraySlice<GraphEvent>) -> Set<String>) throws {
        var previousEdges: [Diagram.Edge] = []
        for frame in 1...replay.steps.count {
            let step = replay.steps[frame - 1]
            let drawn = try frameNodes(replay, frame)
            #expect(drawn == expected(snapshot.events[...step.event]), "frame \(frame): \(step.words)")
            let diagram = replay.frame(frame)
            let edges = diagram.edges.map { var edge = $0; edge.highlighted = false; return edge }
            #expect(Array(edges.prefix(previousEdges.count)) == previousEdges, "frame \(frame) lost an edge")
            #expect(diagram.edges.filter(\.highlighted).count == step.edges.count)
            #expect(diagram.nodes.filter(\.highlighted).map(\.id) == step.nodes.map(\.id))
            for edge in diagram.edges { #expect(drawn.contains(edge.from) && drawn.contains(edge.to), "frame \(frame): \(edge)") }
            previousEdges = edges
        }
    }

    @Test func dependencyFlowFramesHoldExactlyWhatTheEventsIntroduced() throws {
        let replay = Replay.build(.dependencyFlow, from: Self.sample)
        #expect(replay.steps.count == Self.sample.events.filter { event in
            if case .created(let node) = event { return node.kind == .component }
            if case .lookup = event { return true }
            return false
        }.count)
        try checkFrames(replay, in: Self.sample) { events in
            var nodes = Set<String>()
            var step = 0
            for event in events {
                switch event {
                case .created(let node) where node.kind == .component:
                    step += 1
                    nodes.insert("c\(node.id.rawValue)")
                case .lookup(let lookup):
                    step += 1
                    if lookup.provider == nil { nodes.insert("x\(step)") }
                default: break
                }
            }
            return nodes
        }
    }

    @Test func basicFlowFramesHoldExactlyWhatTheEventsIntroduced() throws {
        let replay = Replay.build(.basicFlow, from: Self.sample)
        try checkFrames(replay, in: Self.sample) { events in
            var nodes = Set<String>()
            for event in events {
                switch event {
                case .created(let node):
                    let letter = ["component": "c", "holder": "h", "module": "m", "viewComponent": "v", "router": "r"][node.kind.rawValue]!
                    nodes.insert(letter + "\(node.id.rawValue)")
                case .builderStarted(let started):
                    nodes.insert("b\(started.run.rawValue)")
                    nodes.insert("t\(started.run.rawValue)")
                default: break
                }
            }
            return nodes
        }
    }

    /// The basic flow ends as the sample's run does: the root holder detaches onboarding, a step
    /// of its own, drawn from the holder to the module it lets go.
    @Test func basicFlowShowsTheDetach() throws {
        let replay = Replay.build(.basicFlow, from: Self.sample)
        let detach = try #require(replay.steps.last { $0.words.contains("detaches") })
        #expect(detach.words == #"RootHolder "root" #2 detaches OnboardingModule "onboarding" #4, which it no longer holds"#)
        #expect(detach.edges.map(\.from) == ["h2"] && detach.edges.map(\.to) == ["m4"])
        #expect(detach.edges.first?.label == ["\(replay.steps.count). detaches"])
    }

    @Test func failedLookupClimbsToTheRootAndEndsInRed() throws {
        let trace = FileManager.default.temporaryDirectory.appendingPathComponent("replay-\(UUID().uuidString).ndjson").path
        defer { try? FileManager.default.removeItem(atPath: trace) }
        _ = try Executable.run("graphinspect-sample-dying", [], environment: ["GRAPHINSPECT_TRACE": trace, "SWIFT_BACKTRACE": "enable=no"])
        let result = try Executable.run("graphinspect", ["replay", "--diagram", "dependency-flow", "--trace", trace])
        #expect(result.stdout.hasSuffix("  21. CheckoutComponent #25 looks up paymentService: PaymentService: climbs to the root and finds nothing\n"))
        let dot = try Executable.run("graphinspect", ["replay", "--diagram", "dependency-flow", "--format", "dot", "--trace", trace]).stdout
        #expect(dot.contains(##""c1" -> "c25" [color="#e8710a", dir="back", fontcolor="#e8710a", label="21. paymentService: PaymentService", penwidth="3", style="dashed"]"##))
        #expect(dot.contains(##""c1" -> "x21" [color="#e8710a", fontcolor="#e8710a", label="21. not found", penwidth="3", style="bold"]"##))
    }

    @Test func framesFolderHoldsOneSVGPerStepAndAnIndex() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("frames-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try Executable.run("graphinspect", ["replay", "--diagram", "dependency-flow", "--frames", folder])
        #expect(result.status == 0, "\(result.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(files.count == 21)
        #expect(files.first == "0001.svg" && files[18] == "0019.svg" && files[19] == "index.html" && files.last == "whole.svg")
        let index = try String(contentsOfFile: folder + "/index.html", encoding: .utf8)
        #expect(index.contains("{\"file\":\"0019.svg\",\"words\":"))
        #expect(index.contains("<a id=\"whole\" href=\"whole.svg\""))
    }

    /// A step shows nothing that has not happened yet: at step 1 of the modules
    /// sample, AppComponent's box read `11. network: NetworkClient, self`, a lookup it answers
    /// itself at step 11, drawn as a line of its label. In every frame, and in the player at every
    /// step, each numbered line shown is from that step or before, and the step's own is red.
    @Test func noStepShowsALineOfALaterStep() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("frames-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try Executable.run("graphinspect", ["replay", "--diagram", "dependency-flow", "--frames", folder]).status == 0)
        let frames = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".svg") && $0 != "whole.svg" }.sorted()
        var selfLines = 0
        for (offset, name) in frames.enumerated() {
            let step = offset + 1
            let svg = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
            for shown in Self.shownNumberedLines(svg) {
                #expect(shown.number <= step, "\(name) shows \(shown.text)")
                if shown.text.hasSuffix(", self") { selfLines += 1 }
                if shown.number == step, shown.text.hasSuffix(", self") { #expect(shown.current, "\(name): its own line is not marked") }
            }
        }
        #expect(selfLines > 0, "the sample's lookups answered by their requester are drawn")
        let url = try ReplayPageTests.page(["--diagram", "dependency-flow"]) + "#motion=off"
        let visible = """
            return Array.from(document.querySelectorAll('#picture text')).filter(function (t) {
              for (var e = t; e && e.id !== 'picture'; e = e.parentNode) { if (getComputedStyle(e).visibility === 'hidden') { return false; } }
              return /^[0-9]+\\. /.test(t.textContent);
            }).map(function (t) { return parseInt(t.textContent, 10); }).reduce(function (a, b) { return Math.max(a, b); }, 0);
            """
        let session = try Browser.run([["open": url], ["js": visible], ["click": "#next"], ["js": visible], ["key": ["body", "END"]], ["js": visible]])
        #expect(session.error == nil, "\(session.error ?? "")")
        #expect(session.results.count == 6 && (session.results[1] as? Int ?? 99) <= 1 && (session.results[3] as? Int ?? 99) <= 2,
                "the player shows a later step's line: \(session.results)")
        #expect(session.results.count == 6 && (session.results[5] as? Int ?? 0) == frames.count)
    }

    /// The numbered lines (`11. network: ...`) a frame shows: outside hidden groups, not hidden.
    static func shownNumberedLines(_ svg: String) -> [(number: Int, text: String, current: Bool)] {
        var shown: [(Int, String, Bool)] = []
        var hiddenGroup = false
        for line in svg.split(separator: "\n") {
            if line.hasPrefix("<g id=") { hiddenGroup = line.contains("future") }
            guard !hiddenGroup, line.hasPrefix("<text"), !line.contains("class=\"future\""),
                  let start = line.firstIndex(of: ">"), let end = line.range(of: "</text>") else { continue }
            let text = String(line[line.index(after: start)..<end.lowerBound])
            guard let number = Int(text.prefix { $0.isNumber }), text.dropFirst(String(number).count).hasPrefix(". ") else { continue }
            shown.append((number, text, line.contains("class=\"current\"")))
        }
        return shown
    }

    /// `--frames`' index.html plays the frames beside it, in a real browser: each step
    /// shows its own SVG, loaded, with its words; the keys and buttons step and play.
    @Test func framesIndexPlaysTheFrames() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("frames-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let written = try Executable.run("graphinspect", ["replay", "--diagram", "dependency-flow", "--frames", folder.path])
        #expect(written.status == 0, "\(written.stderr)")
        let shown = "var i = document.getElementById('frame'); return [i.getAttribute('src'), i.complete && i.naturalWidth > 0];"
        let session = try Browser.run([
            ["open": "file://" + folder.appendingPathComponent("index.html").path],
            ["text": "#counter"], ["text": "#words"], ["js": shown],
            ["key": ["body", "RIGHT"]],
            ["text": "#counter"], ["js": shown],
            ["key": ["body", "END"]],
            ["text": "#counter"], ["js": shown],
            ["click": "#play"], ["text": "#play"], ["text": "#counter"],
            ["click": "#play"], ["text": "#play"],
        ])
        #expect(session.error == nil, "\(session.error ?? "") (screenshot: \(session.screenshot))")
        guard session.results.count == 15 else { return }
        #expect(session.results[1] as? String == "step 1 of 19")
        #expect(session.results[2] as? String == "1. AppComponent #1 is created (a root)")
        #expect((session.results[3] as? [Any])?.first as? String == "0001.svg")
        #expect((session.results[3] as? [Any])?.last as? Bool == true, "the first frame did not load")
        #expect(session.results[5] as? String == "step 2 of 19")
        #expect((session.results[6] as? [Any])?.first as? String == "0002.svg")
        #expect(session.results[8] as? String == "step 19 of 19")
        #expect((session.results[9] as? [Any])?.first as? String == "0019.svg")
        #expect((session.results[9] as? [Any])?.last as? Bool == true, "the last frame did not load")
        // Play at the last step starts again from the first; a second click pauses.
        #expect(session.results[11] as? String == "pause")
        #expect(session.results[12] as? String == "step 1 of 19")
        #expect(session.results[14] as? String == "play")
        #expect(session.console == [], "\(session.console)")
    }
}
