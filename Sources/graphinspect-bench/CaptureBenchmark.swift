import CGraphInspectProcess
import Foundation
import GraphInspect
import GraphInspectTesting

/// `GraphCapture.capture` in a test: run in a copy of the process first (fork), then in the
/// test's, against the same capture in the test's process alone, on apps of three sizes built by
/// `AppBenchmark` (components each making two lookups, feature modules with routers).
enum CaptureBenchmark {
    static func run(quick: Bool) throws -> [Row] {
        let sizes: [(name: String, areas: Int, features: Int, depth: Int)] = quick
            ? [("10 components", 1, 5, 2), ("1,000 components", 10, 10, 10)]
            : [("10 components", 1, 5, 2), ("1,000 components", 10, 10, 10), ("10,000 components", 10, 100, 10)]
        var rows: [Row] = []
        for size in sizes {
            let build = { AppBenchmark.build(areas: size.areas, featuresPerArea: size.features, depth: size.depth) }
            let release = { AppBenchmark.chains.removeAll() }
            var nodes = 0
            let repeats = quick ? 5 : (size.areas * size.features > 100 ? 5 : 30)
            let times = try Sample.interleavedTimes(repeats: repeats, [
                ({ nodes = GraphCapture.capture(isolation: .inProcess, build).nodes.count }, release),
                ({
                    let graph = GraphCapture.capture(isolation: .childProcessFirst, build)
                    guard graph.nodes.count == nodes else { throw benchError("the capture run in a copy first recorded \(graph.nodes.count) nodes, not \(nodes)") }
                }, release),
                ({ bareCopy(running: build) }, release),
            ])
            let alone = Sample(of: times[0])
            // The body must run in a copy to learn whether it ends the process (the copy's pages
            // copied as it writes them), and in the test's process for what it returns: the bare
            // copy running it, plus once in process. That is the floor.
            let floor = Sample(of: zip(times[0], times[2]).map(+))
            rows.append(Row("capture", "capture of an app of \(size.name) (\(nodes) nodes), in the test's process alone", .seconds, alone))
            rows.append(Row("capture", "the same, run in a copy of the process first (fork), then in the test's", .seconds, Sample(of: times[1]),
                            baseline: ("in the test's process alone", alone), target: quick ? nil : .slowerThanBaselineAtMost(2)))
            rows.append(Row("capture", "a bare copy of this process running the capture: fork, capture, exit, waited for", .seconds, Sample(of: times[2])))
            rows.append(Row("capture", "run in a copy first, against its floor (a bare copy running it, plus once in process)", .seconds, Sample(of: times[1]),
                            baseline: ("the floor", floor), target: quick ? nil : .slowerThanBaselineAtMost(1.2)))
        }
        return rows
    }

    /// A copy of the process that runs `body` under a recorder and exits, waited for: what the
    /// capture's copy must do, without its files, handlers and timer.
    static func bareCopy(running body: () -> ModuleHolderObject) {
        let pid = ProcessCopy.make { graphinspect_fork(0) }
        if pid == 0 {
            let value = GraphObservation.withObserver(GraphRecorder(), operation: body)
            withExtendedLifetime(value) {}
            _exit(0)
        }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
    }

    static func benchError(_ message: String) -> NSError {
        NSError(domain: "graphinspect-bench", code: 1, userInfo: [NSLocalizedDescriptionKey: message])
    }
}
