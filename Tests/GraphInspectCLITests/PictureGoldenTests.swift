import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import GraphInspect
import GraphInspectGraphviz
import Testing
@testable import GraphInspectCLI
import GraphInspectTestSupport

@Suite(.ownThread) struct PictureGoldenTests {
    func dump(_ arguments: [String]) throws -> String {
        try GraphInspectCommand.Dump.parse(arguments).render()
    }

    @Test func sampleDOTIsPinnedAndSameEveryRun() throws {
        let dot = try dump(["--format", "dot"])
        try Golden.check(dot, against: "sample.dot")
        #expect(dot == (try dump(["--format", "dot"])))
    }

    @Test func sampleMermaidIsPinned() throws {
        try Golden.check(try dump(["--format", "mermaid"]), against: "sample.mmd")
    }

    @Test func sampleDOTIsAcceptedByGraphviz() throws {
        let dot = try dump(["--format", "dot"])
        let nodes = try GraphvizRenderer.nodes(of: dot, attributes: ["label"])
        // The dependency graph: 7 components (one released); the legend's component and "released"
        // samples, and 2 edge kinds, each a point and a caption.
        #expect(nodes.count == 13)
        #expect(nodes.contains { $0.name == "c1" && $0.attributes["label"] == #"AppComponent\n#1\nin RootHolder\n"root"\nself: network: NetworkClient"# })
    }

    /// The legend's "released" is drawn as what was released: the dependency graph released a
    /// component, so its sample is a component's rounded box; the whole picture released a
    /// component and a module, so it has one sample of each, named.
    @Test func theLegendDrawsReleasedAsTheKindsReleased() throws {
        func legend(_ arguments: [String]) throws -> [String: [String: String]] {
            let nodes = try GraphvizRenderer.nodes(of: try dump(["--format", "dot"] + arguments), attributes: ["label", "style", "fillcolor"])
            return Dictionary(nodes.filter { $0.name.hasPrefix("legend_") }.compactMap { node in node.attributes["label"].map { ($0, node.attributes) } }) { $1 }
        }
        let dependencies = try legend([])
        let released = try #require(dependencies["released"], "\(dependencies.keys)")
        #expect(released["style"] == "rounded,filled,dashed")
        #expect(released["fillcolor"] == dependencies["component: provides and looks up dependencies"]?["fillcolor"])
        let all = try legend(["--view", "all"])
        #expect(all["released"] == nil)
        #expect(all["released component"]?["style"] == "rounded,filled,dashed", "\(all.keys)")
        #expect(all["released module"]?["style"] == "filled,dashed", "\(all.keys)")
        #expect(all["released module"]?["fillcolor"] == all["module"]?["fillcolor"])
    }

    @Test func sampleSVGIsWellFormedAndTitlesEveryNode() throws {
        let dot = try dump(["--format", "dot", "--view", "all"])
        let svg = try GraphvizRenderer.render(dot: dot, format: .svg)
        let titles = try SVGTitles.read(Data(svg))
        let nodes = try GraphvizRenderer.nodes(of: dot, attributes: []).map(\.name)
        for node in nodes {
            #expect(titles.contains(node), "no <title>\(node)</title> in the SVG")
        }
        #expect(titles.contains("cluster_h14"))
    }

    @Test func sampleSVGIsByteIdenticalAcrossRenders() throws {
        #expect(try dump(["--format", "svg"]) == (try dump(["--format", "svg"])))
    }

    @Test func svgFromTheCLIIsTheRenderOfItsDOT() throws {
        let result = try Executable.run("graphinspect", ["dump", "--format", "svg"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("<?xml"))
        #expect(try SVGTitles.read(Data(result.stdout.utf8)).contains("c17"))
    }

    @Test func pngAndPDFAreWrittenAsBinary() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pictures-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for format in ["png", "pdf"] {
            let file = folder.appendingPathComponent("sample.\(format)").path
            let result = try Executable.run("graphinspect", ["dump", "--format", format, "--output", file])
            #expect(result.status == 0)
            let bytes = try Data(contentsOf: URL(fileURLWithPath: file))
            #expect(bytes.starts(with: format == "png" ? [0x89, 0x50, 0x4E, 0x47] : Array("%PDF".utf8)))
        }
    }

    @Test func renderCommandDrawsATrace() throws {
        let trace = FileManager.default.temporaryDirectory.appendingPathComponent("render-\(UUID().uuidString).ndjson").path
        defer { try? FileManager.default.removeItem(atPath: trace) }
        _ = try Executable.run("graphinspect-sample", [], environment: ["GRAPHINSPECT_TRACE": trace])
        let result = try Executable.run("graphinspect", ["render", "--trace", trace, "--format", "dot"])
        #expect(result.status == 0)
        #expect(result.stdout == (try dump(["--format", "dot"])))
    }

    @Test func filtersOnTextAreRefused() throws {
        let result = try Executable.run("graphinspect", ["dump", "--focus", "AppComponent"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("apply to dot, svg, png, pdf and mermaid, not text."))
    }

    @Test func unknownFocusNamesWhatExists() throws {
        let result = try Executable.run("graphinspect", ["dump", "--format", "dot", "--focus", "Nope"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: --focus Nope matches no component, module or holder (by type or key). Known: AppComponent, AvatarComponent, AvatarModule,"))
    }

    @Test func unknownLayoutIsRefusedWithTheChoices() throws {
        let result = try Executable.run("graphinspect", ["dump", "--format", "svg", "--layout", "spring"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("Please provide one of the following:\n  - dot\n  - neato\n  - fdp\n  - sfdp\n  - twopi\n  - circo\n"))
    }
}

/// The text of every `<title>` in an SVG, parsed as XML (which also proves it well-formed).
final class SVGTitles: NSObject, XMLParserDelegate {
    private var titles: [String] = []
    private var current: String?

    static func read(_ data: Data) throws -> [String] {
        let reader = SVGTitles()
        let parser = XMLParser(data: data)
        parser.delegate = reader
        guard parser.parse() else {
            throw parser.parserError ?? CocoaError(.coderReadCorrupt)
        }
        return reader.titles
    }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
        if elementName == "title" { current = "" }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        current? += string
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        if elementName == "title", let text = current { titles.append(text) }
        current = nil
    }
}
