import Foundation
@_spi(Fuzzing) import GraphInspect
import GraphInspectDiagram
import GraphInspectReview
import GraphInspectText
@_spi(Fuzzing) import GraphInspectTrace
@_spi(Fuzzing) import GraphInspectLanguageServer

/// What each fuzz target does with one input, shared by the fuzz executables (scripts/fuzz) and
/// the tests that replay the corpus and every input a fuzzer once broke (fixtures/fuzz/).
///
/// An input must end in a snapshot or a clear error, never a crash or a hang; a snapshot that
/// reads is then written as text and DOT, so the writers are fuzzed with it.
public enum FuzzTargets {
    /// The fuzz targets by name: the folder of their corpus under fixtures/fuzz/.
    public static let all: [(name: String, body: @Sendable ([UInt8]) -> Void)] = [
        ("trace-reader", traceReader),
        ("snapshot-decoder", snapshotDecoder),
        ("line-decoder", lineDecoder),
        ("baseline-reader", baselineReader),
        ("lsp-messages", lspMessages),
    ]

    /// Reads the input as what an editor sends `graphinspect lsp`: framed messages, answered.
    public static func lspMessages(_ input: [UInt8]) {
        LanguageServer.serve(fuzzInput: input)
    }

    /// Reads the input as a trace.
    public static func traceReader(_ input: [UInt8]) {
        guard let result = try? TraceReader().read(bytes: input, name: "fuzz") else { return }
        write(result.snapshot)
    }

    /// Decodes the input as a snapshot's JSON.
    public static func snapshotDecoder(_ input: [UInt8]) {
        guard let snapshot = try? SnapshotDecoder().decode(Data(input), name: "fuzz") else { return }
        write(snapshot)
    }

    /// Decodes the input as one trace line both ways: the reader's fast path must never decode
    /// a line to something other than what JSONDecoder makes of it. An event that decodes is
    /// then written both ways: the runtime's hand-written `TraceLine` must be byte for byte
    /// the `Codable` encoding.
    public static func lineDecoder(_ input: [UInt8]) {
        guard lineDecodersAgree(on: input) else {
            fatalError("the fast line decoder and JSONDecoder disagree on: \(String(decoding: input, as: UTF8.self))")
        }
        if let event = try? JSONDecoder().decode(GraphEvent.self, from: Data(input)), !traceLineWritersAgree(on: event) {
            fatalError("TraceLine and the Codable encoding differ on: \(String(decoding: input, as: UTF8.self))")
        }
    }

    /// Reads the input as a baseline. One that reads must be written back as a baseline that
    /// reads to the same shape: what is written once is a fixed point of reading and writing.
    public static func baselineReader(_ input: [UInt8]) {
        guard let snapshot = try? BaselineReader().read(String(decoding: input, as: UTF8.self), path: "fuzz") else { return }
        write(snapshot)
        guard let once = try? BaselineWriter().write(snapshot) else { return }
        guard let again = try? BaselineReader().read(once, path: "fuzz, written back"), (try? BaselineWriter().write(again)) == once else {
            fatalError("a baseline written from what was read does not read back the same: \(once)")
        }
    }

    private static func write(_ snapshot: GraphSnapshot) {
        _ = TreeTextWriter().write(snapshot)
        _ = try? DOTWriter().write(snapshot)
        _ = try? MermaidWriter().write(snapshot)
    }
}
