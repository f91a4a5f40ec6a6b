import Foundation
import GraphInspectCLI

let arguments = Array(CommandLine.arguments.dropFirst())
if let hint = GraphInspectCommand.misplacedAppHint(arguments) {
    FileHandle.standardError.write(Data((hint + "\n").utf8))
    exit(64)
}
GraphInspectCommand.main()
