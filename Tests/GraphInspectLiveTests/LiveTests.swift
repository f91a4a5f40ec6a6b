// The live server is built only with the package's extras (not under GRAPHINSPECT_WITHOUT_MACROS=1,
// the sanitizer runs' setting): its tests with it.
#if canImport(GraphInspectLive)
import Foundation
import Testing
import GraphInspectTestSupport

/// `graphinspect live` as a user sees it: an app that builds its tree in steps on cue
/// (graphinspect-sample-live-steps) or a trace, watched in Chromium while it runs, reloaded, watched
/// from a second browser, dying, leaking.
@Suite(.serialized, .ownThread) struct LiveTests {
    /// The live page, served while it follows a 400-component trace: its script (live.js, as the
    /// page carries it) runs to its end with no error in the console, as every written page's does
    /// (PageScriptTests).
    @Test func theLivePageScriptRunsThrough() throws {
        let script = try String(
            contentsOf: Golden.packageRoot.appendingPathComponent("Sources/GraphInspectPages/Assets/live.js"), encoding: .utf8
        ).trimmingCharacters(in: .whitespacesAndNewlines)
        let big = try SyntheticTraces.deepChains(components: 400)
        defer { try? FileManager.default.removeItem(atPath: big) }
        let live = try LiveServer(["--trace", big])
        defer { live.stop() }
        let session = try Browser.run([
            ["open": live.url], LivePage.waitFor("window.graphinspectLive.ready === true && window.graphinspectLive.nodes === 400"),
            ["js": "return document.documentElement.outerHTML"],
        ])
        #expect(session.error == nil, "\(session.error ?? "")")
        #expect(session.console.filter { !$0.contains("favicon.ico") }.isEmpty, "\(session.console)")
        #expect(session.results.count == 3 && session.results[1] as? Bool == true, "the script did not run to its end (\(session.screenshot))")
        #expect((session.results.last as? String ?? "").contains(script), "the live page does not carry live.js")
    }

    @Test func aRunWatchedStepByStepReloadedAndSeenTwice() throws {
        let steps = FileManager.default.temporaryDirectory.appendingPathComponent("steps-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: steps, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: steps) }
        let server = try LiveServer(["--", Executable.buildFolder.appendingPathComponent("graphinspect-sample-live-steps").path],
                                environment: ["GRAPHINSPECT_STEPS": steps.path])
        defer { server.stop() }
        #expect(server.url.hasPrefix("http://127.0.0.1:"), "\(server.lines)")
        // A cue is a file the browser driver writes between its actions (`touch`).
        func cue(_ step: Int) -> [String: Any] { ["touch": steps.appendingPathComponent("step-\(step)").path] }
        var session = try Browser.run([["open": server.url], LivePage.waitFor("document.getElementById('state').textContent.indexOf('running') === 0"), LivePage.state])
        #expect(session.error == nil, "\(session.error ?? "") (\(session.screenshot))")
        #expect((session.results.last as? [String: Any])?["nodes"] as? Int == 0, "nothing before step 1")

        _ = FileManager.default.createFile(atPath: steps.appendingPathComponent("step-1").path, contents: nil)
        session = try Browser.run([
            ["open": server.url], LivePage.waitFor("window.graphinspectLive && window.graphinspectLive.nodes === 2"),
            ["texts": "#picture g.node > title"], ["texts": "#picture g.node text.title"],
        ])
        #expect(session.error == nil, "\(session.error ?? "") (\(session.screenshot))")
        #expect(session.results[1] as? Bool == true, "step 1's two components appear")
        #expect(session.results[2] as? [String] == ["c1", "c2"])
        #expect(session.results[3] as? [String] == ["ShopComponent", "CartComponent"])

        // Step 2 arrives while a page is open: its node appears, with its lookup; nodes already
        // drawn stay where they were.
        session = try Browser.run([
            ["open": server.url], LivePage.waitFor("window.graphinspectLive && window.graphinspectLive.nodes === 2"),
            ["js": "return Array.from(document.querySelectorAll('#picture g.node')).map(function (g) { return g.getAttribute('transform'); })"],
            ["js": "var xhr = new XMLHttpRequest(); xhr.open('GET', '/failures', false); xhr.send(); return xhr.status"],
            cue(2),
            LivePage.waitFor("window.graphinspectLive.nodes === 3"),
            ["js": "return Array.from(document.querySelectorAll('#picture g.node')).map(function (g) { return g.getAttribute('transform'); })"],
            ["texts": "#picture g.node text.details"],
            // A reload mid-run shows the same state.
            ["open": server.url], LivePage.waitFor("window.graphinspectLive && window.graphinspectLive.nodes === 3"),
            LivePage.state,
        ])
        #expect(session.error == nil, "\(session.error ?? "") (\(session.screenshot))")
        guard session.results.count == 10 else { return }
        let before = session.results[2] as? [String] ?? []
        let after = session.results[6] as? [String] ?? []
        #expect(before.count == 2 && Array(after.prefix(2)) == before, "nodes on screen did not move: \(before) \(after)")
        #expect((session.results[7] as? [String] ?? []).contains { $0.contains("clock \u{2190} ShopComponent #1") }, Comment(rawValue: String(describing: session.results[7])))
        let reloaded = session.results[9] as? [String: Any] ?? [:]
        #expect(reloaded["nodes"] as? Int == 3 && reloaded["state"] as? String == "running")

        // Step 3: a lookup finds nothing; the node turns red, the report is there, and the app's
        // death is said.
        session = try Browser.run([
            ["open": server.url], LivePage.waitFor("window.graphinspectLive && window.graphinspectLive.nodes === 3"),
            cue(3),
            LivePage.waitFor("window.graphinspectLive.failed === 1 && window.graphinspectLive.state === 'exited'"),
            ["count": "#picture g.node.failed"],
            ["text": "#state"],
            LivePage.waitFor("document.querySelectorAll('button.failure').length === 1"),
            ["click": "button.failure"],
            LivePage.waitFor("document.querySelector('#panel-body pre') !== null"),
            ["text": "#panel-body pre"],
            LivePage.state,
        ])
        #expect(session.error == nil, "\(session.error ?? "") (\(session.screenshot))")
        guard session.results.count == 10 else { return }
        #expect(session.results[4] as? Int == 1, "the failed requester is red")
        #expect((session.results[5] as? String)?.hasPrefix("killed by signal") == true, Comment(rawValue: String(describing: session.results[5])))
        #expect((session.results[8] as? String)?.hasPrefix("error: missing dependency `gateway: Gateway`\n  asked by PaymentComponent") == true)
        let first = session.results[9] as? [String: Any] ?? [:]

        // A second browser, after the end, agrees.
        let second = try Browser.run([["open": server.url], LivePage.waitFor("window.graphinspectLive && window.graphinspectLive.state === 'exited'"), LivePage.state, ["text": "#state"]])
        let agreed = second.results.count > 2 ? second.results[2] as? [String: Any] ?? [:] : [:]
        #expect(agreed["nodes"] as? Int == first["nodes"] as? Int && agreed["events"] as? Int == first["events"] as? Int && first["nodes"] as? Int == 4)
        #expect(second.console.filter { !$0.contains("favicon") } == [])
        #expect(session.console.filter { !$0.contains("favicon") } == [], "\(session.console)")
    }

    /// An app that releases everything as it ends leaves a page that still reads (every
    /// node was greyed to 35% opacity, its text below 2:1): each released node's title and details
    /// keep a contrast of at least 4.5:1 against its box, at full opacity.
    @Test func theTreeStaysReadableAfterTheAppEnds() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("live-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let trace = folder.appendingPathComponent("ended.ndjson")
        let run = try Executable.run("graphinspect-sample", [], environment: ["GRAPHINSPECT_TRACE": trace.path])
        #expect(run.status == 0)
        var lines = try String(contentsOf: trace, encoding: .utf8).split(separator: "\n").map(String.init)
        let created = lines.compactMap { line -> Int? in
            guard line.contains("\"event\":\"created\""), let range = line.range(of: "\"id\":") else { return nil }
            return Int(line[range.upperBound...].prefix { $0.isNumber })
        }
        let released = Set(lines.compactMap { line -> Int? in
            guard line.hasPrefix("{\"event\":\"released\",\"id\":") else { return nil }
            return Int(line.dropFirst(28).prefix { $0.isNumber })
        })
        lines += created.reversed().filter { !released.contains($0) }.map { "{\"event\":\"released\",\"id\":\($0)}" }
        try (lines.joined(separator: "\n") + "\n").write(to: trace, atomically: true, encoding: .utf8)

        let server = try LiveServer(["--trace", trace.path])
        defer { server.stop() }
        let session = try Browser.run([
            ["open": server.url],
            LivePage.waitFor("window.graphinspectLive && window.graphinspectLive.nodes === \(created.count) && document.querySelectorAll('#picture g.node.released').length === \(created.count)"),
            ["js": """
                function rgb(text) { var m = text.match(/[0-9.]+/g); return m ? m.slice(0, 3).map(Number) : [0, 0, 0]; }
                function luminance(c) { var l = c.map(function (v) { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); }); return 0.2126 * l[0] + 0.7152 * l[1] + 0.0722 * l[2]; }
                function contrast(a, b) { var x = luminance(rgb(a)), y = luminance(rgb(b)); return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05); }
                var worst = 99, faded = 0;
                document.querySelectorAll('#picture g.node.released').forEach(function (group) {
                  for (var e = group; e && e.id !== 'picture'; e = e.parentNode) { if (parseFloat(getComputedStyle(e).opacity) < 1) { faded++; break; } }
                  var box = getComputedStyle(group.querySelector('rect')).fill;
                  group.querySelectorAll('text').forEach(function (text) { worst = Math.min(worst, contrast(getComputedStyle(text).fill, box)); });
                });
                return [worst, faded];
                """],
        ])
        #expect(session.error == nil, "\(session.error ?? "") (\(session.screenshot))")
        let measured = session.results.last as? [Double] ?? []
        #expect(measured.count == 2 && measured[0] >= 4.5, "lowest text contrast of a released node: \(measured)")
        #expect(measured.count == 2 && measured[1] == 0, "released nodes drawn faded: \(measured)")
    }

    /// A module kept alive after its holder detached it is marked when its grace runs out, listed
    /// with its report (the words `why` uses), and its panel shows the report on click; the
    /// module detached and released, and the one still attached, are not marked.
    @Test func aLeakIsMarkedWhenItsGraceRunsOut() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("live-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let trace = folder.appendingPathComponent("leaking.ndjson")
        let run = try Executable.run("graphinspect-sample-leaking", [], environment: ["GRAPHINSPECT_TRACE": trace.path, "GRAPHINSPECT_LEAK_GRACE": "200"])
        #expect(run.status == 0)
        let server = try LiveServer(["--trace", trace.path], environment: ["GRAPHINSPECT_LEAK_GRACE": "200"])
        defer { server.stop() }
        let session = try Browser.run([
            ["open": server.url],
            LivePage.waitFor("window.graphinspectLive && window.graphinspectLive.leaked === 1 && document.querySelectorAll('#retained button').length === 1"),
            ["count": "#picture g.node.leaked"],
            ["texts": "#retained > li"],
            ["click": "#retained button"],
            LivePage.waitFor("Array.prototype.some.call(document.querySelectorAll('#panel-body h3'), function (h) { return h.textContent === 'retained after detach'; })"),
            ["text": "#panel-title"],
            ["text": "#panel-body pre"],
        ])
        #expect(session.error == nil, "\(session.error ?? "") (\(session.screenshot))")
        guard session.results.count == 8 else { return }
        #expect(session.results[1] as? Bool == true, "marked")
        #expect(session.results[2] as? Int == 1)
        let items = session.results[3] as? [String] ?? []
        #expect(items.first == "1 module retained after detach (a leak) (click one for its report):")
        #expect(items.dropFirst().first?.hasPrefix("retained after detach: SettingsModule \"settings\" #") == true, "\(items)")
        #expect(session.results[5] as? Bool == true, "the panel shows the report")
        #expect((session.results[6] as? String)?.hasPrefix("SettingsModule") == true)
        #expect((session.results[7] as? String)?.contains("still alive below it: SettingsComponent") == true, "\(session.results[7])")
        #expect(session.console == [], "\(session.console)")
    }

    /// The ported RIBs app's two leaks (as LeaksOnTheRIBsAppTests finds them): both marked, no other.
    @Test func theRIBsAppsTwoLeaksAreMarked() throws {
        let trace = try RIBsTicTacToeRun.trace(fixed: false)
        defer { try? FileManager.default.removeItem(atPath: trace) }
        let server = try LiveServer(["--trace", trace], environment: RIBsTicTacToeRun.grace)
        defer { server.stop() }
        let session = try Browser.run([
            ["open": server.url],
            LivePage.waitFor("window.graphinspectLive && window.graphinspectLive.leaked === 2 && document.querySelectorAll('#retained button').length === 2"),
            ["count": "#picture g.node.leaked"],
            ["texts": "#retained button"],
        ])
        #expect(session.error == nil, "\(session.error ?? "") (\(session.screenshot))")
        guard session.results.count == 4 else { return }
        #expect(session.results[1] as? Bool == true)
        #expect(session.results[2] as? Int == 2)
        let names = (session.results[3] as? [String] ?? []).map { String($0.dropFirst("retained after detach: ".count).prefix { $0 != "#" }) }
        #expect(names == ["OffGameModule \"offGame\" ", "TicTacToeModule \"ticTacToe\" "], "\(names)")
    }
}
#endif
