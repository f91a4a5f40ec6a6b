import Foundation
import GraphInspect
import Testing
@testable import GraphInspectTrace

/// The writer's file on disk, and the reader's handling of what a writer that died leaves behind.
@Suite struct TraceFileWriterTests {
    static let event = GraphEvent.lookup(DependencyLookup(
        requester: ObjectID(1), name: "a", type: "App.A", walk: [ObjectID(1)], provider: ObjectID(1), cacheHit: false
    ))
    static let created = GraphEvent.created(NodeCreated(id: ObjectID(1), kind: .component, type: "App.Root", providers: []))

    func temporaryPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("writer-\(UUID().uuidString).ndjson").path
    }

    /// Over two mapped chunks' worth of lines: every one is read back whole, including the line
    /// split across the chunk boundary, and the finished file has no padding.
    @Test func linesAcrossChunksReadBackWholeAndTheFileEndsAtTheLastLine() throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let count = 25_000
        do {
            let writer = try TraceFileWriter(path: path)
            writer.record(Self.created)
            for _ in 0..<count { writer.record(Self.event) }
        }
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(bytes.count > 2 << 20)
        #expect(bytes.last == UInt8(ascii: "\n"))
        #expect(!bytes.contains(0))
        let result = try TraceReader().read(path: path)
        #expect(result.eventCount == count + 1)
        #expect(result.warnings.isEmpty)
    }

    /// A writer that goes away at once, while its next chunk is being prepared, leaves only its
    /// lines: the preparation is waited for before the file is cut.
    @Test func writerFinishedAtOnceLeavesOnlyItsLines() throws {
        for _ in 0..<20 {
            let path = temporaryPath()
            defer { try? FileManager.default.removeItem(atPath: path) }
            do {
                let writer = try TraceFileWriter(path: path)
                writer.record(Self.created)
            }
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect(bytes.count < 1_000)
            #expect(!bytes.contains(0))
            #expect(try TraceReader().read(path: path).eventCount == 1)
        }
    }

    #if os(Linux)
    /// The next chunk is reserved, mapped and faulted in on a thread of its own: the thread that
    /// records four chunks' worth of lines takes a page fault for hardly any of their pages (each
    /// cost about 5 µs of the lookup that wrote into it). Needs Linux 5.14's
    /// `MADV_POPULATE_WRITE`; older kernels fault on first write, as before.
    @Test(.enabled(if: Self.kernelPopulatesWritably && !Self.underThreadSanitizer))
    func theRecordingThreadTakesNoPageFaultForTheTrace() throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        var faults = 0
        do {
            let writer = try TraceFileWriter(path: path)
            writer.record(Self.created)
            let before = Self.minorFaultsOfThisThread()
            for _ in 0..<40_000 { writer.record(Self.created) }
            faults = Self.minorFaultsOfThisThread() - before
        }
        let pages = try FileManager.default.attributesOfItem(atPath: path)[.size] as! Int / 4096
        #expect(pages > 3 * 256)
        #expect(faults < pages / 8, "\(faults) page faults on the recording thread for \(pages) pages of trace")
    }

    /// A filled chunk is unmapped by the thread that prepares the next one (unmapping it cost the
    /// recording thread tens of microseconds): however many chunks a trace fills, the process
    /// never maps more than two of it at once, and none once the writer has finished.
    @Test func filledChunksAreUnmappedOffTheRecordingThread() throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let mappings = { () -> Int in
            // Read to the end: a /proc file reports no size, and `String(contentsOfFile:)` stopped
            // at its first 4 KB (under ThreadSanitizer the list is far longer).
            let maps = FileHandle(forReadingAtPath: "/proc/self/maps")?.readDataToEndOfFile() ?? Data()
            return String(decoding: maps, as: UTF8.self).split(separator: "\n").filter { $0.hasSuffix(path) }.count
        }
        var most = 0
        do {
            let writer = try TraceFileWriter(path: path)
            for round in 0..<8 {
                for _ in 0..<12_000 { writer.record(Self.created) }
                // Let the preparation of the chunk after this one finish (it unmaps the filled one).
                if round > 0 { usleep(20_000) }
                most = max(most, mappings())
            }
        }
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.size] as! Int > 5 << 20)
        #expect(most >= 1 && most <= 2, "\(most) chunks of the trace mapped at once")
        #expect(mappings() == 0)
    }

    static func minorFaultsOfThisThread() -> Int {
        var usage = rusage()
        // RUSAGE_THREAD (1): a GNU extension the Glibc module does not name.
        getrusage(__rusage_who_t(1), &usage)
        return usage.ru_minflt
    }

    /// ThreadSanitizer's shadow of each page written faults in on the writing thread: that is
    /// the sanitizer's cost, not the trace's, so the count means nothing under it.
    static let underThreadSanitizer = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__tsan_init") != nil

    static let kernelPopulatesWritably: Bool = {
        let size = 4096
        let address = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        guard let address, address != MAP_FAILED else { return false }
        defer { munmap(address, size) }
        return madvise(address, size, 23) == 0
    }()
    #endif

    @Test func nulPaddingAfterTheLastLineIsTheEnd() throws {
        let text = [header, root, child, hit].joined(separator: "\n") + "\n"
        let padded = Array(text.utf8) + [UInt8](repeating: 0, count: 5_000)
        let result = try TraceReader().read(bytes: padded, name: "T")
        #expect(result.eventCount == 3)
        #expect(result.warnings.isEmpty)
    }

    @Test func lineCutByPaddingIsDroppedWithAWarning() throws {
        let text = [header, root, child].joined(separator: "\n") + "\n" + hit.prefix(20)
        // A copy cut short can also leave bytes after a hole: still the one cut-off line.
        let padded = Array(text.utf8) + [0, 0, 0] + Array("1]}\n".utf8) + [UInt8](repeating: 0, count: 100)
        let result = try TraceReader().read(bytes: padded, name: "T")
        #expect(result.eventCount == 2)
        #expect(result.warnings.map(\.description) == ["T:4: warning: the last line is cut off (the recording stopped while writing it); it was dropped"])
    }

    @Test func nulBytesFollowedByMoreLinesAreAnError() throws {
        let text = [header, root].joined(separator: "\n") + "\n"
        let damaged = Array(text.utf8) + [0, 0, UInt8(ascii: "\n")] + Array((child + "\n").utf8)
        #expect(throws: TraceError(path: "T", line: 3, problem: .nulBytes)) { try TraceReader().read(bytes: damaged, name: "T") }
    }
}

/// Repeated cache hits in a trace: one whole lookup line, then a short line per repeat; read back,
/// the counts are exactly the recorder's.
@Suite struct RepeatedHitTests {
    final class Root: Component, RootComponent {
        let service = "s"
    }

    @Test func repeatsAreShortLinesAndReadBackToTheRecordersCounts() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("repeats-\(UUID().uuidString).ndjson").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let recorder = GraphRecorder()
        do {
            let writer = try TraceFileWriter(path: path)
            for observer in [writer as any GraphObserver, recorder] {
                GraphObservation.withObserver(observer) {
                    let root = Root(parent: nil)
                    let leaf = Component(parent: root)
                    for _ in 0..<5 { _ = try? leaf.resolve("service", as: String.self) }
                    for _ in 0..<3 { _ = try? leaf.resolve("service", as: String.self) }
                }
            }
        }
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        // header, root, leaf, the lookup, the first hit at each call site, and a short line per repeat
        #expect(lines.filter { $0.hasPrefix(#"{"event":"repeated","line":"#) }.count == 5)
        let result = try TraceReader().read(path: path)
        // The two runs were timed apart: the same lookups, at other times.
        #expect(result.snapshot.withoutTimes.lookups == recorder.snapshot().withoutTimes.lookups)
        #expect(result.snapshot.lookups.compactMap(\.repeats) == [3, 2])
        #expect(result.header.version == TraceHeader.currentVersion)
    }

    @Test func repeatOfALineThatIsNoHitIsAnError() throws {
        let v2 = #"{"format":"graphinspect-trace","version":2}"#
        let hitLine = #"{"event":"lookup","requester":2,"name":"a","type":"App.A","walk":[2],"provider":1,"cacheHit":true}"#
        let ok = [v2, root, child, hitLine, #"{"event":"repeated","line":4}"#, #"{ "line": 4, "event": "repeated" }"#].joined(separator: "\n") + "\n"
        let read = try TraceReader().read(bytes: Array(ok.utf8), name: "T")
        #expect(read.snapshot.lookups.first?.repeats == 2)
        #expect(read.eventCount == 5)
        let bad = [v2, root, child, hitLine, #"{"event":"repeated","line":3}"#].joined(separator: "\n") + "\n"
        #expect(throws: TraceError(path: "T", line: 5, problem: .badRepeat("3"))) { try TraceReader().read(bytes: Array(bad.utf8), name: "T") }
        let cut = [v2, root, child, hitLine, #"{"event":"repeated","line":"#].joined(separator: "\n")
        #expect(try TraceReader().read(bytes: Array(cut.utf8), name: "T").warnings.count == 1)
        // Version 1 has no repeated lines.
        let v1 = ok.replacingOccurrences(of: #""version":2"#, with: #""version":1"#)
        #expect(throws: TraceError.self) { try TraceReader().read(bytes: Array(v1.utf8), name: "T") }
    }
}
