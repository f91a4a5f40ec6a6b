import Foundation
import GraphInspectCheckContract
import GraphInspectLanguageServer
import GraphInspectRules

/// The rules file of a workspace folder (`graphinspect.yml` at its root), held against each
/// reading the language server makes, as `check` holds it.
enum LanguageServerRules {
    static func of(root: String) -> LanguageServer.Rules? {
        let path = (root as NSString).appendingPathComponent("graphinspect.yml")
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        return { reading in
            let rules = try RuleSetReader.read(text: text, path: path)
            return RulesEngine(rules: rules).findings(in: RulesInput(snapshot: reading.snapshot, places: reading.places, origin: .sources)).map(\.diagnostic)
        }
    }
}
