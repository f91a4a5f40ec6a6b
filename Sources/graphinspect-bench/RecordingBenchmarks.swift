#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import Foundation
import GraphInspect
import GraphInspectSample
import GraphInspectTrace

/// Events per second: recorded in memory, written to a trace file, read back from one. Each against
/// its floor: appending to an array, one `write(2)` of the same bytes, parsing the lines with
/// Foundation's generic JSON parser (reading uses the trace of a real run, the generated app).
enum RecordingBenchmarks {
    /// Three components and a lookup that walks them: what most events of a real trace look like.
    static let preamble: [GraphEvent] = (1...3).map { index in
        .created(NodeCreated(id: ObjectID(UInt64(index)), kind: .component, type: "App.Component\(index)",
                             parent: index == 1 ? nil : ObjectID(UInt64(index - 1)),
                             providers: [Provider(name: "service\(index)", type: "App.Service", form: .stored)]))
    }
    static let lookup = GraphEvent.lookup(DependencyLookup(
        requester: ObjectID(3), name: "service1", type: "App.Service", walk: [ObjectID(3), ObjectID(2), ObjectID(1)],
        provider: ObjectID(1), cacheHit: false, location: SourceLocation(file: "App/Feature.swift", line: 42)
    ))

    static func run(quick: Bool, folder: URL) throws -> [Row] {
        let samples = quick ? 3 : 7
        let count = quick ? 20_000 : 200_000
        var rows: [Row] = []

        let floor = Sample.measure(repeats: samples) {
            var events: [GraphEvent] = []
            for _ in 0..<count { events.append(lookup) }
            blackHole(events)
        }
        let memory = Sample.measure(repeats: samples) {
            let recorder = GraphRecorder()
            for _ in 0..<count { recorder.record(lookup) }
            blackHole(recorder)
        }
        rows.append(Row("recording", "events recorded in memory", .eventsPerSecond, memory.rate(count),
                        baseline: ("Array.append", floor.rate(count))))

        let path = folder.appendingPathComponent("recording.ndjson").path
        // The floor writes the very bytes the writer writes for the lookup: its trace's last line.
        do {
            let writer = try TraceFileWriter(path: path)
            writer.record(lookup)
        }
        let written = try Data(contentsOf: URL(fileURLWithPath: path)).split(separator: UInt8(ascii: "\n"))
        let line = Array(written.last!) + [UInt8(ascii: "\n")]
        let rawPath = folder.appendingPathComponent("raw.ndjson").path
        let writeFloor = Sample.measure(repeats: samples) {
            let fd = open(rawPath, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND, 0o644)
            for _ in 0..<count { _ = line.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) } }
            close(fd)
        }
        let toFile = try Sample.measure(repeats: samples) {
            let writer = try TraceFileWriter(path: path)
            for event in preamble { writer.record(event) }
            for _ in 0..<count { writer.record(lookup) }
        }
        rows.append(Row("recording", "events written to a trace file", .eventsPerSecond, toFile.rate(count),
                        baseline: ("one write(2) per line", writeFloor.rate(count)), target: .slowerThanBaselineAtMost(2)))

        // Releases and detaches carry their time. What that adds to recording them: the
        // release events alone (the worst case), and a whole app built and released (what a
        // recording is), each beside the same with times not read, to a trace file and in memory.
        let timedPath = folder.appendingPathComponent("timed.ndjson").path
        _ = try TraceFileWriter(path: timedPath)  // opens, or the group fails here
        func writer() -> any GraphObserver { try! TraceFileWriter(path: timedPath) }
        let releases = Sample.interleaved(repeats: samples, [
            { Self.recordReleases(count, timed: false, to: writer()) },
            { Self.recordReleases(count, timed: true, to: writer()) },
            { Self.recordReleases(count, timed: false, to: GraphRecorder()) },
            { Self.recordReleases(count, timed: true, to: GraphRecorder()) },
        ])
        rows.append(Row("recording", "release events alone written to a trace file, with their time", .eventsPerSecond, releases[1].rate(count),
                        baseline: ("without a time", releases[0].rate(count))))
        rows.append(Row("recording", "release events alone recorded in memory, with their time", .eventsPerSecond, releases[3].rate(count),
                        baseline: ("without a time", releases[2].rate(count))))
        let size = (areas: quick ? 2 : 10, features: quick ? 10 : 50)
        // Each pair interleaved on its own, so each run follows one of its own kind (a trace
        // writer's teardown, a recorder's, falls on both alike).
        let toTrace = Sample.interleaved(repeats: samples, [
            { Self.recordApp(size, timed: false, to: writer()) },
            { Self.recordApp(size, timed: true, to: writer()) },
        ])
        let inMemory = Sample.interleaved(repeats: samples, [
            { Self.recordApp(size, timed: false, to: GraphRecorder()) },
            { Self.recordApp(size, timed: true, to: GraphRecorder()) },
        ])
        // The bundled sample's whole session, as `dump` records it, 20 times a sample.
        let sampleRuns = Sample.interleaved(repeats: samples, [
            { Self.recordSample(20, timed: false) },
            { Self.recordSample(20, timed: true) },
        ])
        rows.append(Row("recording", "the bundled sample's run (x20) recorded in memory, with times, durations and threads", .seconds, sampleRuns[1],
                        baseline: ("without times", sampleRuns[0]), target: .slowerThanBaselineAtMost(1.1)))
        let apps = toTrace + inMemory
        rows.append(Row("recording", "an app built and released, to a trace file, with times, durations and threads", .seconds, apps[1],
                        baseline: ("without times", apps[0]), target: .slowerThanBaselineAtMost(1.1)))
        rows.append(Row("recording", "an app built and released, in memory, with times, durations and threads", .seconds, apps[3],
                        baseline: ("without times", apps[2]), target: .slowerThanBaselineAtMost(1.1)))

        // Reading: the trace of a real run (the generated app of AppBenchmark, recorded to a file),
        // whose lines vary as an app's do; against parsing its lines with a generic JSON parser.
        let appTrace = folder.appendingPathComponent("app.ndjson").path
        do {
            let writer = try TraceFileWriter(path: appTrace)
            let app = GraphObservation.withObserver(writer) { AppBenchmark.build(areas: quick ? 4 : 10, featuresPerArea: quick ? 10 : 100, depth: 10) }
            withExtendedLifetime(app) {}
            AppBenchmark.chains = []
        }
        let generic = try Sample.measure(repeats: samples) {
            let data = try Data(contentsOf: URL(fileURLWithPath: appTrace))
            for line in data.split(separator: UInt8(ascii: "\n")) {
                blackHole(try JSONSerialization.jsonObject(with: line))
            }
        }
        var read = 0
        let reading = try Sample.measure(repeats: samples) { read = try TraceReader().read(path: appTrace).eventCount }
        rows.append(Row("recording", "trace of the generated app (\(grouped(Double(read), decimals: 0)) events) read into a snapshot", .eventsPerSecond, reading.rate(read),
                        baseline: ("JSONSerialization per line", generic.rate(read))))
        return rows
    }

    /// The generated app (`AppBenchmark`) built and let go under `observer`, with times read or not.
    static func recordApp(_ size: (areas: Int, features: Int), timed: Bool, to observer: any GraphObserver) {
        RecordingClock.isRead = timed
        defer { RecordingClock.isRead = true }
        GraphObservation.withObserver(observer) {
            let app = AppBenchmark.build(areas: size.areas, featuresPerArea: size.features, depth: 10)
            withExtendedLifetime(app) {}
            AppBenchmark.chains = []
        }
        blackHole(observer)
    }

    /// The bundled sample (`SampleApp`) run `count` times, each under a recorder of its own, with
    /// times read or not.
    static func recordSample(_ count: Int, timed: Bool) {
        RecordingClock.isRead = timed
        defer { RecordingClock.isRead = true }
        for _ in 0..<count {
            let recorder = GraphRecorder()
            let root = GraphObservation.withObserver(recorder) { SampleApp.run() }
            withExtendedLifetime(root) { blackHole(recorder.snapshot()) }
        }
    }

    /// `count` released events recorded by `observer`, each with its time read as the runtime
    /// reads it, or without one.
    static func recordReleases(_ count: Int, timed: Bool, to observer: any GraphObserver) {
        for index in 0..<count {
            observer.record(.released(Released(id: ObjectID(UInt64(index & 1023) + 1), time: timed ? RecordingClock.now() : nil)))
        }
        blackHole(observer)
    }
}
