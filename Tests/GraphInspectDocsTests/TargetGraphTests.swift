import Foundation
import GraphInspectGraphviz
import Testing
import GraphInspectTestSupport

/// The package's targets and the way data flows through them, read from the sources' own
/// `import` lines (so the picture in docs/architecture.md cannot drift), and held to the flow:
/// no target imports one that comes after it.
@Suite struct TargetGraphTests {
    /// The flow, first to last. A target imports only targets of earlier layers.
    static let layers: [(name: String, targets: [String])] = [
        ("C", ["CGraphInspectAtomics", "CGraphInspectProcess", "CGraphviz"]),
        ("Graphviz's DOT reader (C)", ["CGraphvizReader"]),
        ("runtime, events, recorder", ["GraphInspect"]),
        ("apps, traces read back", ["GraphInspectSample", "GraphInspectMacros", "GraphInspectTrace", "GraphInspectGeneratedApp"]),
        ("model, renderer, LSP messages", ["GraphInspectDiagram", "GraphInspectCheckContract", "GraphInspectGraphviz", "GraphInspectLSPProtocol"]),
        ("text, review, rules, queries, JSON-RPC", ["GraphInspectText", "GraphInspectReview", "GraphInspectRules", "GraphInspectQuery", "GraphInspectLSPTransport"]),
        ("pages, check, rules' YAML, tests, language server", ["GraphInspectPages", "GraphInspectStatic", "GraphInspectRulesYAML", "GraphInspectTesting", "GraphInspectLanguageServer"]),
        ("CLI, fuzz targets", ["GraphInspectCLI", "GraphInspectFuzzTargets"]),
        ("live server (the live command's, with SwiftNIO)", ["GraphInspectLive"]),
        ("executables", [
            "graphinspect", "graphinspect-check", "graphinspect-rules", "graphinspect-build-check", "graphinspect-live", "graphinspect-bench",
            "fuzz-line-decoder", "fuzz-snapshot-decoder", "fuzz-trace-reader", "fuzz-baseline-reader", "fuzz-lsp-messages",
        ]),
    ]
    /// Targets outside the flow: build-time tools.
    static let tools = ["GraphInspectMacroPlugin", "graphinspect-embed"]

    static let sources = Golden.packageRoot.appendingPathComponent("Sources")

    /// Each target's imports of the package's own targets (a C target's: its `graphviz/` includes).
    static func imports() throws -> [String: Set<String>] {
        let targets = try FileManager.default.contentsOfDirectory(atPath: sources.path).filter { !$0.hasPrefix(".") }
        let moduleNames = Dictionary(uniqueKeysWithValues: targets.map { ($0.replacingOccurrences(of: "-", with: "_"), $0) })
        var imports: [String: Set<String>] = [:]
        for target in targets {
            var found: Set<String> = []
            let walker = FileManager.default.enumerator(atPath: sources.appendingPathComponent(target).path)
            while let file = walker?.nextObject() as? String {
                guard file.hasSuffix(".swift") || file.hasSuffix(".c") || file.hasSuffix(".h") else { continue }
                let text = try String(contentsOf: sources.appendingPathComponent(target).appendingPathComponent(file), encoding: .utf8)
                for line in text.split(separator: "\n") {
                    let words = line.split(separator: " ")
                    if let index = words.firstIndex(of: "import"), index + 1 < words.count, words[..<index].allSatisfy({ $0.hasPrefix("@") }),
                       let imported = moduleNames[String(words[index + 1])], imported != target {
                        found.insert(imported)
                    }
                    if line.hasPrefix("#include <graphviz/"), target != "CGraphviz" { found.insert("CGraphviz") }
                }
            }
            imports[target] = found
        }
        return imports
    }

    static func layer(of target: String) -> Int? {
        layers.firstIndex { $0.targets.contains(target) }
    }

    /// The picture: one row per layer, first at the top, an arrow from each target to what it imports.
    static func dot(_ imports: [String: Set<String>]) -> String {
        var out = "digraph targets {\n  graph [rankdir=TB, nodesep=0.12, ranksep=0.35, fontname=\"Helvetica\", fontsize=13]\n"
        out += "  node [shape=box, style=\"rounded,filled\", fillcolor=\"#e8f0fe\", color=\"#4a6fa5\", fontname=\"Helvetica\", fontsize=13]\n"
        out += "  edge [color=\"#888888\", arrowsize=0.6]\n"
        for (index, layer) in layers.enumerated() {
            out += "  subgraph cluster_\(index) {\n    graph [label=\"\(layer.name)\", labeljust=l, style=\"rounded,dashed\", color=\"#bbbbbb\", fontcolor=\"#555555\"]\n"
            for target in layer.targets { out += "    \"\(target)\"\n" }
            out += "  }\n"
        }
        for target in imports.keys.sorted() where layer(of: target) != nil {
            for imported in imports[target, default: []].sorted() where layer(of: imported) != nil {
                out += "  \"\(imported)\" -> \"\(target)\"\n"
            }
        }
        return out + "}\n"
    }

    @Test func noTargetImportsOneThatComesAfterIt() throws {
        let imports = try Self.imports()
        for target in imports.keys.sorted() where !Self.tools.contains(target) {
            guard let layer = Self.layer(of: target) else {
                Issue.record("\(target) is in no layer of the flow: add it to TargetGraphTests.layers and docs/architecture.md")
                continue
            }
            for imported in imports[target, default: []].sorted() {
                let importedLayer = Self.layer(of: imported)
                #expect(importedLayer.map { $0 < layer } == true, "\(target) (\(Self.layers[layer].name)) imports \(imported), which comes after it or outside the flow")
            }
        }
    }

    /// docs/images/targets.dot and .svg are drawn from the imports; `GRAPHINSPECT_RECORD=1` (run
    /// by scripts/update-docs) redraws them.
    @Test func theArchitecturePictureIsDrawnFromTheImports() throws {
        let dot = Self.dot(try Self.imports())
        let svg = String(decoding: try GraphvizRenderer.render(dot: dot), as: UTF8.self)
        let images = Golden.packageRoot.appendingPathComponent("docs/images")
        if ProcessInfo.processInfo.environment["GRAPHINSPECT_RECORD"] == "1" {
            try dot.write(to: images.appendingPathComponent("targets.dot"), atomically: true, encoding: .utf8)
            try svg.write(to: images.appendingPathComponent("targets.svg"), atomically: true, encoding: .utf8)
            Issue.record("recorded docs/images/targets.dot and targets.svg; run again without GRAPHINSPECT_RECORD")
            return
        }
        #expect(dot == (try String(contentsOf: images.appendingPathComponent("targets.dot"), encoding: .utf8)), "docs/images/targets.dot is stale: run scripts/update-docs")
        #expect(svg == (try String(contentsOf: images.appendingPathComponent("targets.svg"), encoding: .utf8)), "docs/images/targets.svg is stale: run scripts/update-docs")
        let architecture = try String(contentsOf: Golden.packageRoot.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        #expect(architecture.contains("![the targets and the way data flows through them](images/targets.svg)"))
    }

    /// docs/architecture.md's targets table is made from Package.swift (names, and the comment
    /// above each declaration) and the sources' imports; `GRAPHINSPECT_RECORD=1` (run by
    /// scripts/update-docs) writes it. Every target the package declares has a row.
    /// Every module a target imports is one it declares in Package.swift (a build may find an
    /// undeclared one only because another target built it first).
    @Test func everyImportIsDeclared() throws {
        let root = Golden.packageRoot
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        var targets = PackageTargets(manifest: manifest)
        targets.addAppendedDependencies(manifest: manifest)
        #expect(targets.targets.first { $0.name == "GraphInspectCLITests" }?.dependencies.contains("GraphInspectStyleTicTacToe") == true)
        #expect(targets.targets.first { $0.name == "GraphInspectStatic" }?.dependencies == ["GraphInspect", "GraphInspectCheckContract", "SwiftSyntax", "SwiftParser"])
        let moduleOf = Dictionary(targets.targets.map { ($0.name.replacingOccurrences(of: "-", with: "_"), $0.name) }) { first, _ in first }
        for target in targets.targets where target.kind != "plugin" && target.kind != "systemLibrary" {
            let own = target.name.replacingOccurrences(of: "-", with: "_")
            for module in try PackageTargets.imports(under: root.appendingPathComponent(target.path), excluding: target.excluded).sorted()
            where !PackageTargets.platformModules.contains(module) && module != own {
                #expect(target.dependencies.contains(moduleOf[module] ?? module), "\(target.name) imports \(module) but does not declare it in Package.swift")
            }
        }
    }

    /// Tests sit with what they test: no test target holds more than 35% of the tests' lines
    /// (fixtures, which are read as an app's sources, left out).
    @Test func noTestTargetHoldsMoreThanAThirdOfTheTests() throws {
        let root = Golden.packageRoot
        let targets = PackageTargets(manifest: try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8))
        var lines: [String: Int] = [:]
        for target in targets.targets where target.kind == "testTarget" {
            let folder = root.appendingPathComponent(target.path)
            let walker = FileManager.default.enumerator(atPath: folder.path)
            while let file = walker?.nextObject() as? String {
                guard file.hasSuffix(".swift"), !target.excluded.contains(where: { file.hasPrefix($0 + "/") }) else { continue }
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                lines[target.name, default: 0] += text.split(separator: "\n", omittingEmptySubsequences: false).count
            }
        }
        let total = lines.values.reduce(0, +)
        #expect(lines.count >= 15 && total > 10_000, "\(lines)")
        for (target, count) in lines.sorted(by: { $0.key < $1.key }) {
            #expect(count * 100 <= total * 35, "\(target) holds \(count) of the tests' \(total) lines: split it by what its tests test")
        }
    }

    @Test func theTargetsTableIsMadeFromThePackage() throws {
        let root = Golden.packageRoot
        let targets = PackageTargets(manifest: try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8))
        #expect(targets.targets.count > 40, "Package.swift's declarations were not found")
        for group in targets.groups {
            #expect(!group.comment.isEmpty, "\(group.targets.map(\.name)) has no comment above it in Package.swift")
        }
        let table = try targets.table(root: root)
        let url = root.appendingPathComponent("docs/architecture.md")
        let architecture = try String(contentsOf: url, encoding: .utf8)
        let open = "<!-- generated: targets-table -->\n", close = "<!-- end generated -->"
        guard let start = architecture.range(of: open), let end = architecture.range(of: close, range: start.upperBound..<architecture.endIndex) else {
            Issue.record("docs/architecture.md has no targets-table block")
            return
        }
        let shown = String(architecture[start.upperBound..<end.lowerBound])
        if ProcessInfo.processInfo.environment["GRAPHINSPECT_RECORD"] == "1", shown != table {
            try architecture.replacingCharacters(in: start.upperBound..<end.lowerBound, with: table).write(to: url, atomically: true, encoding: .utf8)
            Issue.record("recorded docs/architecture.md's targets table; run again without GRAPHINSPECT_RECORD")
            return
        }
        for target in targets.targets {
            #expect(shown.contains("`\(target.name)`"), "docs/architecture.md's targets table has no row for \(target.name): run scripts/update-docs")
        }
        #expect(shown == table, "docs/architecture.md's targets table is stale: run scripts/update-docs")
    }
}
