import Foundation
import GraphInspectGraphviz
import GraphInspectText

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
        // Time: the same picture rendered ten times in one process (issue #20 saw a 5,000-node
        // picture take 6.5, 7.6 and 8.2 s): the tenth render against the first.
        let big = try DOTWriter().write(PictureBenchmarks.tree(quick ? 200 : 2_000), options: DiagramOptions(legend: false))
        var times: [Double] = []
        for _ in 0..<(quick ? 3 : 10) {
            let start = DispatchTime.now().uptimeNanoseconds
            _ = try GraphvizRenderer.render(dot: big)
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        print("render-memory: render times " + times.map(formatSeconds).joined(separator: ", "))
        return [
            Row("render-memory", "render \(times.count) of the same \(quick ? 200 : 2_000)-node picture in one process", .seconds, Sample(times.last!),
                baseline: ("render 1", Sample(times[0])), target: quick ? nil : .slowerThanBaselineAtMost(1.1)),
            Row("render-memory", "resident growth over \(renders) renders after \(renders) (SVG \(first.count / 1024) KB each)", .bytes, Sample(growth),
                // 1 MB of allocator slack (measured: 200-280 KB, the same after 50 renders as
                // after 200), plus 2 KB a render: a leak of the SVG (~130 KB) or the graph shows at
                // once; smaller leaks are LeakSanitizer's job (the AddressSanitizer run in .ci/run).
                target: .below(Double(1 << 20 + renders * 2048))),
        ]
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
