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
