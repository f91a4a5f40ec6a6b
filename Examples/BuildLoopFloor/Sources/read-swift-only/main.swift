// Parses each file given after the output path, says how many top-level statements they hold,
// and writes an empty Swift file at the output path (as GraphInspectBuildCheck's tool does when it
// finds no error): a Swift-reading tool that does nothing else.
import Foundation
import SwiftParser

let arguments = CommandLine.arguments.dropFirst()
guard let output = arguments.first else {
    FileHandle.standardError.write(Data("usage: read-swift-only OUTPUT FILE...\n".utf8))
    exit(64)
}
var statements = 0
for path in arguments.dropFirst() {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    statements += Parser.parse(source: text).statements.count
}
print("read-swift-only: \(statements) top-level statements in \(arguments.count - 1) files")
try "".write(toFile: output, atomically: true, encoding: .utf8)
