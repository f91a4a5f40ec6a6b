import Foundation
import GraphInspectCLI
import GraphInspectLanguageServer
import GraphInspectRules
import GraphInspectCheckContract
import GraphInspectRulesYAML
import GraphInspectStatic

// `graphinspect check` with the static reader linked in: `graphinspect check` hands its arguments
// here, and `swift package graphinspect-check` runs this directly. It ends once it has printed, so
// what it read is left to the exit to free.
YAMLRulesParser.install()
StaticReaderHook.read = { asked in
    var request = StaticCheck.Request(paths: asked.paths, options: StaticReader.Options(cachePath: asked.cachePath, leavesMemoryToExit: true))
    request.rules = asked.rules
    request.edit = asked.edit
    return try StaticCheck().run(request).reading!
}
// `graphinspect query` over the sources hands its arguments here too, saying so in the environment
// (never in the arguments, which are check's grammar).
let companion = ProcessInfo.processInfo.environment[GraphInspectCommand.Query.companionVariable]
unsetenv(GraphInspectCommand.Query.companionVariable)
if companion == "query" {
    GraphInspectCommand.Query.main()
} else if companion == "lsp" {
    let session = StaticReader.EditorSession()
    let server = LanguageServer(
        reader: { paths, cachePath, texts, rules in try session.reading(paths, cachePath: cachePath, texts: texts, rules: rules) },
        rules: LanguageServerRules.of
    )
    let status = server.run()
    session.waitForSaving()
    exit(status)
} else {
    GraphInspectCommand.Check.main()
}
