import Foundation
import GraphInspect

/// A snapshot as `graphinspect dump --format json` writes it: pretty-printed, keys sorted, and
/// without times (`GraphSnapshot.withoutTimes`), so two recordings of the same graph are
/// byte-identical and diff line by line. Leaks are judged from a trace or a running app, which
/// keep the times.
public struct SnapshotJSONWriter: Sendable {
    public init() {}

    public func write(_ snapshot: GraphSnapshot) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(snapshot.withoutTimes), as: UTF8.self) + "\n"
    }
}
