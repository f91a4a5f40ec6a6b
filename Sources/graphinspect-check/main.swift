import GraphInspectCLI
import GraphInspectCheckContract
import GraphInspectRulesYAML
import GraphInspectStatic

// `graphinspect check` with the static reader linked in: `graphinspect check` hands its arguments
// here, and `swift package graphinspect-check` runs this directly.
YAMLRulesParser.install()
StaticReaderHook.read = { paths, cachePath in try StaticReader.reading(paths, options: StaticReader.Options(cachePath: cachePath)) }
GraphInspectCommand.Check.main()
