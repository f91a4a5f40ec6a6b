import Foundation
import GraphInspect
import Testing
@testable import GraphInspectGraphviz
@testable import GraphInspectDiagram

/// Names chosen by app authors must come out as literal text in every picture format.
@Suite struct HostileNameTests {
    static let hostile = [
        "quote\"d", "back\\slash", "new\nline", "<b>bold</b>", "amp&ersand", "uni©ode 名前 🙂",
        // Tries to close the label and inject an attribute and a node.
        "x>, fontcolor=\"red\", evil=<y",
        "\"]; injected [label=\"pwned",
        "<script>alert(1)</script>",
        "tab\there",
    ]

    /// A snapshot whose types, keys and provider names are all hostile.
    static func snapshot() -> GraphSnapshot {
        var events: [GraphEvent] = [
            .created(NodeCreated(id: ObjectID(1), kind: .component, type: "App.Root")),
            .created(NodeCreated(id: ObjectID(2), kind: .holder, type: "App.Holder", key: hostile[6], component: ObjectID(1))),
        ]
        for (index, name) in hostile.enumerated() {
            let id = ObjectID(UInt64(10 + index))
            events.append(.created(NodeCreated(id: id, kind: .component, type: "App." + name, parent: ObjectID(1))))
            events.append(.lookup(DependencyLookup(requester: id, name: name, type: "App.T", walk: [id, ObjectID(1)], provider: nil, cacheHit: false)))
        }
        return GraphSnapshot(events: events)
    }

    @Test func graphvizParsesExactlyTheIntendedNodesAndLabels() throws {
        let snapshot = Self.snapshot()
        let dot = try DOTWriter().write(snapshot, options: DiagramOptions(legend: false))
        let parsed = try GraphvizRenderer.nodes(of: dot, attributes: ["label", "fontcolor", "evil"])
        let diagram = try DiagramBuilder().build(snapshot)
        // Exactly the diagram's nodes, no injected ones.
        #expect(parsed.map(\.name).sorted() == diagram.nodes.map(\.id).sorted())
        #expect(!parsed.contains { $0.name == "injected" })
        for node in diagram.nodes {
            let attributes = try #require(parsed.first { $0.name == node.id }?.attributes)
            #expect(attributes["label"] == DOTLabel.lines([node.title] + node.details))
            // No attribute came out of a name.
            #expect(attributes["evil"] == nil || attributes["evil"] == "")
            if node.kind != .missing { #expect(attributes["fontcolor"] == nil || attributes["fontcolor"] == "") }
        }
        // And the SVG shows each name as itself (XML-escaped where XML needs it).
        let svg = String(decoding: try GraphvizRenderer.render(dot: dot), as: UTF8.self)
        for shown in [
            "&lt;script&gt;alert(1)&lt;/script&gt;", "quote&quot;d", "back\\slash", "new\\nline", "&lt;b&gt;bold&lt;/b&gt;",
            "amp&amp;ersand", "uni©ode 名前 🙂", "x&gt;, fontcolor=&quot;red&quot;, evil=&lt;y", "&quot;]; injected [label=&quot;pwned",
            "tab\\there",
        ] {
            #expect(svg.contains(">" + shown + "</text>") || svg.contains(">App." + shown + "</text>") || svg.contains(shown + ": T</text>"), "SVG does not show \(shown)")
        }
        #expect(!svg.contains("<script>"))
    }

    @Test func labelTextDoublesBackslashesAndKeepsEverythingLiteral() {
        #expect(DOTLabel.literal("a\\b&c\n\u{7}<\"") == #"a\\b&amp;c\\n\\u{7}<""#)
        #expect(DOTLabel.lines(["one", "two"]) == #"one\ntwo"#)
    }

    @Test func nameEndingInABackslashCannotEscapeTheClosingQuote() throws {
        let snapshot = GraphSnapshot(events: [.created(NodeCreated(id: ObjectID(1), kind: .holder, type: "App.H", key: "ends\\"))])
        let dot = try DOTWriter().write(snapshot, options: DiagramOptions(legend: false))
        let parsed = try GraphvizRenderer.nodes(of: dot, attributes: ["label"])
        #expect(parsed.map(\.name) == ["h1"])
    }

    @Test func mermaidKeepsNamesAsText() throws {
        let mermaid = try MermaidWriter().write(Self.snapshot())
        #expect(!mermaid.contains("<script>"))
        #expect(!mermaid.contains("<b>bold"))
        #expect(mermaid.contains("#60;script#62;alert(1)#60;/script#62;"))
        // Every label is one quoted string: quotes inside names are entities.
        for line in mermaid.split(separator: "\n") where line.contains("[\"") || line.contains("(\"") {
            #expect(line.filter { $0 == "\"" }.count == 2, "\(line)")
        }
    }
}
