import Foundation
import Testing

/// Uber's RIBs tutorial app ported (Examples/RIBsTicTacToe, `graphinspect-sample-ribs`), run with
/// a trace: two screens leak unless `--fixed`.
package enum RIBsTicTacToeRun {
    /// A leak grace short enough for a test, long enough for the app's releases to land.
    package static let grace = ["GRAPHINSPECT_LEAK_GRACE": "200"]

    /// The app's trace, with or without its two mistakes (the caller removes it).
    package static func trace(fixed: Bool, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("ribs-\(UUID().uuidString).ndjson").path
        let run = try Executable.run("graphinspect-sample-ribs", fixed ? ["--fixed"] : [], environment: grace.merging(["GRAPHINSPECT_TRACE": path]) { $1 })
        #expect(run.status == 0, "\(run.stderr)", sourceLocation: sourceLocation)
        return path
    }
}
