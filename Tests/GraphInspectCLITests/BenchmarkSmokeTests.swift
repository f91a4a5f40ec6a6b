import Testing

/// Keeps the benchmark from rotting: it runs in quick mode and prints its table. Speed is measured
/// by running it, never asserted here.
@Suite struct BenchmarkSmokeTests {
    @Test func quickModeRunsAndPrintsEveryFigure() throws {
        let result = try Executable.run("graphinspect-bench", ["--quick"])
        #expect(result.status == 0, "\(result.stderr)")
        for figure in ["DOT writing, 100 nodes", "SVG in process, 100 nodes", "DOT writing, 300 nodes", "SVG in process, 300 nodes"] {
            #expect(result.stdout.contains(figure))
        }
    }
}
