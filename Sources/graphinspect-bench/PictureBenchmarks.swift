import Foundation
import GraphInspect
import GraphInspectDiagram
import GraphInspectGraphviz

/// DOT writing, and in-process SVG against `dot -Tsvg` run as a subprocess on the same DOT.
enum PictureBenchmarks {
    /// A component tree of `count` nodes, branching 4, each child looking one name up at its parent.
    static func tree(_ count: Int) -> GraphSnapshot {
        var events: [GraphEvent] = []
        for index in 1...count {
            let id = ObjectID(UInt64(index))
            let parent = index == 1 ? nil : ObjectID(UInt64((index - 2) / 4 + 1))
            events.append(.created(NodeCreated(id: id, kind: .component, type: "Bench.Component\(index)", parent: parent,
                                               providers: [Provider(name: "service\(index)", type: "Bench.Service", form: .stored)])))
            if let parent {
                events.append(.lookup(DependencyLookup(requester: id, name: "service\(parent.rawValue)", type: "Bench.Service",
                                                       walk: [id, parent], provider: parent, cacheHit: false)))
            }
        }
        return GraphSnapshot(events: events)
    }

    static func run(sizes: [Int], repeats: Int, dotBinary: String?, folder: URL) throws -> [Row] {
        var rows: [Row] = []
        for size in sizes {
            let snapshot = tree(size)
            let options = DiagramOptions(legend: false)
            var dot = ""
            let writing = try Sample.measure(repeats: max(repeats, 5)) { dot = try DOTWriter().write(snapshot, options: options) }
            rows.append(Row("pictures", "DOT writing, \(size) nodes", .seconds, writing))
            let svgRepeats = size >= 5_000 ? 1 : repeats
            // Drawn as the commands draw it: packed towards a page when small.
            let inProcess = try Sample.measure(repeats: svgRepeats) { _ = try GraphvizRenderer.render(dot: dot, packWidth: GraphvizRenderer.packWidth(forNodes: size)) }
            var baseline: Sample?
            if let dotBinary {
                let file = folder.appendingPathComponent("bench-\(size).dot")
                try dot.write(to: file, atomically: true, encoding: .utf8)
                baseline = try Sample.measure(repeats: svgRepeats) { try subprocess(dotBinary, ["-Tsvg", file.path]) }
            }
            rows.append(Row("pictures", "SVG in process, \(size) nodes", .seconds, inProcess,
                            baseline: baseline.map { ("dot -Tsvg subprocess", $0) }))
        }
        return rows
    }

    private static func subprocess(_ path: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.executableLoad) }
    }
}
