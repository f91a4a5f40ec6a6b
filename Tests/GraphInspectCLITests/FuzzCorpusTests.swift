import Foundation
import GraphInspectFuzzTargets
import GraphInspectTrace
import Testing
import GraphInspectTestSupport

/// Replays what the fuzzers start from and what they once broke (fixtures/fuzz/), through the same
/// code the fuzz targets run, in every test run. A crash here would end the test process.
@Suite struct FuzzCorpusTests {
    static let root = Golden.packageRoot.appendingPathComponent("fixtures/fuzz")

    static func files(_ folder: String) -> [URL] {
        let url = root.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.sorted().map { url.appendingPathComponent($0) }
    }

    @Test(arguments: FuzzTargets.all.map(\.name))
    func corpusAndRegressionsRunThroughTheTarget(_ name: String) throws {
        let body = try #require(FuzzTargets.all.first { $0.name == name }?.body)
        let inputs = Self.files(name) + Self.files("regressions/\(name)")
        #expect(inputs.count >= 5, "the seed corpus of \(name) is in fixtures/fuzz/\(name)/")
        for input in inputs { body(Array(try Data(contentsOf: input))) }
    }

    /// The seeds are real recordings: each must read without error, or the fuzzer would start from
    /// inputs that stop at their first line.
    @Test func seedsAreRealRecordings() throws {
        for trace in Self.files("trace-reader") {
            let result = try TraceReader().read(path: trace.path)
            #expect(result.eventCount > 5, "\(trace.lastPathComponent)")
            // One seed is a trace whose writer was killed mid-line: the cut line and its padding.
            #expect(result.warnings.count == (trace.lastPathComponent == "killed-mid-line.ndjson" ? 1 : 0), "\(trace.lastPathComponent)")
        }
        for snapshot in Self.files("snapshot-decoder") {
            let decoded = try SnapshotDecoder().decode(Data(contentsOf: snapshot), name: snapshot.path)
            #expect(decoded.nodes.count > 5, "\(snapshot.lastPathComponent)")
        }
    }

    /// 200,000 nested brackets: a recursive parser would overflow the stack.
    @Test func deeplyNestedJSONIsAClearError() throws {
        let nested = String(repeating: "[", count: 200_000) + String(repeating: "]", count: 200_000)
        let trace = #"{"format":"graphinspect-trace","version":1,"pid":1,"program":"x"}"# + "\n" + #"{"event":"lookup","walk":"# + nested + "}\n"
        #expect(throws: TraceError.self) { try TraceReader().read(bytes: Array(trace.utf8), name: "deep") }
        #expect(throws: SnapshotError.self) { try SnapshotDecoder().decode(Data((#"{"nodes":"# + nested + #","events":[]}"#).utf8), name: "deep") }
    }
}
