import Foundation
import GraphInspect
import GraphInspectPages
import Testing
@testable import GraphInspectDiagram
import GraphInspectTestSupport

/// The data of the explorer's outline (a view too big for one picture): each node's parent in the
/// tree, always a forest, at any depth.
@Suite struct ExplorerOutlineTests {
    func diagram(_ parents: [(String, String)], holds: [(String, String)] = []) -> Diagram {
        let ids = Set(parents.flatMap { [$0.0, $0.1] } + holds.flatMap { [$0.0, $0.1] }).sorted()
        return Diagram(
            nodes: ids.map { Diagram.Node(id: $0, kind: .component, title: $0, details: [], released: false, cluster: nil) },
            clusters: [],
            edges: parents.map { Diagram.Edge(from: $0.0, to: $0.1, kind: .parent, label: []) }
                + holds.map { Diagram.Edge(from: $0.0, to: $0.1, kind: .holds, label: []) }
        )
    }

    /// A leak is marked in the outline as in the pictures: state 2, which `outline.js` draws
    /// with the `leaked` class; a released node 1; the rest 0.
    @Test func aLeakIsMarkedInTheOutline() throws {
        let leaking = DetachedModuleRun.snapshot(releases: false), released = DetachedModuleRun.snapshot(releases: true)
        let marked = ExplorerOutline(try DiagramBuilder(options: DiagramOptions(view: .modules)).build(leaking)).json
        #expect(marked.contains(#"["m2","#) && marked.contains(#",0,2]"#), "\(marked)")
        let freed = ExplorerOutline(try DiagramBuilder(options: DiagramOptions(view: .modules)).build(released)).json
        #expect(!freed.contains(",2]"), "\(freed)")
    }

    @Test func parentsComeFromParentAndHoldsEdges() {
        // c2's parent is c1 (a parent edge goes child to parent); h1 holds m1 (holder to module).
        let outline = ExplorerOutline(diagram([("c2", "c1")], holds: [("h1", "m1")]))
        // Sorted ids: c1, c2, h1, m1.
        #expect(outline.parents == [-1, 0, -1, 2])
        #expect(outline.json.contains(#"["c2","c2","",0,0,0]"#))
        #expect(outline.json.hasSuffix(##""palette":[["#e8f0fe","#4a6fa5"]]}"##))
    }

    @Test func aLoopingParentChainBecomesATree() {
        // c1 -> c2 -> c3 -> c1, and c4 under c3.
        let outline = ExplorerOutline(diagram([("c1", "c2"), ("c2", "c3"), ("c3", "c1"), ("c4", "c3")]))
        let roots = outline.parents.indices.filter { outline.parents[$0] < 0 }
        #expect(roots.count == 1)
        // Every node reaches the root without coming back to itself.
        for start in outline.parents.indices {
            var seen: Set<Int> = [], current = start
            while current >= 0 { #expect(seen.insert(current).inserted); current = outline.parents[current] }
        }
    }

    @Test func aTenThousandDeepChainIsReadWithoutRecursion() {
        var nodes: [Diagram.Node] = [], edges: [Diagram.Edge] = []
        for index in 0..<10_000 {
            nodes.append(Diagram.Node(id: "c\(index)", kind: .component, title: "C", details: [], released: false, cluster: nil))
            if index > 0 { edges.append(Diagram.Edge(from: "c\(index)", to: "c\(index - 1)", kind: .parent, label: [])) }
        }
        let outline = ExplorerOutline(Diagram(nodes: nodes, clusters: [], edges: edges))
        #expect(outline.parents == [-1] + Array(0..<9_999))
    }

    /// Names are data in the outline too: quotes, `<`, newlines and unicode reach the page
    /// escaped, and the block cannot be closed from inside.
    @Test func namesAreEscaped() throws {
        var diagram = diagram([("c2", "c1")])
        diagram.nodes[0].title = "A\"</script><b>\n✓"
        let outline = ExplorerOutline(diagram)
        #expect(!outline.json.contains("</script>"))
        let parsed = try JSONSerialization.jsonObject(with: Data(outline.json.utf8)) as? [String: Any]
        let first = (parsed?["nodes"] as? [[Any]])?.first
        #expect(first?[1] as? String == "A\"</script><b>\n✓")
    }
}
