import Foundation

/// Where a failing golden's actual output goes: a temporary folder, never beside the golden (a
/// stray file in a test target's folder makes SwiftPM warn), one file per golden, named after it.
enum GoldenActualOutput {
    static let folder = FileManager.default.temporaryDirectory.appendingPathComponent("graphinspect-actual")

    /// Writes `actual` for the golden at `golden`; returns its path, or nil if it cannot be written.
    static func write(_ actual: String, for golden: URL) -> String? {
        let parent = golden.deletingLastPathComponent().lastPathComponent
        let file = folder.appendingPathComponent(parent).appendingPathComponent(golden.lastPathComponent)
        do {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: file, options: .atomic)
            return file.path
        } catch {
            return nil
        }
    }
}
