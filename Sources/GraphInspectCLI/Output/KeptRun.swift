import Foundation
import GraphInspect
import GraphInspectText

/// A run kept when what was asked of it cannot be drawn (a filter matching nothing), so the app is
/// not run again to draw it: snapshot JSON in the temporary folder, which `--trace` reads.
enum KeptRun {
    /// Writes `snapshot` as `dump --format json` does; its path, or nil if it could not be written.
    static func keep(_ snapshot: GraphSnapshot, leakGrace: UInt64) -> String? {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("graphinspect-run-\(getpid())-\(UInt64(Date().timeIntervalSince1970)).json").path
        guard let json = try? SnapshotJSONWriter(leakGrace: leakGrace).write(snapshot),
              (try? Data(json.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)) != nil else { return nil }
        return path
    }
}
