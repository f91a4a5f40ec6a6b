import Foundation
import GraphInspect

/// A snapshot as `graphinspect dump --format json` writes it: pretty-printed, keys sorted, and
/// without times (`GraphSnapshot.withoutTimes`), so two recordings of the same graph are
/// byte-identical and diff line by line. Each module alive after its holder let it go carries its
/// verdict instead (`"retained": "leak"` or `"aliveAtEnd"`, judged with `leakGrace` from the
/// times before they are left out), so the JSON read back names the same leaks. With
/// `keepsTimes` (`dump --format json --times`) every time, duration, thread and mark stays, for
/// `graphinspect profile` to read back.
public struct SnapshotJSONWriter: Sendable {
    public let leakGrace: UInt64
    public let keepsTimes: Bool

    public init(leakGrace: UInt64 = RetainedAfterDetach.defaultGrace, keepsTimes: Bool = false) {
        self.leakGrace = leakGrace
        self.keepsTimes = keepsTimes
    }

    public func write(_ snapshot: GraphSnapshot) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let judged = snapshot.withRetainedVerdicts(grace: leakGrace)
        return String(decoding: try encoder.encode(keepsTimes ? judged : judged.withoutTimes), as: UTF8.self) + "\n"
    }
}
