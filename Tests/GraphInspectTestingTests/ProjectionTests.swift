import Foundation
import GraphInspect
import Testing
@testable import GraphInspectTesting

final class Ledger: Sendable {}
final class StoreRoot: Component, RootComponent {
    let ledger = Ledger()
}
final class CatalogComponent: Component {}

/// One expectation, any projection: the tree, the DOT, the JSON, the Mermaid or the user's own.
@Suite struct ProjectionTests {
    static let graph = GraphCapture.capture { () -> Component in
        let root = StoreRoot(parent: nil)
        let catalog = CatalogComponent(parent: root)
        _ = try? catalog.resolve("ledger", as: Ledger.self)
        return catalog
    }

    /// A projection of the user's own: one line per node, its type and what it provides.
    static let providers = GraphProjection("providers") { graph in
        graph.nodes.map { node in
            "\(node.shortType): " + (node.providers ?? []).map(\.name).joined(separator: ", ")
        }.joined(separator: "\n")
    }

    struct Broken: Error, CustomStringConvertible {
        var description: String { "the projection gave up" }
    }

    func failure(_ body: () -> Void) -> String {
        ExpectationTests().failure(body)
    }

    @Test func oneExpectationOverEveryProjection() {
        expectGraph(Self.graph, equals: """
            graphinspect: 2 live nodes, 0 released

            components
              StoreRoot #1
                provides ledger: Ledger
                CatalogComponent #2
                  resolves ledger: Ledger <- StoreRoot #1 (1 hop)

            """)
        expectGraph(Self.graph, as: .dot.lines { $0.hasPrefix("  \"c") && $0.contains(" -> \"c") }, equals: """
              "c1" -> "c2" [color="#4a6fa5", dir="back"]
              "c1" -> "c2" [color="#1a73e8", dir="back", fontcolor="#1a73e8", label="ledger\\n1 hop", style="dashed"]
            """)
        expectGraph(Self.graph, as: .mermaid.lines { $0.contains("-->") || $0.contains("-.->") }, equals: """
              c2 --> c1
              c2 -.->|"ledger<br/>1 hop"| c1
            """)
        expectGraph(Self.graph, as: .json.lines { $0.contains("\"type\" : ") }.map { $0.replacingOccurrences(of: " ", with: "").replacingOccurrences(of: ",", with: "") }, equals: """
            "type":"GraphInspectTestingTests.Ledger"
            "type":"GraphInspectTestingTests.StoreRoot"
            "type":"GraphInspectTestingTests.CatalogComponent"
            "type":"GraphInspectTestingTests.Ledger"
            "type":"GraphInspectTestingTests.Ledger"
            "type":"GraphInspectTestingTests.StoreRoot"
            "type":"GraphInspectTestingTests.CatalogComponent"
            """)
        expectGraph(Self.graph, as: Self.providers, equals: "StoreRoot: ledger\nCatalogComponent: ")
    }

    @Test func aMismatchNamesTheProjectionAndShowsTheDiff() {
        let message = failure {
            expectGraph(Self.graph, as: Self.providers, equals: "StoreRoot: ledger, payments\nCatalogComponent: ")
        }
        #expect(message == """
            The graph's providers differs from the expected text:
            (- expected, + actual, … unchanged lines collapsed)
            - StoreRoot: ledger, payments
            + StoreRoot: ledger
              CatalogComponent:\u{20}
            """)
    }

    @Test func aProjectionThatThrowsFailsTheTestWithItsError() {
        let broken = GraphProjection("broken") { _ in throw Broken() }
        #expect(failure { expectGraph(Self.graph, as: broken, equals: "") } == "Could not make the graph's broken to compare: the projection gave up")
        #expect(failure { expectGraph(Self.graph, matchesGolden: "/nonexistent/broken.txt", as: broken, record: .never) } == "Could not make the graph's broken to compare: the projection gave up")
    }

    @Test func goldensTakeAnyProjection() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("projections-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (file, projection) in [("graph.json", GraphProjection.json), ("graph.mmd", .mermaid), ("providers.txt", Self.providers)] {
            let golden = folder.appendingPathComponent(file).path
            #expect(failure { expectGraph(Self.graph, matchesGolden: golden, as: projection, record: .missing) }.hasPrefix("Recorded the golden \(golden)"))
            #expect(try String(contentsOfFile: golden, encoding: .utf8) == projection.render(Self.graph))
            expectGraph(Self.graph, matchesGolden: golden, as: projection, record: .never)
        }
    }
}
