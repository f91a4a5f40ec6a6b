import Foundation
import GraphInspectCheckContract
import GraphInspectStatic

// `graphinspect check` for the GraphInspectBuildCheck plugin, in every build of a user's target:
//
//     graphinspect-build-check OUTPUT FILE...
//
// It reads the Swift files given and prints each error and warning as a compiler does
// (`FILE:LINE:COL: error: ...`, the walk and the fix on the lines after), which SwiftPM and Xcode
// show at the line, then one summary line. No error: it writes OUTPUT (a Swift file that declares
// nothing), the build command's output, and exits 0; an error: exit 1, which fails the build.
// A tool of its own, linking only the reader: a user's build need not build the CLI, Graphviz's C
// library or the pages for it.
let arguments = Array(CommandLine.arguments.dropFirst())
guard let output = arguments.first, !output.hasPrefix("-") else {
    FileHandle.standardError.write(Data("usage: graphinspect-build-check OUTPUT FILE...\n".utf8))
    exit(64)
}
let reading: StaticReading
do {
    reading = try StaticReader.reading(Array(arguments.dropFirst()))
} catch {
    print("error: graphinspect check: \(error)")
    exit(1)
}
let findings = reading.diagnostics.filter { $0.severity != .note }
for finding in findings { print(finding.formatted(style: .plain)) }
let errors = findings.filter { $0.severity == .error }.count
let warnings = findings.count - errors
print("graphinspect check: \(reading.summary): \(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")")
guard errors == 0 else { exit(1) }
do {
    try Data("// Written by GraphInspectBuildCheck when graphinspect check found no error; it declares nothing.\n".utf8)
        .write(to: URL(fileURLWithPath: output), options: .atomic)
} catch {
    print("error: graphinspect check: cannot write \(output): \(error)")
    exit(1)
}
