import Foundation
import GraphInspectCLI
import GraphInspectCheckContract
import GraphInspectRulesYAML
import GraphInspectStatic

// `graphinspect check` with the static reader linked in: `graphinspect check` hands its arguments
// here, and `swift package graphinspect-check` runs this directly. It ends once it has printed, so
// what it read is left to the exit to free.
YAMLRulesParser.install()
StaticReaderHook.read = { paths, cachePath in try StaticReader.reading(paths, options: StaticReader.Options(cachePath: cachePath, leavesMemoryToExit: true)) }
StaticReaderHook.readEdited = { paths, cachePath, edit in
    try StaticReader.reading(paths, options: StaticReader.Options(cachePath: cachePath, leavesMemoryToExit: true), editing: edit)
}
// `graphinspect query` over the sources hands its arguments here too, saying so in the environment
// (never in the arguments, which are check's grammar).
if let command = ProcessInfo.processInfo.environment[GraphInspectCommand.Query.companionVariable], command == "query" {
    unsetenv(GraphInspectCommand.Query.companionVariable)
    GraphInspectCommand.Query.main()
} else {
    GraphInspectCommand.Check.main()
}
