import Foundation
import GraphInspect
import GraphInspectDiagram
import GraphInspectGraphviz
import GraphInspectPages
import GraphInspectText
import Testing
@testable import GraphInspectCLI
import GraphInspectTestSupport

/// The replay as an HTML page (`replay --format html`), loaded and played in Chromium.
@Suite(.ownThread) struct ReplayPageTests {
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
