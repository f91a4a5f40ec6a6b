import Foundation
@testable import GraphInspectCLI
import GraphInspect
import GraphInspectCheckContract
import GraphInspectSample
import GraphInspectText
import Testing

/// `check --format json` writes the findings into the snapshot's JSON text at their key's place.
/// Held, byte for byte, to the whole object parsed and written again with sorted keys (what it
/// did before), with no findings, with findings, and with names no JSON writer should bend.
@Suite struct CheckJSONTests {
    static func writtenAgain(_ graph: String, _ findings: [StaticDiagnostic]) throws -> String {
        var object = try #require(try JSONSerialization.jsonObject(with: Data(graph.utf8)) as? [String: Any])
        object["findings"] = FindingsFormats.findingsJSON(findings)
        return try FindingsFormats.json(object)
    }

    @Test(arguments: [0, 1, 3])
    func theSplicedFindingsAreTheObjectWrittenAgain(count: Int) throws {
        let recorder = GraphRecorder()
        let root = GraphObservation.withObserver(recorder) { SampleApp.run() }
        let graph = try withExtendedLifetime(root) { try SnapshotJSONWriter().write(recorder.snapshot()) }
        let names = ["plain", "we\"ird\\na\u{2028}me/é\u{1b}[31m", "</script>💥\u{7}"]
        let findings = (0..<count).map { index in
            StaticDiagnostic(
                severity: index == 0 ? .error : .note, position: SourcePosition(file: "Sources/\(names[index]).swift", line: index + 1, column: 3),
                message: "missing dependency `\(names[index])`", details: ["  walked \(names[index])", ""]
            )
        }
        #expect(try GraphInspectCommand.Check.snapshotJSON(graph, withFindings: findings) == Self.writtenAgain(graph, findings))
    }

    /// A key that sorts after "findings" is not needed for the splice: it goes last when none does.
    @Test func findingsGoLastWhenEveryKeySortsBeforeThem() throws {
        let graph = "{\n  \"a\" : 1,\n  \"events\" : [\n\n  ]\n}\n"
        let findings = [StaticDiagnostic(severity: .warning, position: SourcePosition(file: "x.swift", line: 1, column: 1), message: "m")]
        #expect(try GraphInspectCommand.Check.snapshotJSON(graph, withFindings: findings) == Self.writtenAgain(graph, findings))
    }
}
