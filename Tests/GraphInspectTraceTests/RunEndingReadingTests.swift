import Foundation
import GraphInspect
import Testing
@testable import GraphInspectTrace

/// How a run ended, read from its trace's last line (or its absence) and from a snapshot's JSON.
@Suite struct RunEndingReadingTests {
    static let header3 = #"{"format":"graphinspect-trace","version":3,"pid":42,"program":"App"}"#

    func ending(_ lines: [String], header: String = Self.header3) throws -> RunEnding? {
        try TraceReader().read(bytes: Array(([header, root] + lines).joined(separator: "\n").appending("\n").utf8), name: "T").snapshot.ending
    }

    @Test func theEndedLineSaysTheExitOrGraphinspectsReport() throws {
        #expect(try ending([#"{"event":"ended","time":5,"status":3}"#]) == RunEnding(how: .exited(status: 3)))
        #expect(try ending([#"{"event":"ended","time":5}"#]) == RunEnding(how: .exited(status: nil)))
        let report = try ending([#"{"event":"ended","time":5,"report":"graphinspect: missing dependency `x: X`\n  walked: Root"}"#])
        #expect(report == RunEnding(how: .unfinished, report: "graphinspect: missing dependency `x: X`\n  walked: Root"))
        #expect(report?.failed == true)
    }

    @Test func aTraceThatStopsWithoutAnEndIsUnfinishedAndAnOldOneIsUnknown() throws {
        #expect(try ending([]) == RunEnding(how: .unfinished))
        // Cut off mid-line, as a killed process leaves it: still unfinished, with the warning.
        let cut = try TraceReader().read(bytes: Array((Self.header3 + "\n" + root + "\n" + #"{"event":"created","id":2,"#).utf8), name: "T")
        #expect(cut.snapshot.ending == RunEnding(how: .unfinished))
        #expect(cut.warnings.count == 1)
        // Version 2 wrote no `ended` line: how it ended is not known.
        #expect(try ending([], header: #"{"format":"graphinspect-trace","version":2}"#) == nil)
    }

    @Test func theSnapshotJSONKeepsTheEndingAndReadsOldFilesWithoutOne() throws {
        for ending in [RunEnding(how: .signalled(6), report: "r"), RunEnding(how: .exited(status: 0)), RunEnding(how: .exited(status: nil)), RunEnding(how: .unfinished)] {
            let snapshot = GraphSnapshot(nodes: [], events: [], ending: ending)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            let data = try encoder.encode(snapshot)
            #expect(try SnapshotDecoder().decode(data, name: "S") == snapshot)
            #expect(!ending.failed || String(decoding: data, as: UTF8.self).contains(#""ending":{"how":""#))
        }
        let signal = try JSONEncoder().encode(RunEnding(how: .signalled(6), report: "r"))
        #expect(try JSONSerialization.jsonObject(with: signal) as? NSDictionary == ["how": "signal", "signal": 6, "report": "r"])
        #expect(try SnapshotDecoder().decode(Data(#"{"nodes":[],"events":[]}"#.utf8), name: "S").ending == nil)
        #expect(throws: SnapshotError.self) { try SnapshotDecoder().decode(Data(#"{"nodes":[],"events":[],"ending":{"how":"vanished"}}"#.utf8), name: "S") }
    }
}
