import Foundation
import GraphInspectCheckContract
import GraphInspectLanguageServer
import GraphInspectRules

/// The rules file of a workspace folder (`graphinspect.yml` at its root), read once when the
/// server starts and held against each reading it makes, as `check` holds it. A file that does
/// not read is an error at every reading, which the server says.
enum LanguageServerRules {
    static func of(root: String) -> LanguageServer.Rules? {
        let path = (root as NSString).appendingPathComponent("graphinspect.yml")
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        let rules = Result { () throws(RulesError) -> RuleSet in try RuleSetReader.read(text: text, path: path) }
        return { reading, findings in
            let rules = try rules.get()
            return rules.restated(findings)
                + RulesEngine(rules: rules).findings(in: RulesInput(snapshot: reading.snapshot, places: reading.places, origin: .sources)).map(\.diagnostic)
        }
    }
}
