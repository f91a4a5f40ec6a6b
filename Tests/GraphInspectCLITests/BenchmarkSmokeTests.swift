import Foundation
import Testing
import GraphInspectTestSupport

/// Keeps the benchmark from rotting: it runs every figure once (`--smoke`: `--quick`'s code at
/// sizes smaller still) and prints its table. Speed is measured by running it, never asserted here.
@Suite(.ownThread(.first)) struct BenchmarkSmokeTests {
    @Test func smokeModeRunsAndPrintsEveryFigure() throws {
        let json = FileManager.default.temporaryDirectory.appendingPathComponent("bench-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: json) }
        let result = try Executable.run("graphinspect-bench", ["--smoke", "--json", json.path])
        #expect(result.status == 0, "\(result.stderr)")
        for group in ["lookups", "threads", "modules", "recording", "app", "capture", "scale", "explorer", "live", "pictures", "render-memory", "check", "build-check"] {
            #expect(result.stdout.contains("== \(group)\n"), "no \(group) table")
        }
        for figure in [
            "uncached lookup, depth 5", "cached lookup, depth 5, trace file", "cached lookups of one shared object, 8 threads", "cached lookups of an Int, 8 threads",
            "module lookup, 3 holders up", "router lookup, 3 holders up", "events recorded in memory",
            "events written to a trace file", "read into a snapshot", "components, 40 modules",
            "DOT writing, 100 nodes", "replay --diagram basic-flow, text", "why, 10,000 events", "dump --format dot, 10,000 events", "why, 10,000 events, against the text dump", "first picture, 100 components", "event to page, p99, 1,000 events/s", "a click answered (panel shown) while 2,000 components streamed at full speed", "cached lookup, depth 5, live viewer attached (GRAPHINSPECT_LIVE)", "page size, 1,000 components", "page size, 1,000 components, lookup-heavy", "pan frame, slowest, 100 components, every node open, 30x in", "SVG in process, 300 nodes", "component creation, 10 stored + 3 computed providers (@Providers)",
            "graphinspect check, 100 component types, 1,000 lookups", "graphinspect check, a chain of builders 100 deep",
            "graphinspect check, each of 4 of the wiring corpus's 40 apps alone",
            "a cold check's floor: parsing, visiting every node, the analysis alone", "a statement added inside a body, against the analysis alone",
            "a comment line added inside a body (the lines below move)", "a call of the app's code that runs nothing added inside a body (`print(try await loadAll(pages: N).count)`)", "a call of the app's code that runs some added inside a body (`if N < 0 { select(id) }`), after a provider edit spent the kept fixed point: the analysis runs whole", "a call of the app's code that runs some added inside a body, after body edits: drawn from the fixed point the last run kept", "a comment line added above the lookups of a file with a finding (its positions move)", "the CLI's reading over unchanged files", "the rebuilt build tool over the same cache, against that floor",
            "run in a copy first, against its floor (a bare copy running it, plus once in process)",
            "an unsaved provider edit's diagnostics (a provider its modules look up removed, then written back)",
        ] {
            #expect(result.stdout.contains(figure), "no figure \(figure)")
        }
        // The JSON holds the same rows, each with a positive median.
        let rows = try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [[String: Any]] ?? []
        #expect(rows.count == 132, "one row per figure of the smoke run")
        for row in rows {
            let median = (row["measured"] as? [String: Any])?["median"] as? Double ?? -1
            #expect(median >= 0, "\(row["name"] ?? "?")")
        }
    }

    @Test func unknownGroupIsAClearError() throws {
        let result = try Executable.run("graphinspect-bench", ["--only", "nonsense"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("no group named `nonsense`; groups: lookups, threads, modules"))
    }

    /// Leaking the graph, the layout or the SVG would grow resident memory by about the SVG's size
    /// per render. Measured in a process of its own: resident memory belongs to the whole process,
    /// and other tests allocate in this one at the same time. (Not a timing.)
    @Test func repeatedRendersLeaveMemoryFlat() throws {
        let json = FileManager.default.temporaryDirectory.appendingPathComponent("render-memory-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: json) }
        let result = try Executable.run("graphinspect-bench", ["--quick", "--only", "render-memory", "--json", json.path])
        #expect(result.status == 0, "\(result.stderr)")
        let rows = try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [[String: Any]] ?? []
        // The memory row (the render-time row has no target in --quick: a timing is not a test).
        let memory = try #require(rows.first { ($0["name"] as? String)?.hasPrefix("resident growth") == true })
        #expect(rows.count == 4)
        #expect(memory["targetMet"] as? Bool == true, "\(result.stdout)")
    }
}
