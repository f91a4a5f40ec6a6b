import Foundation
import Testing
import GraphInspectTestSupport

/// The pages' JavaScript lives in real files (Sources/GraphInspectPages/Assets), embedded into the
/// binary when it is built. Each script runs in Chromium in every page that carries it, with no
/// syntax or runtime error in the console, and runs to its end.
@Suite(.serialized, .ownThread) struct PageScriptTests {
    static let assets = Golden.packageRoot.appendingPathComponent("Sources/GraphInspectPages/Assets")

    /// Each page the CLI writes, and a script expression true once its own script has run through.
    static let pages: [(arguments: [String], ranThrough: String)] = [
        (["dump", "--format", "html"], "return window.graphinspectExplorer.ready === true && typeof PanZoom === 'function'"),
        (["dump", "--format", "html", "--sample", "modules-dying"], "return window.graphinspectExplorer.ready === true"),
        (["dump", "--format", "html", "--sample", "school"], "return window.graphinspectExplorer.ready === true"),
        (["replay", "--diagram", "basic-flow", "--format", "html"], "return document.querySelector('#picture svg') !== null && document.getElementById('words').textContent.length > 0"),
        (["replay", "--diagram", "dependency-flow", "--format", "html"], "return document.querySelector('#picture svg') !== null && document.getElementById('words').textContent.length > 0"),
    ]

    static func errors(in console: [String]) -> [String] {
        console.filter { !$0.contains("favicon.ico") }
    }

    @Test func everyScriptRunsWithoutAnErrorInEveryPageThatCarriesIt() throws {
        let scripts = try FileManager.default.contentsOfDirectory(atPath: Self.assets.path).filter { $0.hasSuffix(".js") }.sorted()
        #expect(scripts == ["explorer-data.js", "explorer.js", "frames.js", "live.js", "outline.js", "panel.js", "panzoom.js", "replay.js", "stepper.js"])
        var carried: Set<String> = []
        // The player `replay --frames` writes beside its frames.
        let frames = FileManager.default.temporaryDirectory.appendingPathComponent("frames-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: frames) }
        let written = try Executable.run("graphinspect", ["replay", "--diagram", "basic-flow", "--frames", frames.path])
        #expect(written.status == 0, "\(written.stderr)")
        let framesPage = (arguments: ["replay", "--frames"], url: "file://" + frames.appendingPathComponent("index.html").path,
                          ranThrough: "return document.getElementById('counter').textContent.indexOf('step 1 of ') === 0")
        var pages: [(arguments: [String], url: String, ranThrough: String)] = []
        for page in Self.pages { pages.append((page.arguments, try Browser.page(page.arguments), page.ranThrough)) }
        // An explorer too big for one picture: its outline.
        let big = try SyntheticTraces.deepChains(components: 400)
        defer { try? FileManager.default.removeItem(atPath: big) }
        pages.append((["dump", "--format", "html", "--trace", "(400 components)"], try Browser.page(["dump", "--format", "html", "--trace", big]),
                      "return window.graphinspectExplorer.outline() !== null && document.querySelectorAll('#picture g.node').length > 0"))
        for page in pages + [framesPage] {
            let session = try Browser.run([["open": page.url], ["js": page.ranThrough], ["js": "return document.documentElement.outerHTML"]])
            // The page as served (a file, or the live server's answer), scripts included.
            let html = session.results.last as? String ?? ""
            for script in scripts where html.contains(try String(contentsOf: Self.assets.appendingPathComponent(script), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)) {
                carried.insert(script)
            }
            #expect(session.error == nil, "\(page.arguments): \(session.error ?? "")")
            #expect(Self.errors(in: session.console).isEmpty, "\(page.arguments): \(session.console)")
            #expect(session.results.count == 3 && session.results[1] as? Bool == true, "\(page.arguments): the script did not run to its end (\(session.screenshot))")
        }
        // live.js is the live server's (its page is checked in the same way by LiveTests).
        #expect(carried == Set(scripts).subtracting(["live.js"]), "scripts in no page: \(Set(scripts).subtracting(carried))")
    }

    /// The check above can fail: a page whose script has a syntax error shows it in the console.
    @Test func aScriptWithASyntaxErrorIsCaught() throws {
        let url = try Browser.page(["replay", "--diagram", "basic-flow", "--format", "html"])
        let file = URL(string: url)!
        let html = try String(contentsOf: file, encoding: .utf8)
        let replay = try String(contentsOf: Self.assets.appendingPathComponent("replay.js"), encoding: .utf8)
        try html.replacingOccurrences(of: replay, with: replay.replacingOccurrences(of: "(function () {", with: "(function () {)"))
            .write(to: file, atomically: true, encoding: .utf8)
        let session = try Browser.run([["open": url]])
        #expect(Self.errors(in: session.console).contains { $0.contains("SyntaxError") }, "\(session.console)")
    }
}
