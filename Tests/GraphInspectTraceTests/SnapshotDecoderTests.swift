import Foundation
import GraphInspect
import Testing
@testable import GraphInspectTrace

@Suite struct SnapshotDecoderTests {
    /// The snapshot of the small trace the reader tests use, as `dump --format json` writes it.
    static func snapshotJSON() throws -> String {
        let snapshot = try TraceReader().read(bytes: Array(([header, root, child, hit].joined(separator: "\n") + "\n").utf8), name: "t").snapshot
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(snapshot), as: UTF8.self)
    }

    func failure(_ json: String) -> String {
        do {
            _ = try SnapshotDecoder().decode(Data(json.utf8), name: "S")
            return "no error"
        } catch {
            return error.description
        }
    }

    @Test func writtenSnapshotDecodesToItself() throws {
        let json = try Self.snapshotJSON()
        let decoded = try SnapshotDecoder().decode(Data(json.utf8), name: "S")
        #expect(decoded == (try TraceReader().read(bytes: Array(([header, root, child, hit].joined(separator: "\n") + "\n").utf8), name: "t").snapshot))
    }

    @Test func parentAfterItsChildIsRefused() throws {
        // Node 1's parent becomes node 2: a cycle, which the writers would never reach.
        let json = try Self.snapshotJSON().replacingOccurrences(of: #""id":1,"kind":"component""#, with: #""id":1,"kind":"component","parent":2"#)
        #expect(failure(json) == #"S: node 1: "parent" names id 2, which is not an earlier node. The snapshot was edited or cut; write it again with `graphinspect dump --format json`."#)
    }

    @Test func eventNamingNoNodeIsRefused() throws {
        let json = try Self.snapshotJSON().replacingOccurrences(of: #""walk":[2,1]"#, with: #""walk":[2,9]"#)
        #expect(failure(json) == #"S: event 2 (lookup): "walk" names id 9, which is not a node. The snapshot was edited or cut; write it again with `graphinspect dump --format json`."#)
    }

    @Test func misnumberedNodesAreRefused() throws {
        let json = try Self.snapshotJSON().replacingOccurrences(of: #""id":2,"kind":"component""#, with: #""id":5,"kind":"component""#)
        #expect(failure(json).hasPrefix("S: nodes[1] has id 5; a snapshot numbers its nodes 1, 2, 3... in order."))
    }

    @Test func cutOrForeignJSONIsNotASnapshot() throws {
        let json = try Self.snapshotJSON()
        #expect(failure(String(json.prefix(json.count / 2))) == "S: not a graphinspect snapshot (not JSON); expected the JSON of `graphinspect dump --format json`, or a trace")
        #expect(failure(#"{"nodes":[]}"#) == #"S: not a graphinspect snapshot ("events" is missing); expected the JSON of `graphinspect dump --format json`, or a trace"#)
        #expect(failure(#"{"nodes":[{"id":"x"}],"events":[]}"#) == #"S: not a graphinspect snapshot ("nodes[0].id" has the wrong type); expected the JSON of `graphinspect dump --format json`, or a trace"#)
    }

    @Test func inMemoryTraceReadsLikeTheFile() throws {
        let text = [header, root, child, String(hit.prefix(30))].joined(separator: "\n")
        let path = try temporaryTrace(text)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let fromFile = try TraceReader().read(path: path)
        let fromMemory = try TraceReader().read(bytes: Array(text.utf8), name: path)
        #expect(fromFile.snapshot == fromMemory.snapshot)
        #expect(fromFile.warnings == fromMemory.warnings)
        #expect(fromFile.eventCount == fromMemory.eventCount)
    }
}
