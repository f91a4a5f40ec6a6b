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

    /// Graphviz 2.42's agclose gives up part way (returns -1) on this graph once dot has laid it out
    /// with newrank, as DOTWriter's pictures are: two clusters, an edge between them, a node alone
    /// in one. The arena, and what agclose did not get to, are released all the same (under
    /// LeakSanitizer in .ci/run, nothing leaks).
    @Test func aGraphAgcloseGivesUpOnIsReleasedToo() throws {
        let dot = "digraph { newrank=true; subgraph cluster_x { a -> b } subgraph cluster_z { e; g } b -> e }"
        let first = try GraphvizRenderer.render(dot: dot)
        for _ in 0..<3 { #expect(try GraphvizRenderer.render(dot: dot) == first) }
        #expect(GraphvizRenderer.openArenas == 0)
    }

    /// Edges inside subgraphs are kept in sets by cdt through "holders" that cgraph makes and frees
    /// through whichever graph it last touched, or with plain malloc and free: with holders in the
    /// arena, closing this graph freed arena memory with free() ("double free or corruption").
    /// Drawn with dot and newrank, as the commands draw; every layout and format was checked the
    /// same way by a C harness under AddressSanitizer (docs/reliability.md), but Graphviz's other
    /// layouts leak on their own with clusters, which LeakSanitizer would report here.
    @Test func subgraphEdgesRenderAgainAndAgain() throws {
        let dot = """
            digraph { newrank=true;
              subgraph cluster_x { a -> b; subgraph cluster_y { c -> d [label="in y"] } }
              subgraph cluster_z { e -> f; g }
              a -> c; b -> e [label="across"]; d -> a
            }
            """
        let first = try GraphvizRenderer.render(dot: dot)
        for _ in 0..<3 { #expect(try GraphvizRenderer.render(dot: dot) == first) }
        #expect(GraphvizRenderer.openArenas == 0)
    }
}
