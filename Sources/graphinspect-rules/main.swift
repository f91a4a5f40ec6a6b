import Foundation
import GraphInspectCLI
import GraphInspectRulesYAML

// `graphinspect` with the rules file's YAML parser installed: a command given `--rules` in
// `graphinspect` hands its arguments here (docs/rules.md).
YAMLRulesParser.install()
let arguments = Array(CommandLine.arguments.dropFirst())
if let hint = GraphInspectCommand.misplacedAppHint(arguments) {
    FileHandle.standardError.write(Data((hint + "\n").utf8))
    exit(64)
}
GraphInspectCommand.main()
