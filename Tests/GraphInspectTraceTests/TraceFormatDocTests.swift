import Foundation
import GraphInspect
import Testing
@testable import GraphInspectTrace

/// docs/trace-format.md's example is a real trace; it must read without a warning.
@Suite struct TraceFormatDocTests {
    static let doc = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/trace-format.md")

    @Test func exampleInTheDocReadsAsATrace() throws {
        let text = try String(contentsOf: Self.doc, encoding: .utf8)
        let example = try #require(text.components(separatedBy: "```json\n").last?.components(separatedBy: "```").first)
        let path = try temporaryTrace(example)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try TraceReader().read(path: path)
        #expect(result.warnings.isEmpty)
        #expect(result.eventCount == 18)
        #expect(result.header.program == "graphinspect-sample")
        #expect(result.snapshot.lookups.map(\.cacheHit) == [false, false, true])
    }

    @Test func docNamesEveryEvent() throws {
        let text = try String(contentsOf: Self.doc, encoding: .utf8)
        for name in GraphEvent.Name.allCases {
            #expect(text.contains("| `\(name.rawValue)` |"), "docs/trace-format.md does not document \(name.rawValue)")
        }
    }
}
