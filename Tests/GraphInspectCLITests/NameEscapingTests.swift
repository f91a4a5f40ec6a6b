import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import GraphInspect
import Testing
import GraphInspectTestSupport

/// Hostile names in every field a trace carries, through every output: each output is
/// well-formed, shows nothing but the names' own text, and has the shape of a benign twin (the
/// same trace with plain names).
@Suite(.ownThread) struct NameEscapingTests {
    static let hostile = [
        "quote\"d", "back\\slash", "ends\\", "\"]; evil [label=\"x", "a\\\"];evil2[label=\"y",
        "x\"];evil3[label=<<a href=\"javascript:alert(1)\">z</a>>];q[\"", "nul\u{0}byte",
        "ctl\r\t\u{7}\u{1B}[31mred", "<script>alert(1)</script>", "</svg><svg onload=alert(1)>", "javascript:alert(1)",
        "bidi\u{202E}txet\u{2066}", "uni©ode 名前 🙂", String(repeating: "L", count: 20_000), "new\nline", "amp&ersand;&lt;",
        "x>, fontcolor=\"red\", evil=<y", "%s%n{}$(id)`id`", "\u{FEFF}bom\u{200B}zw",
    ]
    /// Words no two of which are a typo apart (so the reports' near misses match the hostile run's).
    static let benign = "alpha bravo charlie delta echo foxtrot golf hotel india juliett kilo lima mike november oscar papa quebec romeo sierra"
        .split(separator: " ").map(String.init)

    /// A trace with `names` as types, keys, provider and lookup names, kinds, link labels, builder
    /// and context types and the program's name.
    static func trace(_ names: [String]) throws -> String {
        func line(_ object: [String: Any]) throws -> String {
            String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
        }
        var lines = [try line(["format": "graphinspect-trace", "version": 2, "pid": 1, "program": names[0]])]
        lines.append(try line(["event": "created", "id": 1, "kind": "component", "type": "App.Root",
                               "providers": names.map { ["name": $0, "type": "App.T" + $0, "form": "stored"] }]))
        lines.append(try line(["event": "created", "id": 2, "kind": "holder", "type": "App.Holder", "key": "root", "component": 1]))
        for (index, name) in names.enumerated() {
            let base = 10 + index * 10
            lines += [
                try line(["event": "created", "id": base, "kind": "component", "type": "App." + name, "parent": 1,
                          "providers": [["name": name, "type": "App." + name, "form": "lazy"]]]),
                try line(["event": "lookup", "requester": base, "name": name, "type": "App.T" + name, "walk": [base, 1], "provider": 1, "cacheHit": false]),
                try line(["event": "lookup", "requester": base, "name": name, "type": "App.U" + name, "walk": [base, 1], "cacheHit": false]),
                try line(["event": "builderStarted", "run": base + 1, "builder": "App.B" + name, "parentComponent": 1, "holder": 2, "context": ["App.C" + name]]),
                try line(["event": "created", "id": base + 2, "kind": "module", "type": "App.M" + name, "key": name, "parent": 2, "component": base]),
                try line(["event": "builderFinished", "run": base + 1, "module": base + 2]),
                try line(["event": "moduleAttached", "holder": 2, "module": base + 2]),
                try line(["event": "created", "id": base + 3, "kind": name, "type": "App.K" + name, "parent": base]),
                try line(["event": "linked", "from": base, "to": base + 3, "kind": name, "label": name]),
                try line(["event": "moduleLookup", "requester": 2, "key": name, "target": "module", "walk": [2], "module": base + 2, "holder": 2]),
                try line(["event": "moduleLookup", "requester": 2, "key": name + "?", "target": "router", "walk": [2]]),
            ]
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString).ndjson").path
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: file))
        return file
    }

    /// `graphinspect ARGUMENTS --trace TRACE -o FILE`'s output, which must succeed.
    static func output(_ arguments: [String], trace: String, extension ext: String) throws -> Data {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString).\(ext)").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        let result = try Executable.run("graphinspect", arguments + ["--trace", trace, "-o", file])
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return try Data(contentsOf: URL(fileURLWithPath: file))
    }

    /// Characters a terminal acts on (C0/C1 controls but the newline, and format characters such as
    /// bidi overrides).
    static func invisible(_ text: String) -> [Unicode.Scalar] {
        text.unicodeScalars.filter {
            $0 != "\n" && ($0.properties.generalCategory == .control || $0.properties.generalCategory == .format)
        }
    }

    @Test func textOutputsShowControlCharactersEscapedAndKeepTheirShape() throws {
        let (bad, good) = (try Self.trace(Self.hostile), try Self.trace(Self.benign))
        defer { for file in [bad, good] { try? FileManager.default.removeItem(atPath: file) } }
        for arguments in [["dump"], ["why"], ["replay", "--diagram", "basic-flow"], ["replay", "--diagram", "dependency-flow"]] {
            let run = { (trace: String) in try Executable.run("graphinspect", arguments + ["--trace", trace]) }
            let (hostile, benign) = (try run(bad), try run(good))
            #expect(hostile.status == benign.status, "\(arguments): \(hostile.stderr)")
            #expect(Self.invisible(hostile.stdout) == [], "\(arguments)")
            #expect(Self.invisible(hostile.stderr) == [], "\(arguments)")
            #expect(hostile.stdout.split(separator: "\n", omittingEmptySubsequences: false).count
                == benign.stdout.split(separator: "\n", omittingEmptySubsequences: false).count, "\(arguments)")
            // Escaped, not dropped: the ESC of `ESC[31m` shows as text.
            if arguments == ["dump"] { #expect(hostile.stdout.contains(#"ctl\r\t\u{7}\u{1b}[31mred"#)) }
        }
    }

    @Test func jsonKeepsEveryNameWhole() throws {
        let trace = try Self.trace(Self.hostile)
        defer { try? FileManager.default.removeItem(atPath: trace) }
        let snapshot = try JSONDecoder().decode(GraphSnapshot.self, from: try Self.output(["dump", "--format", "json"], trace: trace, extension: "json"))
        let types = Set(snapshot.nodes.map(\.type))
        let keys = Set(snapshot.nodes.compactMap(\.key))
        let kinds = Set(snapshot.nodes.map(\.kind.rawValue))
        for name in Self.hostile {
            #expect(types.contains("App." + name) && types.contains("App.M" + name) && keys.contains(name) && kinds.contains(name))
        }
    }

    /// Graphviz's own `dot` is the oracle: it accepts our DOT, and draws exactly the twin's nodes
    /// and edges; both SVGs (its and ours) parse as XML with the twin's elements and attributes.
    @Test func dotAndSVGHaveTheBenignTwinsShape() throws {
        let (bad, good) = (try Self.trace(Self.hostile), try Self.trace(Self.benign))
        defer { for file in [bad, good] { try? FileManager.default.removeItem(atPath: file) } }
        for view in [["--view", "dependencies"], ["--view", "modules"], ["--view", "all"]] {
            var shapes: [[String: Int]] = []
            for trace in [bad, good] {
                let dot = try Self.output(["dump", "--format", "dot"] + view, trace: trace, extension: "dot")
                let dotFile = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString).dot").path
                defer { try? FileManager.default.removeItem(atPath: dotFile) }
                try dot.write(to: URL(fileURLWithPath: dotFile))
                let oracle = try Executable.run("/usr/bin/dot", ["-Tsvg", dotFile])
                #expect(oracle.status == 0, "dot refused it: \(oracle.stderr)")
                let ours = try Self.output(["dump", "--format", "svg"] + view, trace: trace, extension: "svg")
                let byDot = try XMLShape.of(Data(oracle.stdout.utf8))
                let byUs = try XMLShape.of(ours)
                #expect(byDot == byUs, "\(view): dot and the in-process renderer drew different structures")
                shapes.append(byUs)
            }
            // Node shapes follow the recorded kind's name (ellipse or polygon), so the comparison is
            // of what the drawing holds: nodes, edges, clusters, lines of text, and no element or
            // attribute the twin's drawing does not have.
            for counted in ["g.class=node", "g.class=edge", "g.class=cluster", "text", "title"] {
                #expect(shapes[0][counted] == shapes[1][counted], "\(view): \(counted)")
            }
            let elements = Set(shapes[0].keys.filter { !$0.contains("@") && !$0.contains(".") })
            #expect(elements.isSubset(of: ["svg", "g", "title", "text", "path", "polygon", "ellipse", "polyline"]), "\(view): \(elements)")
            let attributes = { (shape: [String: Int]) in Set(shape.keys.compactMap { $0.split(separator: "@").dropFirst().first.map(String.init) }) }
            #expect(attributes(shapes[0]).isSubset(of: attributes(shapes[1]).union(["cx", "cy", "rx", "ry", "points"])), "\(view)")
            #expect((shapes[0]["g.class=node"] ?? 0) > 50)
        }
        let png = try Self.output(["dump", "--format", "png"], trace: bad, extension: "png")
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
    }

    @Test func mermaidAndHTMLKeepTheirShape() throws {
        let (bad, good) = (try Self.trace(Self.hostile), try Self.trace(Self.benign))
        defer { for file in [bad, good] { try? FileManager.default.removeItem(atPath: file) } }
        let mermaid = try [bad, good].map { String(decoding: try Self.output(["dump", "--format", "mermaid"], trace: $0, extension: "mmd"), as: UTF8.self) }
        #expect(mermaid[0].split(separator: "\n").count == mermaid[1].split(separator: "\n").count)
        #expect(Self.invisible(mermaid[0]) == [])
        for line in mermaid[0].split(separator: "\n") {
            #expect(line.filter { $0 == "\"" }.count % 2 == 0, "\(line.prefix(200))")
        }
        for command in [["replay", "--diagram", "basic-flow"], ["replay", "--diagram", "dependency-flow"], ["dump"]] {
            let pages = try [bad, good].map {
                String(decoding: try Self.output(command + ["--format", "html"], trace: $0, extension: "html"), as: UTF8.self)
            }
            let diagram = command.joined(separator: " ")
            // Names are data in the page's script-safe JSON and text in its SVG: no tag comes of them.
            for tag in ["<script", "</script", "<svg", "</svg", "<a ", "<b>"] {
                #expect(pages[0].components(separatedBy: tag).count == pages[1].components(separatedBy: tag).count, "\(diagram): \(tag)")
            }
        }
    }
}

/// The structure of an XML document, names only: how many of each element, and of each
/// element's attribute names, with `class` values (Graphviz's `node`, `edge`, `cluster`).
enum XMLShape {
    static func of(_ data: Data) throws -> [String: Int] {
        let delegate = Counter()
        let parser = XMLParser(data: data)
        parser.delegate = delegate
        guard parser.parse() else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "not well-formed XML: \(parser.parserError.map(String.init(describing:)) ?? "?")"])
        }
        return delegate.counts
    }

    private final class Counter: NSObject, XMLParserDelegate {
        var counts: [String: Int] = [:]
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            counts[name, default: 0] += 1
            for attribute in attributes.keys { counts[name + "@" + attribute, default: 0] += 1 }
            if let kind = attributes["class"] { counts[name + ".class=" + kind, default: 0] += 1 }
        }
    }
}
