import GraphInspectCLI
import GraphInspectCheckContract
import GraphInspectRulesYAML
import GraphInspectStatic

// `graphinspect check` with the static reader linked in: `graphinspect check` hands its arguments
// here, and `swift package graphinspect-check` runs this directly. It ends once it has printed, so
// what it read is left to the exit to free.
YAMLRulesParser.install()
StaticReaderHook.read = { paths, cachePath in try StaticReader.reading(paths, options: StaticReader.Options(cachePath: cachePath, leavesMemoryToExit: true)) }
GraphInspectCommand.Check.main()
