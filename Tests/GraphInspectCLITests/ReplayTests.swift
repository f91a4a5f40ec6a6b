import Foundation
import GraphInspect
import GraphInspectDiagram
import GraphInspectGraphviz
import GraphInspectPages
import GraphInspectText
import Testing
@testable import GraphInspectCLI
import GraphInspectTestSupport

@Suite struct ReplayTests {
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

@Suite struct ReplayPageTests {
    static func page(_ arguments: [String]) throws -> String {
        try Browser.page(["replay", "--format", "html"] + arguments)
    }

    @Test func pageLoadsWithoutConsoleErrorsAndStepsForward() throws {
        let url = try Self.page(["--diagram", "dependency-flow"])
        let first = try Chromium.load(url + "#step=1")
        #expect(first.console == [])
        #expect(Chromium.element("words", in: first.dom) == "1. AppComponent #1 is created (a root)")
        #expect(Chromium.element("counter", in: first.dom) == "step 1 of 19")
        // The Next button, clicked, changes the words and the picture.
        let next = try Chromium.load(url + "#step=1&press=next")
        #expect(next.console == [])
        #expect(Chromium.element("words", in: next.dom) == "2. OnboardingComponent #3 is created below AppComponent #1")
        // One picture: the next step reveals more of it.
        #expect(first.dom.components(separatedBy: " future\"").count > next.dom.components(separatedBy: " future\"").count)
        // So does the right arrow key.
        let key = try Chromium.load(url + "#step=5&press=ArrowRight")
        #expect(Chromium.element("counter", in: key.dom) == "step 6 of 19")
    }

    @Test func clickingANodeShowsItsDetails() throws {
        let url = try Self.page(["--diagram", "dependency-flow"])
        let page = try Chromium.load(url + "#step=19&press=node:c17")
        #expect(page.console == [])
        #expect(Chromium.element("details-title", in: page.dom) == "AvatarComponent #17")
        #expect(page.dom.contains("<li>kind: component</li>"))
        #expect(page.dom.contains("<li>type: GraphInspectSample.AvatarComponent</li>"))
        #expect(page.dom.contains("<li>looked up: profileStore: ProfileStore &lt;- ProfileComponent #13</li>"))
    }

    /// In a real browser: the picture is laid out once (every node where it was at step 1: its
    /// place in the picture, which the camera views, never changes), fills the window with the
    /// newest step in view, and the controls are clicked and pressed.
    @Test func nodesHoldStillAcrossStepsAndTheControlsWork() throws {
        for diagram in ["dependency-flow", "basic-flow"] {
            let url = try Self.page(["--diagram", diagram]) + "#motion=off"
            let position = "var g = Array.from(document.querySelectorAll('g.node')).find(function (n) { return n.querySelector('title').textContent === 'c1'; }); var b = g.querySelector('polygon, path, ellipse').getBBox(); return [Math.round(b.x), Math.round(b.y), g.classList.contains('future')];"
            // Marked in red; that it is framed in view is `theCameraFramesEveryStepReadably`'s.
            let newestInView = "return document.querySelectorAll('g.current').length > 0;"
            let session = try Browser.run([
                ["open": url],
                ["js": position],
                ["click": "#next"], ["click": "#next"],
                ["text": "#counter"],
                ["js": position],
                ["key": ["body", "END"]],
                ["text": "#counter"],
                ["js": position],
                ["js": newestInView],
                ["js": "return document.getElementById('picture').getBoundingClientRect().height / window.innerHeight"],
                ["count": "header button svg"],
                ["key": ["body", "LEFT"]],
                ["text": "#counter"],
                // The camera frames the step; the whole picture is one press away.
                ["key": ["body", "0"]],
                ["clickNode": "c1"],
                ["text": "#details-title"],
            ])
            #expect(session.error == nil, "\(diagram): \(session.error ?? "") (screenshot: \(session.screenshot))")
            guard session.results.count == 17 else { continue }
            let atStart = session.results[1] as? [Any], afterTwo = session.results[5] as? [Any], atEnd = session.results[8] as? [Any]
            #expect(atStart?.prefix(2).map { "\($0)" } == afterTwo?.prefix(2).map { "\($0)" }, "\(diagram): AppComponent moved")
            #expect(atStart?.prefix(2).map { "\($0)" } == atEnd?.prefix(2).map { "\($0)" }, "\(diagram): AppComponent moved")
            #expect((session.results[4] as? String)?.hasPrefix("step 3 of ") == true)
            let total = (session.results[7] as? String)?.split(separator: " ").last.map(String.init) ?? ""
            #expect(session.results[7] as? String == "step \(total) of \(total)")
            #expect(session.results[9] as? Bool == true, "\(diagram): the newest step is not marked")
            #expect((session.results[10] as? Double ?? 0) > 0.75, "\(diagram): the picture does not fill the window")
            #expect(session.results[11] as? Int == 4, "step buttons are inline SVG icons")
            #expect(session.results[13] as? String == "step \((Int(total) ?? 0) - 1) of \(total)")
            #expect(session.results[16] as? String == "AppComponent #1")
            #expect(session.console == [], "\(diagram): \(session.console)")
        }
    }

    /// The camera, at every step of both replays of the samples that have them: the
    /// step's new nodes (a lookup's requester, for a step that adds only a lookup) are inside the
    /// window, their text at least 9 px high, and no node's place in the picture changes.
    @Test(arguments: ["modules", "modules-changed", "modules-dying"])
    func theCameraFramesEveryStepReadably(sample: String) throws {
        for diagram in ["basic-flow", "dependency-flow"] {
            let url = try Self.page(["--diagram", diagram, "--sample", sample]) + "#step=1&motion=off"
            let walk = """
                var picture = document.getElementById('picture').getBoundingClientRect();
                var total = Number(document.getElementById('slider').max);
                // Each node's shape (a text's box follows font hinting at the zoom, so it is left out).
                function layout() {
                  return Array.from(document.querySelectorAll('g.node')).map(function (g) {
                    var b = g.querySelector('polygon, path, ellipse').getBBox();
                    return g.querySelector('title').textContent + '@' + [b.x, b.y, b.width, b.height].map(Math.round).join(',');
                  }).join(' ');
                }
                var first = layout(), steps = [];
                for (var step = 1; step <= total; step++) {
                  if (step > 1) { document.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight' })); }
                  var nodes = Array.from(document.querySelectorAll('g.node.current'));
                  if (nodes.length === 0) {
                    nodes = Array.from(document.querySelectorAll('g.edge.current')).map(function (g) {
                      var tail = g.querySelector('title').textContent.split('->')[0].trim();
                      return Array.from(document.querySelectorAll('g.node')).find(function (n) { return n.querySelector('title').textContent === tail; });
                    }).filter(Boolean);
                  }
                  var outside = nodes.filter(function (g) {
                    var b = g.getBoundingClientRect();
                    return b.left < picture.left - 1 || b.top < picture.top - 1 || b.right > picture.right + 1 || b.bottom > picture.bottom + 1;
                  }).map(function (g) { return g.querySelector('title').textContent; });
                  var smallest = 1000;
                  nodes.forEach(function (g) { g.querySelectorAll('text').forEach(function (t) {
                    smallest = Math.min(smallest, parseFloat(t.getAttribute('font-size')) * t.getScreenCTM().a);
                  }); });
                  steps.push({ step: step, framed: nodes.length, outside: outside, smallest: Math.round(smallest * 100) / 100, moved: layout() !== first });
                }
                return JSON.stringify({ total: total, steps: steps });
                """
            let session = try Browser.run([["open": url], ["js": walk]])
            #expect(session.error == nil, "\(sample) \(diagram): \(session.error ?? "") (screenshot: \(session.screenshot))")
            #expect(session.console == [], "\(sample) \(diagram): \(session.console)")
            guard let json = session.results.last as? String,
                  let walked = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any],
                  let steps = walked["steps"] as? [[String: Any]] else {
                Issue.record("\(sample) \(diagram): no measurements")
                continue
            }
            #expect(steps.count == walked["total"] as? Int && steps.count > 5, "\(sample) \(diagram)")
            var smallest = 1000.0
            for step in steps {
                let number = step["step"] as? Int ?? 0
                #expect((step["framed"] as? Int ?? 0) > 0, "\(sample) \(diagram) step \(number): nothing new to frame")
                #expect((step["outside"] as? [String]) == [], "\(sample) \(diagram) step \(number): outside the window: \(step["outside"] ?? "")")
                #expect((step["smallest"] as? Double ?? 0) >= 9, "\(sample) \(diagram) step \(number): text \(step["smallest"] ?? "") px")
                #expect(step["moved"] as? Bool == false, "\(sample) \(diagram) step \(number): a node moved in the picture")
                smallest = min(smallest, step["smallest"] as? Double ?? 0)
            }
            print("replay camera, \(sample) \(diagram): \(steps.count) steps, smallest new text \(smallest) px")
        }
    }

    /// `--frames`: one layout cut into frames, each framed on its step and readable
    /// on a 1,200 px page, plus the whole picture once.
    @Test func framesAreEachFramedOnTheirStepAndReadable() throws {
        for diagram in ["basic-flow", "dependency-flow"] {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("frames-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: folder) }
            let run = try Executable.run("graphinspect", ["replay", "--diagram", diagram, "--frames", folder.path])
            #expect(run.status == 0, "\(run.stderr)")
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".svg") && $0 != "whole.svg" }.sorted()
            #expect(names.count > 5)
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("whole.svg").path))
            var pictures: [(name: String, svg: String)] = []
            var layouts: Set<String> = []
            for name in names {
                let svg = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
                pictures.append((name, svg))
                // Each frame marks its own step and hides the later ones; every frame is the same layout.
                #expect(svg.contains(" current\""), "\(diagram) \(name): nothing marked as the step")
                let box = svg.components(separatedBy: "viewBox=\"").dropFirst().first?.prefix { $0 != "\"" }.split(separator: " ").compactMap { Double($0) } ?? []
                #expect(box.count == 4 && box[2] <= ReplayFrameSVG.widestView + 0.01, "\(diagram) \(name): view box \(box)")
                if let start = svg.range(of: "<g id=\"graph0\"") { layouts.insert(String(svg[start.lowerBound...]).replacingOccurrences(of: " current\"", with: "\"").replacingOccurrences(of: " future\"", with: "\"")
                    .replacingOccurrences(of: "<text class=\"future\"", with: "<text").replacingOccurrences(of: "<text class=\"current\"", with: "<text")) }
            }
            #expect(layouts.count == 1, "\(diagram): the frames are not one layout")
            for measure in try Legibility.measure(pictures) {
                #expect(measure.smallestText >= 9, "\(diagram): \(measure)")
            }
        }
    }

    /// A holder's frame is hidden until the first step that puts something in it (the page matches
    /// Graphviz's `cluster_h2` frames to the replay's `h2` clusters).
    @Test func holderFramesAppearWithTheirFirstNode() throws {
        let url = try Self.page(["--diagram", "basic-flow"])
        let first = try Chromium.load(url + "#step=1"), last = try Chromium.load(url + "#step=41")
        let frames = last.dom.components(separatedBy: "class=\"cluster").count - 1
        #expect(frames >= 2)
        #expect(first.dom.components(separatedBy: "class=\"cluster future\"").count - 1 == frames)
        #expect(!last.dom.contains("class=\"cluster future\""))
    }

    @Test func firstAndLastStepsLookDifferent() throws {
        let url = try Self.page(["--diagram", "basic-flow"])
        let first = try Chromium.screenshot(url + "#step=1")
        let last = try Chromium.screenshot(url + "#step=41")
        #expect(first.starts(with: [0x89, 0x50, 0x4E, 0x47]) && last.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(first != last)
    }

    @Test func scriptInANameIsShownAsTextAndNeverRuns() throws {
        let trace = FileManager.default.temporaryDirectory.appendingPathComponent("evil-\(UUID().uuidString).ndjson").path
        defer { try? FileManager.default.removeItem(atPath: trace) }
        let evil = "<script>document.title='pwned'</script><img src=x onerror=\\\"document.title='pwned2'\\\">"
        let lines = [
            #"{"format":"graphinspect-trace","version":1}"#,
            #"{"event":"created","id":1,"kind":"component","type":"App.Root","providers":[]}"#,
            #"{"event":"lookup","requester":1,"name":"\#(evil)","type":"App.T","walk":[1],"cacheHit":false}"#,
        ]
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: trace))
        let url = try Self.page(["--diagram", "dependency-flow", "--trace", trace])
        let page = try Chromium.load(url + "#step=2")
        #expect(page.console == [])
        #expect(page.dom.contains("<title>graphinspect replay: dependency flow</title>"))
        #expect(!page.dom.contains("pwned</title>") && !page.dom.contains("pwned2</title>"))
        #expect(Chromium.element("words", in: page.dom)?.contains("&lt;script&gt;document.title='pwned'&lt;/script&gt;&lt;img src=x") == true)
        #expect(!page.dom.contains("<img"))
    }
}
