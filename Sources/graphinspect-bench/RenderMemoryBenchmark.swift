import CGraphvizReader
import Foundation
import GraphInspectGraphviz

/// Resident memory growth over repeated in-process renders, after a warm-up: a leak in the wrapper
/// (of the graph, the layout or the SVG) would grow it by about the SVG's size per render.
/// `--quick`: 50 renders after 50; otherwise 200 after 200.
///
/// Measured in a process of its own (this one) because resident memory is a property of the whole
/// process: inside a test run, other tests allocate at the same time. The tests run this group.
enum RenderMemoryBenchmark {
    /// A 200-node tree with plain edge labels; its SVG is about 100 KB.
    static let dot: String = {
        var dot = "digraph big {\n"
        for index in 1..<200 { dot += "  n\(index) -> n\((index - 1) / 3) [xlabel=\"edge \(index)\"]\n" }
        return dot + "}\n"
    }()

    static func run(quick: Bool) throws -> [Row] {
        let renders = quick ? 50 : 200
        var first: [UInt8] = []
        for index in 0..<renders {
            let svg = try GraphvizRenderer.render(dot: dot)
            if index == 0 { first = svg } else if svg != first { throw RenderDiffers(render: index) }
        }
        let before = residentBytes()
        for _ in 0..<renders { _ = try GraphvizRenderer.render(dot: dot) }
        let growth = Double(residentBytes() - before)
        let time = try renderTimes(quick: quick)
        return time + [
            Row("render-memory", "resident growth over \(renders) renders after \(renders) (SVG \(first.count / 1024) KB each)", .bytes, Sample(growth),
                // 1 MB of allocator slack (measured: 200-280 KB, the same after 50 renders as
                // after 200), plus 2 KB a render: a leak of the SVG (~130 KB) or the graph shows at
                // once; smaller leaks are LeakSanitizer's job (the AddressSanitizer run in .ci/run).
                target: .below(Double(1 << 20 + renders * 2048))),
        ]
    }

    // MARK: Render time in a long-lived process

    /// One process was seen to render a 5,000-node picture in 6.5, 7.6 and 8.2 s. Each sequence
    /// runs in a fresh child process (`--render-sequence`), so its first render really is the
    /// process's first picture: a warm-up render of one node loads the plugins, then the same
    /// picture (`labelledTree`) is rendered ten times. Medians over five processes of the first
    /// render and of the tenth; the same with cgraph's default memory discipline (malloc), in
    /// processes taken in turns with them, shows what the per-graph arena changes.
    static func renderTimes(quick: Bool) throws -> [Row] {
        let nodes = quick ? 200 : 2_000, renders = quick ? 3 : 10, processes = quick ? 1 : 5
        var arena: [[Double]] = [], malloc: [[Double]] = []
        for _ in 0..<processes {
            arena.append(try sequenceInChild(nodes: nodes, renders: renders, malloc: false))
            malloc.append(try sequenceInChild(nodes: nodes, renders: renders, malloc: true))
        }
        for (name, runs) in [("arena", arena), ("malloc", malloc)] {
            for run in runs { print("render-memory: \(name), one process: " + run.map(formatSeconds).joined(separator: ", ")) }
        }
        func renderSample(_ runs: [[Double]], _ index: Int) -> Sample { Sample(of: runs.map { $0[index] }) }
        let picture = "the same \(nodes)-node picture in one process"
        return [
            Row("render-memory", "render \(renders) of \(picture) (medians of \(processes) processes)", .seconds, renderSample(arena, renders - 1),
                baseline: ("render 1", renderSample(arena, 0)), target: quick ? nil : .slowerThanBaselineAtMost(1.1)),
            Row("render-memory", "render \(renders) of \(picture), cgraph's malloc discipline", .seconds, renderSample(malloc, renders - 1),
                baseline: ("render 1", renderSample(malloc, 0))),
            Row("render-memory", "render 1 of \(nodes) nodes, a graph's own arena", .seconds, renderSample(arena, 0),
                baseline: ("cgraph's malloc discipline", renderSample(malloc, 0))),
        ]
    }

    /// A tree of components in DOTWriter's style with every lookup edge drawn (DOTWriter lists them
    /// as text above 200; drawn, the picture is big enough to show what a long-lived process does
    /// to a layout): four children a node, each with a dashed, labelled lookup edge beside its
    /// parent edge.
    static func labelledTree(_ nodes: Int) -> String {
        var dot = """
            digraph graphinspect {
              graph [charset="UTF-8", fontname="Helvetica", fontsize="11", newrank="true", nodesep="0.25", ranksep="0.3"]
              node [fontname="Helvetica", fontsize="11", margin="0.1,0.05", shape="box", style="rounded,filled", color="#4a6fa5", fillcolor="#e8f0fe"]
              edge [fontname="Helvetica", fontsize="10", dir="back"]

            """
        for index in 1...nodes { dot += "  \"c\(index)\" [label=\"Bench.Component\(index)\\n#\(index)\"]\n" }
        for index in stride(from: 2, through: nodes, by: 1) {
            let parent = (index - 2) / 4 + 1
            dot += "  \"c\(parent)\" -> \"c\(index)\" [color=\"#4a6fa5\"]\n"
            dot += "  \"c\(parent)\" -> \"c\(index)\" [color=\"#1a73e8\", fontcolor=\"#1a73e8\", label=\"service\(parent)\\n1 hop\", style=\"dashed\"]\n"
        }
        return dot + "}\n"
    }

    /// In the child: the render times of `renders` renders of the tree of `nodes` nodes, after a
    /// one-node warm-up, written one per line on standard output.
    static func sequence(nodes: Int, renders: Int, malloc: Bool) throws {
        if malloc { graphinspect_read_with_malloc() }
        _ = try GraphvizRenderer.render(dot: "digraph { warmup }")
        let dot = labelledTree(nodes)
        for _ in 0..<renders {
            let start = DispatchTime.now().uptimeNanoseconds
            _ = try GraphvizRenderer.render(dot: dot)
            print(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
    }

    private static func sequenceInChild(nodes: Int, renders: Int, malloc: Bool) throws -> [Double] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Bundle.main.executablePath ?? CommandLine.arguments[0])
        process.arguments = ["--render-sequence", String(renders), "--nodes", String(nodes)] + (malloc ? ["--malloc"] : [])
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let times = text.split(separator: "\n").compactMap { Double($0) }
        guard process.terminationStatus == 0, times.count == renders else { throw ChildFailed(status: process.terminationStatus, output: text) }
        return times
    }

    struct ChildFailed: Error, CustomStringConvertible {
        var status: Int32
        var output: String
        var description: String { "a render-sequence child exited with \(status) after printing: \(output)" }
    }

    struct RenderDiffers: Error, CustomStringConvertible {
        var render: Int
        var description: String { "render \(render) of the same DOT gave a different SVG than the first" }
    }

    /// Resident memory of this process. Linux: /proc/self/statm; elsewhere 0 (not measured).
    static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
              let pages = text.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
