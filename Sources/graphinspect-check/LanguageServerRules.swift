import Foundation
import GraphInspectCLI
import GraphInspectCheckContract
import GraphInspectRules

/// The rules file of a workspace folder (`graphinspect.yml` at its root, with
/// `graphinspect-rules-baseline.txt` beside it when there is one, as `check` finds them), read
/// once when the server starts; the server hands it to each reading, which holds the sources to
/// it as `check` does. A file that does not read is an error at every reading, which the server
/// says.
enum LanguageServerRules {
    static func of(root: String) -> Result<ReadingRules, any Error>? {
        let path = (root as NSString).appendingPathComponent(RulesOptions.defaultFile)
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let baseline = (root as NSString).appendingPathComponent(RulesOptions.defaultBaseline)
        return Result { () throws(RulesError) -> ReadingRules in
            try HeldRules(path: path, baselinePath: FileManager.default.fileExists(atPath: baseline) ? baseline : nil).forReadings()
        }.mapError { $0 as any Error }
    }
}
