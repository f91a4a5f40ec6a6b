import Foundation
import GraphInspect
import GraphInspectCheckContract
import GraphInspectGeneratedApp
import GraphInspectQuery
import GraphInspectTrace
#if canImport(GraphInspectStatic)
import GraphInspectStatic
import SwiftParser
#endif

/// `graphinspect query`'s verbs as the CLI answers them (the graph read, the question asked, the
/// answer written as JSON), on a run's trace against reading the trace, and on the build-check
/// benchmark's generated app with a warm cache against parsing its files on one core; each in
/// turns with its baseline.
enum QueryBenchmark {
    static func run(quick: Bool, folder: URL) throws -> [Row] {
        var rows = try traceRows(quick: quick, folder: folder)
        #if canImport(GraphInspectStatic)
        rows += try sourceRows(quick: quick, folder: folder)
        #endif
        return rows
    }

    static func json<Answer: Encodable>(_ answer: Answer) throws -> Int {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(answer).count
    }

    /// The verbs on the scale group's trace (10,000 components, 30,000 lookups with their cache
    /// hits), against reading it.
    static func traceRows(quick: Bool, folder: URL) throws -> [Row] {
        let components = quick ? RunSize.quick(500, smoke: 100) : 10_000
        let path = folder.appendingPathComponent("query.ndjson").path
        let events = try ScaleBenchmarks.generate(components: components, modules: components / 10, path: path)
        let read = { try TraceReader().read(path: path).snapshot }
        let verbs: [(String, (QueryGraph) throws -> Int)] = [
            ("users Root.root0", { try json(try $0.users(of: "Root.root0")) }),
            ("provider root1 --from C7", { try json(try $0.provider("root1", from: "C7")) }),
            ("impact --remove Root.root0", { try json(try $0.impact(remove: "Root.root0")) }),
            ("path C49 Root", { try json(try $0.path(from: "C49", to: "Root")) }),
            ("stats", { try json($0.stats()) }),
        ]
        // stats answers a row per provider (this trace declares one per component): its floor is
        // reading the trace and writing an answer that long.
        let statsAnswer = QueryGraph(snapshot: try read(), origin: .run).stats()
        let times = try Sample.interleavedTimes(repeats: quick ? 2 : 5, [({ blackHole(try read()) }, {}), ({ blackHole(try read()); blackHole(try json(statsAnswer)) }, {})] + verbs.map { verb in
            ({ blackHole(try verb.1(QueryGraph(snapshot: try read(), origin: .run))) }, {})
        })
        let size = "\(grouped(Double(components), decimals: 0)) components, \(grouped(Double(events), decimals: 0)) events"
        let reading = ("reading the trace, in turns with it", Sample(of: times[0]))
        var rows = verbs.enumerated().map { index, verb in
            // stats is held to its own floor (the row after these): its answer is as long as the
            // trace has providers, and writing it is part of any stats.
            Row("query", "query \(verb.0) on a trace (\(size)), the trace read and the answer written as JSON", .seconds, Sample(of: times[index + 2]),
                baseline: reading, target: quick || verb.0 == "stats" ? nil : .slowerThanBaselineAtMost(1.2))
        }
        rows.append(Row("query", "query stats on that trace against its floor: reading the trace and writing its answer (\(grouped(Double(statsAnswer.providers.count), decimals: 0)) providers' rows)", .seconds,
                        Sample(of: times[verbs.count + 1]), baseline: ("the floor", Sample(of: times[1])), target: quick ? nil : .slowerThanBaselineAtMost(1.2)))
        return rows
    }

    #if canImport(GraphInspectStatic)
    /// The verbs on the build-check benchmark's generated app, its cache warm (the check that
    /// filled it ran before), against parsing the same files on one core.
    static func sourceRows(quick: Bool, folder: URL) throws -> [Row] {
        let app = GeneratedApp(features: quick ? 11 : 40, ordinaryFilesPerFeature: quick ? RunSize.quick(4, smoke: 1) : 75)
        let root = folder.appendingPathComponent("query-app")
        try app.write(to: root)
        let sources = root.appendingPathComponent("Sources").path
        let cache = folder.appendingPathComponent("query-cache").path
        let files = try StaticReader.files(in: [sources])
        let options = StaticReader.Options(threads: 1, cachePath: cache, leavesMemoryToExit: true)
        _ = try StaticCheck.reading([sources], options: options)
        StaticReader.releaseMemoryLeftToExit()
        let deepest = app.features - 1
        let graph = {
            let reading = try StaticCheck.reading([sources], options: options)
            guard reading.warnings.isEmpty else { throw BuildCheckBenchmark.benchError("the warm reading warned: \(reading.warnings)") }
            return QueryGraph(snapshot: reading.snapshot, origin: .sources, places: reading.places)
        }
        let verbs: [(String, (QueryGraph) throws -> Int)] = [
            ("provider f0Analytics --from F\(deepest)S3Component", { try json(try $0.provider("f0Analytics", from: "F\(deepest)S3Component")) }),
            ("users F0Component.f0Analytics", { try json(try $0.users(of: "F0Component.f0Analytics")) }),
            ("impact --remove F1Component.f1Analytics", { try json(try $0.impact(remove: "F1Component.f1Analytics")) }),
            ("path F\(deepest)S3Component AppComponent", { try json(try $0.path(from: "F\(deepest)S3Component", to: "AppComponent")) }),
            ("stats", { try json($0.stats()) }),
        ]
        let parse = { for file in files { blackHole(Parser.parse(source: file.text)) } }
        let times = try Sample.interleavedTimes(repeats: quick ? 2 : 5, [(parse, {})] + verbs.map { verb in
            ({ blackHole(try verb.1(try graph())) }, StaticReader.releaseMemoryLeftToExit)
        })
        let size = "\(grouped(Double(files.count), decimals: 0)) files"
        let parsing = ("parsing the files on one core, in turns with it", Sample(of: times[0]))
        return verbs.enumerated().map { index, verb in
            Row("query", "query \(verb.0) on the generated app (\(size)), warm cache, one core", .seconds, Sample(of: times[index + 1]),
                baseline: parsing, target: quick ? nil : .slowerThanBaselineAtMost(0.1))
        }
    }
    #endif
}
