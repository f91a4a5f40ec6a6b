import Testing
@testable import GraphInspectGraphviz

/// Each graph's objects live in an arena of its own (CGraphvizReader's graph_arena.c), so a render
/// in a long-lived process is as fast as in a fresh one. The timing is the benchmark's
/// (`--only render-memory`); these pin what makes it so and what it must not break. The
/// AddressSanitizer run of .ci/run runs them too: a pointer of the arena handed to free(), or one
/// of malloc's kept in the arena, is reported there.
@Suite struct GraphArenaTests {
    static func tree(_ nodes: Int) -> String {
        "digraph { " + (1..<nodes).map { "n\($0) -> n\(($0 - 1) / 3) [label=\"e\($0)\"]; " }.joined() + "}"
    }

    @Test func aGraphsObjectsLiveInItsArena() throws {
        let small = try GraphvizRenderer.arenaBytes(dot: Self.tree(10))
        let big = try GraphvizRenderer.arenaBytes(dot: Self.tree(1_000))
        #expect(small > 0)
        // Each node and edge, its attributes and its layout record: over a kilobyte, in the arena.
        #expect(big - small > 990 * 1_024, "10 nodes: \(small) bytes; 1,000 nodes: \(big) bytes")
    }

    @Test func everyArenaIsReleasedAlsoWhenTheParserGivesUp() {
        for _ in 0..<3 {
            #expect(throws: GraphvizError.self) { try GraphvizRenderer.render(dot: "digraph { subgraph cluster_a { a -> b } a -> }") }
            _ = try? GraphvizRenderer.render(dot: "digraph { a -> b }")
        }
        #expect(GraphvizRenderer.openArenas == 0)
    }

    /// Edges inside subgraphs are kept in sets by cdt through "holders" that cgraph makes and frees
    /// through whichever graph it last touched, or with plain malloc and free: with holders in the
    /// arena, closing this graph freed arena memory with free() ("double free or corruption").
    /// dot draws it the same every time; the force-directed layouts are only checked to draw it
    /// (sfdp's picture depends on what the process rendered before: seen once in a few suite runs).
    @Test func subgraphEdgesInEveryLayoutRenderAgainAndAgain() throws {
        let dot = """
            digraph {
              subgraph cluster_x { label="x"; a -> b; subgraph cluster_y { c -> d [label="in y"] } }
              subgraph cluster_z { e -> f; { rank=same; f; g } }
              a -> c; b -> e [label="across"]; d -> a; g -> g
            }
            """
        for layout in GraphvizLayout.allCases {
            let first = try GraphvizRenderer.render(dot: dot, layout: layout)
            for _ in 0..<3 {
                let again = try GraphvizRenderer.render(dot: dot, layout: layout)
                if layout == .dot { #expect(again == first) }
                #expect(String(decoding: again, as: UTF8.self).contains("<title>c&#45;&gt;d</title>"), "\(layout)")
            }
        }
        #expect(GraphvizRenderer.openArenas == 0)
    }
}
