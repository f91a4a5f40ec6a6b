import Foundation
import GraphInspect
import GraphInspectDiagram
import GraphInspectPages
import GraphInspectTrace
import Testing
import GraphInspectTestSupport

/// The explorer page's data leaves out what the page can make again (`PageShorthand`), and
/// `explorer-data.js` puts it back. Read in Chromium, the page's data must be exactly the data
/// written whole: every node, every outline row, every failed lookup's walk and report (as `why`
/// prints it), on names made to trip each rule: no dot in a type, generics, combining marks,
/// emoji, `: ` and backticks in names, quotes, `<`, newlines, a recorded kind, a lookup typed
/// unlike its provider, a computed provider, walks long enough to be cut short and one short.
@Suite(.ownThread) struct PageShorthandTests {
    /// A trace of `chains` chains of `depth` components under one root (200 and more nodes make
    /// the dependency view an outline), each asking for an ancestor's provider, one asking for
    /// something nobody provides; holders and modules; and every awkward name.
    static func trace(chains: Int, depth: Int) -> String {
        func json(_ text: String) -> String {
            let array = String(decoding: (try? JSONSerialization.data(withJSONObject: [text])) ?? Data(), as: UTF8.self)
            return String(array.dropFirst().dropLast())
        }
        let odd = ["plain", "a: b", "tick`s", "quote\"d", "<b>", "new\nline", "e\u{301}", "😀", "Ω≈"]
        var lines = [#"{"format":"graphinspect-trace","version":3}"#]
        lines.append(#"{"event":"created","id":1,"kind":"component","type":"Root","providers":[{"name":"clock","type":"App.Clock","form":"stored"},{"name":"late","type":"App.Late","form":"computed"}]}"#)
        var id = 1
        for chain in 0..<chains {
            var parent = 1
            var ancestors: [(id: Int, name: String, type: String)] = [(1, "clock", "App.Clock")]
            for level in 0..<depth {
                id += 1
                let word = odd[(chain + level) % odd.count]
                let type = level % 5 == 3 ? "App.Box<App.\(word)>" : level % 7 == 4 ? "NoDot\(word)" : "App.Cafe\u{301}\(word)\(id)"
                let name = "\(word)\(id)", provided = "App.\(word)Service\(id)"
                lines.append(#"{"event":"created","id":\#(id),"kind":"component","type":\#(json(type)),"parent":\#(parent),"providers":[{"name":\#(json(name)),"type":\#(json(provided)),"form":"stored"}]}"#)
                let walkUp = [id] + ancestors.reversed().map(\.id)
                let target = ancestors[(id * 7) % ancestors.count]
                let walk = walkUp.prefix { $0 != target.id } + [target.id]
                // Typed unlike its provider now and then (asked as `Any`): that entry stays whole.
                let asked = id % 11 == 0 ? "Any" : target.type
                lines.append(#"{"event":"lookup","requester":\#(id),"name":\#(json(target.name)),"type":\#(json(asked)),"walk":[\#(walk.map(String.init).joined(separator: ","))],"provider":\#(target.id),"cacheHit":false}"#)
                if level == depth - 1 {
                    lines.append(#"{"event":"lookup","requester":\#(id),"name":\#(json("missing " + word)),"type":"App.X","walk":[\#(walkUp.map(String.init).joined(separator: ","))],"cacheHit":false}"#)
                }
                ancestors.append((id, name, provided))
                parent = id
            }
        }
        // A recorded kind, a released component, a failure with a short walk.
        lines.append(#"{"event":"created","id":\#(id + 1),"kind":"cache","type":"App.ImageCache","parent":1}"#)
        lines.append(#"{"event":"created","id":\#(id + 2),"kind":"component","type":"App.Gone","parent":1,"providers":[]}"#)
        lines.append(#"{"event":"released","id":\#(id + 2),"time":5}"#)
        lines.append(#"{"event":"created","id":\#(id + 3),"kind":"component","type":"App.Near","parent":1,"providers":[]}"#)
        lines.append(#"{"event":"created","id":\#(id + 4),"kind":"component","type":"App.Nearer","parent":\#(id + 3),"providers":[]}"#)
        lines.append(#"{"event":"lookup","requester":\#(id + 4),"name":"nowhere","type":"App.X","walk":[\#(id + 4),\#(id + 3),1],"cacheHit":false}"#)
        // Holders and modules, one with a quote in its key.
        let holder = id + 5
        lines.append(#"{"event":"created","id":\#(holder),"kind":"holder","type":"App.Holder","key":"h\"0","component":1}"#)
        for index in 0..<3 {
            let module = holder + 1 + index * 2
            lines.append(#"{"event":"created","id":\#(module),"kind":"module","type":"App.Feature\#(index)Module","key":"m\#(index)","parent":\#(holder),"component":\#(2 + index)}"#)
            lines.append(#"{"event":"moduleAttached","holder":\#(holder),"module":\#(module)}"#)
            lines.append(#"{"event":"created","id":\#(module + 1),"kind":"router","type":"App.Router","parent":\#(module)}"#)
            lines.append(#"{"event":"routerAttached","module":\#(module),"router":\#(module + 1)}"#)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The page's data as `explorer-data.js` makes it, from a page written in shorthand.
    static let readBack = """
        var data = ExplorerPageData(JSON.parse(document.getElementById("explorer-data").textContent));
        return JSON.stringify({ nodes: data.nodes, outlines: data.views.map(function (view) { return view.outline ? view.outline.nodes : null; }),
          failures: data.failures.list.map(function (failure) { return [failure.requester, failure.walk, failure.headline, failure.report()]; }) });
        """

    @Test(arguments: [(chains: 2, depth: 20), (chains: 12, depth: 20)])
    func thePageReadsBackItsDataWhole(shape: (chains: Int, depth: Int)) throws {
        let snapshot = try TraceReader().read(bytes: Array(Self.trace(chains: shape.chains, depth: shape.depth).utf8), name: "shorthand").snapshot
        let outlined = try Self.expectReadBackWhole(snapshot)
        #expect(outlined == (shape.chains > 5), "the big shape is an outline, the small one a picture")
        #expect(snapshot.failures().count == shape.chains + 1)
    }

    /// The same on apps this code was not written for: the sample apps' recorded runs, Uber's
    /// RIBs tutorial port among them.
    @Test(arguments: ["ribs", "dying", "school", "screen", "signup", "leaking"])
    func aSampleAppsPageReadsBackWhole(sample: String) throws {
        let trace = FileManager.default.temporaryDirectory.appendingPathComponent("shorthand-\(sample)-\(UUID().uuidString).ndjson").path
        defer { try? FileManager.default.removeItem(atPath: trace) }
        _ = try Executable.run("graphinspect-sample-\(sample)", [], environment: ["GRAPHINSPECT_TRACE": trace])
        let snapshot = try TraceReader().read(path: trace).snapshot
        #expect(!snapshot.nodes.isEmpty)
        _ = try Self.expectReadBackWhole(snapshot)
    }

    /// Writes `snapshot`'s page in shorthand, reads its data back in Chromium through
    /// `explorer-data.js`, and expects it to be the data written whole: every node, every outline
    /// row, every failed lookup's walk and report. Returns whether a view was an outline.
    static func expectReadBackWhole(_ snapshot: GraphSnapshot) throws -> Bool {
        let views = try ExplorerData.views(of: snapshot, options: DiagramOptions(summarizeAbove: 150)) { _, _ in "<svg></svg>" }
        let short = ExplorerData(snapshot: snapshot, views: views, title: "shorthand")
        let whole = ExplorerData(snapshot: snapshot, views: views, title: "shorthand", shorthand: false)
        #expect(short.json.utf8.count <= whole.json.utf8.count, "\(short.json.utf8.count) bytes against \(whole.json.utf8.count) whole")
        if snapshot.nodes.count > 100 {
            #expect(short.json.utf8.count * 10 < whole.json.utf8.count * 9, "\(short.json.utf8.count) bytes against \(whole.json.utf8.count) whole")
        }

        let page = FileManager.default.temporaryDirectory.appendingPathComponent("shorthand-\(UUID().uuidString).html")
        defer { try? FileManager.default.removeItem(at: page) }
        try Data(ExplorerPage().html(short, title: "shorthand").utf8).write(to: page)
        let session = try Browser.run([["open": page.absoluteString], ["js": Self.readBack]])
        #expect(session.error == nil, "\(session.error ?? "") (screenshot: \(session.screenshot))")
        #expect(session.console == [], "\(session.console)")
        let read = try #require(try JSONSerialization.jsonObject(with: Data((session.results.last as? String ?? "").utf8)) as? [String: Any])
        let expected = try #require(try JSONSerialization.jsonObject(with: Data(whole.json.utf8)) as? [String: Any])

        let nodes = try #require(read["nodes"] as? [String: Any]), wholeNodes = try #require(expected["nodes"] as? [String: Any])
        #expect(nodes.count == snapshot.nodes.count)
        for (key, node) in wholeNodes {
            #expect(NSArray(array: nodes[key] as? [Any] ?? []).isEqual(to: node as? [Any] ?? [NSNull()]), "\(key): \(nodes[key] ?? "none") against \(node)")
        }
        let outlines = read["outlines"] as? [Any] ?? []
        let wholeViews = expected["views"] as? [[String: Any]] ?? []
        #expect(outlines.count == wholeViews.count)
        for (outline, view) in zip(outlines, wholeViews) {
            let rows = (view["outline"] as? [String: Any])?["nodes"] as? [Any]
            #expect(NSArray(array: outline as? [Any] ?? []).isEqual(to: rows ?? []) || (outline is NSNull && rows == nil))
        }

        let failures = snapshot.failures()
        let shown = read["failures"] as? [[Any]] ?? []
        #expect(shown.count == failures.count)
        for (held, failure) in zip(shown, failures) {
            let report = failure.report(style: .plain)
            #expect(held[3] as? String == report)
            #expect(held[2] as? String == report.split(separator: "\n").first.map(String.init))
            guard case .dependency(let missing, _) = failure else { continue }
            #expect(held[0] as? String == "c\(missing.requester.id.rawValue)")
            #expect(held[1] as? [String] == missing.walk.map { "c\($0.id.rawValue)" })
        }
        return views.contains { $0.outline != nil }
    }
}
