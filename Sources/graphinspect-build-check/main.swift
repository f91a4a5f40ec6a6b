import Foundation
import GraphInspectCheckContract
import GraphInspectRules
import GraphInspectRulesYAML
import GraphInspectStatic

// `graphinspect check` for the GraphInspectBuildCheck plugin, in every build of a user's target:
//
//     graphinspect-build-check [--cache-path FOLDER] [--rules FILE [--rules-baseline FILE]]
//                              [--rules-if-present FILE] [--rules-baseline-if-present FILE] OUTPUT FILE...
//
// It reads the Swift files given and prints each error and warning as a compiler does
// (`FILE:LINE:COL: error: ...`, the walk and the fix on the lines after), which SwiftPM and Xcode
// show at the line, then one summary line. No error: it writes OUTPUT (a Swift file that declares
// nothing), the build command's output, and exits 0; an error: exit 1, which fails the build.
// With a cache folder (the plugin passes its work folder) only the files that changed are parsed,
// and a run over the same files as the last prints the last findings without reading anything.
// With a rules file the rules' findings are printed the same way; a mistake in the rules file is
// an error at its line. The plugin passes the package's graphinspect.yml and
// graphinspect-rules-baseline.txt with `-if-present`: each is read when it exists when the
// check runs (SwiftPM keeps the plugin's commands between builds, so the plugin cannot decide). A tool of its own, linking only the
// reader and the rules: a user's build need not build the CLI, Graphviz's C library or the pages.
guard let arguments = BuildCheckArguments(Array(CommandLine.arguments.dropFirst())) else {
    FileHandle.standardError.write(Data((BuildCheckArguments.usage + "\n").utf8))
    exit(64)
}
let output = arguments.output
var request = StaticCheck.Request(paths: arguments.files, options: StaticReader.Options(cachePath: arguments.cachePath, leavesMemoryToExit: true))
request.findingsOnly = true
// The cache is this tool's: the reader's and the rules' sources decide what it keeps.
request.options.cacheIdentity = CheckCache.currentBuild + ", build tool sources \(BuildToolSources.digest)"
if let rulesPath = arguments.rules {
    YAMLRulesParser.install()
    do {
        // The rules' text decides their findings: a changed rule or baseline checks again.
        request.rules = try HeldRules(path: rulesPath, baselinePath: arguments.rulesBaseline).forReadings()
    } catch {
        print(error.compilerStyle)
        exit(1)
    }
}
let found: StaticReading.Findings
do {
    found = try StaticCheck().run(request).findings
} catch {
    // The reader's errors begin with "error: "; the build shows this one line.
    print("error: graphinspect check: " + "\(error)".replacingOccurrences(of: "error: ", with: "", options: .anchored))
    exit(1)
}
for warning in found.warnings { print(warning) }
// The reader's own findings at the severity the rules file gives them (`closure-cycle: error`).
// Notes are left out, but the one counting lookups this target never reaches (public functions
// another target calls): without it, "0 of 0 checked" would not say why.
let findings = found.diagnostics.filter { $0.severity != .note || $0.isOutOfReach }
for finding in findings { print(finding.formatted(style: .plain)) }
let errors = findings.filter { $0.severity == .error }.count
let warnings = findings.filter { $0.severity == .warning }.count
print("graphinspect check: \(found.summary): \(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")")
guard errors == 0 else { exit(1) }
do {
    try Data("// Written by GraphInspectBuildCheck when graphinspect check found no error; it declares nothing.\n".utf8)
        .write(to: URL(fileURLWithPath: output), options: .atomic)
} catch {
    print("error: graphinspect check: cannot write \(output): \(error)")
    exit(1)
}
