import Foundation
import Testing
import GraphInspectTestSupport

/// `dump --format html` in a real browser: typed into, clicked, zoomed, read back.
@Suite(.ownThread) struct ExplorerTests {
    static func page(_ arguments: [String]) throws -> String {
        try Browser.page(["dump", "--format", "html"] + arguments)
    }

    @Test func searchClickAndZoomShowWhatAPersonExpects() throws {
        let url = try Self.page([])
        let session = try Browser.run([
            ["open": url],
            ["type": ["#search", "avat"]],
            ["texts": "#matches li"],
            ["key": ["#search", "ENTER"]],
            ["text": "#panel-title"],
            ["texts": "#panel-body li"],
            ["count": "g.node.selected"],
            ["count": "g.edge.onpath"],
            ["attr": ["#picture", "data-zoom"]],
            ["clickNode": "c13"],
            ["text": "#panel-title"],
            ["texts": "#panel-body li"],
            ["click": "#fit"],
            ["attr": ["#picture", "data-zoom"]],
            ["wheel": ["#picture", -100]],
            ["attr": ["#picture", "data-zoom"]],
            ["key": ["body", "-"]],
            ["attr": ["#picture", "data-zoom"]],
        ])
        #expect(session.error == nil, "\(session.error ?? "") (screenshot: \(session.screenshot))")
        guard session.results.count == 19 else { return }
        #expect(session.results[2] as? [String] == ["AvatarComponent #17", "AvatarModule \"avatar\" #18", "AvatarRouter #20"])
        // Enter chose the first match: centred (zoomed in), highlighted, its panel open.
        #expect(session.results[4] as? String == "AvatarComponent #17")
        let panel = session.results[5] as? [String] ?? []
        #expect(panel.contains("AppComponent #1 \u{203A} ProfileComponent #13 \u{203A} AvatarComponent #17"))
        #expect(panel.contains("profileStore: ProfileStore <- ProfileComponent #13 (1 hop)"))
        #expect(panel.contains("module: AvatarModule \"avatar\" #18"))
        #expect(session.results[6] as? Int == 1)
        #expect((session.results[7] as? Int ?? 0) >= 3, "its lookups and its parents up to the root are highlighted")
        #expect(Double(session.results[8] as? String ?? "") ?? 0 > 1)
        // A click on ProfileComponent: who resolved from it.
        #expect(session.results[10] as? String == "ProfileComponent #13")
        let profile = session.results[12] as? [String] ?? []
        #expect(profile.contains("AvatarComponent #17: profileStore: ProfileStore (1 lookup)"))
        #expect(profile.contains("ProfileDetailsComponent #15: profileStore: ProfileStore (1 lookup)"))
        // Fit, wheel in, key out.
        #expect(session.results[13] as? String == "1")
        #expect(session.results[15] as? String == "1.2")
        #expect(session.results[17] as? String == "0.96")
        #expect(session.console == [], "\(session.console)")
        #expect(session.dialog == nil)
    }

    @Test func failedLookupsComeFirstAndShowTheirWalk() throws {
        let url = try Self.page(["--sample", "modules-dying"])
        let session = try Browser.run([
            ["open": url],
            ["texts": "#failures > li"],
            ["count": "#failures pre"],
            ["click": "button.failure"],
            ["visible": "#failures pre"],
            ["text": "#failures pre"],
            ["texts": "g.node.selected > title"],
            ["text": "#panel-title"],
        ])
        #expect(session.error == nil, "\(session.error ?? "") (screenshot: \(session.screenshot))")
        guard session.results.count == 8 else { return }
        #expect((session.results[1] as? [String])?.first == "1 failed lookup (click one to see its walk):")
        #expect(session.results[2] as? Int == 0, "a report is made when first opened")
        #expect(session.results[4] as? Bool == true)
        // The report as `why` prints it, line for line (the page holds each line once, walked
        // components' lines without their numbers).
        #expect(session.results[5] as? String == SampleReports.dying)
        #expect(Set(session.results[6] as? [String] ?? []) == ["c25", "c1"])
        #expect(session.results[7] as? String == "CheckoutComponent #25")
        #expect(session.console == [], "\(session.console)")
    }

    /// A module retained after detach: red in the picture (with its legend entry), listed with
    /// the failed lookups, its report on click, and selected.
    @Test func leaksAreListedWithTheirReportAndSelected() throws {
        let url = try Self.page(["--sample", "leaking"])
        let session = try Browser.run([
            ["open": url],
            ["texts": "#failures > li"],
            ["click": "button.failure.leak"],
            ["visible": "#failures pre"],
            ["text": "#failures pre"],
            ["texts": "g.node.selected > title"],
            ["text": "#panel-title"],
        ])
        #expect(session.error == nil, "\(session.error ?? "") (screenshot: \(session.screenshot))")
        guard session.results.count == 7 else { return }
        let items = session.results[1] as? [String] ?? []
        #expect(items.first == "1 module retained after detach (a leak) (click one for its report):")
        #expect(items.dropFirst().first?.hasPrefix("retained after detach: SettingsModule \"settings\" #4 is still alive ") == true)
        #expect(session.results[3] as? Bool == true)
        let report = session.results[4] as? String ?? ""
        #expect(report.contains("\n  still alive below it: SettingsComponent #3, ViewComponentObject #5, RouterObject #6\n"))
        #expect(session.results[5] as? [String] == ["m4"])
        #expect(session.results[6] as? String == "SettingsModule \"settings\" #4")
        #expect(session.console == [], "\(session.console)")
    }

    @Test func viewsAndToggles() throws {
        let url = try Self.page([])
        let session = try Browser.run([
            ["open": url],
            ["texts": "#view option"],
            ["visible": "g.edge.k-lookup"],
            ["click": "#show-lookups"],
            ["visible": "g.edge.k-lookup"],
            ["click": "#view option:nth-child(2)"],
            ["count": "g.node"],
            ["js": "return Array.from(document.querySelectorAll('g.node title')).some(function (t) { return t.textContent.charAt(0) === 'h'; })"],
            ["type": ["#search", "SettingsComponent"]],
            ["key": ["#search", "ENTER"]],
            ["attr": ["#view", "value"]],
        ])
        #expect(session.error == nil, "\(session.error ?? "") (screenshot: \(session.screenshot))")
        guard session.results.count == 11 else { return }
        #expect(session.results[1] as? [String] == ["dependency graph", "module tree"])
        #expect(session.results[2] as? Bool == true)
        #expect(session.results[4] as? Bool == false, "unticking lookups hides them")
        #expect((session.results[6] as? Int ?? 0) > 5)
        #expect(session.results[7] as? Bool == true, "the module tree draws holders")
        // A node drawn only in the other view switches to it.
        #expect(session.results[10] as? String == "0")
        #expect(session.console == [], "\(session.console)")
    }

    /// A 10,000-component app (chains 50 deep, a lookup each): the page draws an outline of the
    /// roots and the levels that fit, opens any node in place (its + button, or found by name),
    /// and explains it. (How fast it opens and pans is the benchmark's `scale` rows.)
    @Test func tenThousandComponentsOpenInPlace() throws {
        let trace = try SyntheticTraces.deepChains(components: 10_000)
        defer { try? FileManager.default.removeItem(atPath: trace) }
        let url = try Self.page(["--trace", trace])
        let size = (try FileManager.default.attributesOfItem(atPath: URL(string: url)!.path)[.size] as? Int) ?? 0
        let session = try Browser.run([
            ["open": url],
            ["text": "#summary"],
            ["js": "return window.graphinspectExplorer.outline().shownCount()"],
            ["js": "var t = document.querySelector('g.node[data-key=\"c2\"] g.toggle text'); return t ? t.textContent : null"],
            ["click": "g.node[data-key=\"c2\"] g.toggle"],
            ["js": "return window.graphinspectExplorer.outline().shownCount()"],
            ["count": "g.node[data-key=\"c3\"]"],
            ["type": ["#search", "Deep9876"]],
            ["texts": "#matches li"],
            ["key": ["#search", "ENTER"]],
            ["sleep": 0.8],
            ["text": "#panel-title"],
            ["texts": "#panel-body li"],
            ["texts": "g.node.selected > title"],
            ["count": "g.edge.onpath"],
            ["js": "var r = document.querySelector('g.node.selected rect').getBoundingClientRect(), p = document.getElementById('picture').getBoundingClientRect();"
                + " return r.left >= p.left && r.right <= p.right && r.top >= p.top && r.bottom <= p.bottom"],
            ["js": "return document.querySelectorAll('#picture g.node').length"],
        ])
        #expect(session.error == nil, "\(session.error ?? "") (screenshot: \(session.screenshot))")
        guard session.results.count == 17 else { return }
        #expect((session.results[1] as? String)?.hasPrefix("10000 nodes are too many to read in one picture: drawn as an outline that opens in place") == true)
        // The root and its 200 chains' first components; each chain closed, with one below it.
        #expect(session.results[2] as? Int == 201)
        #expect(session.results[3] as? String == "+1")
        #expect(session.results[5] as? Int == 202, "the + opened C2's one child in place")
        #expect(session.results[6] as? Int == 1)
        #expect(session.results[8] as? [String] == ["Deep9876 #9876"])
        #expect(session.results[11] as? String == "Deep9876 #9876")
        let panel = session.results[12] as? [String] ?? []
        #expect(panel.contains("clock: Clock <- Root #1 (1 hop)"))
        #expect(panel.contains { $0.hasPrefix("Root #1 \u{203A} Deep9852 #9852 \u{203A} Deep9853 #9853") && $0.hasSuffix("Deep9876 #9876") })
        // Found by name, it is opened in place (its ancestors opened), selected and on screen.
        #expect(session.results[13] as? [String] == ["c9876"])
        #expect((session.results[14] as? Int ?? 0) >= 2, "its parent edges and its lookup")
        #expect(session.results[15] as? Bool == true)
        #expect((session.results[16] as? Int ?? 1_000) < 300, "only what is in view is in the page")
        // In proportion: no pre-drawn SVG of what is not shown (it was 9 MB).
        #expect(size < 2_500_000, "\(size) bytes")
        #expect(session.console == [], "\(session.console)")
    }

    /// Names are data: a `<script>` or an `onerror` in a name is shown as text, never run.
    @Test func hostileNamesStayText() throws {
        let evil = "<img src=x onerror=alert(1)><script>alert(2)</script>"
        let lines = [
            #"{"format":"graphinspect-trace","version":2}"#,
            #"{"event":"created","id":1,"kind":"component","type":"App.\#(evil)","providers":[{"name":"\#(evil)","type":"App.T","form":"stored"}]}"#,
            #"{"event":"lookup","requester":1,"name":"\#(evil)x","type":"App.T","walk":[1],"cacheHit":false}"#,
        ]
        let trace = FileManager.default.temporaryDirectory.appendingPathComponent("evil-\(UUID().uuidString).ndjson").path
        defer { try? FileManager.default.removeItem(atPath: trace) }
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: trace))
        let url = try Self.page(["--trace", trace])
        let session = try Browser.run([
            ["open": url],
            ["type": ["#search", "script"]],
            ["key": ["#search", "ENTER"]],
            ["text": "#panel-title"],
            ["click": "button.failure"],
            ["count": "img"],
            ["js": "return document.title"],
        ])
        #expect(session.error == nil, "\(session.error ?? "") (screenshot: \(session.screenshot))")
        guard session.results.count == 7 else { return }
        #expect(session.results[3] as? String == "\(evil) #1")
        #expect(session.results[5] as? Int == 0)
        #expect(session.dialog == nil)
        #expect(session.console == [], "\(session.console)")
    }
}
