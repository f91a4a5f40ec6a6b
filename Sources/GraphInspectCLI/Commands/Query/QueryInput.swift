import ArgumentParser
import Foundation
import GraphInspect
import GraphInspectCheckContract
import GraphInspectDiagram
import GraphInspectQuery

/// Where `query` reads its graph: the sources (as `check` reads them, with its cache), or a run.
struct QueryInput: ParsableArguments {
    @Option(name: .customLong("sources"), help: ArgumentHelp("A Swift file or folder to read, as `check` reads them; repeat for more (default: Sources).", valueName: "path"), completion: .directory)
    var sources: [String] = []

    @Option(help: ArgumentHelp("Keep what each file contributes in this folder, as `check --cache-path` does: the next query over unchanged files reads it instead of parsing.", valueName: "folder"), completion: .directory)
    var cachePath: String?

    @OptionGroup(title: "A run instead of the sources") var run: SourceOptions

    /// Whether a run was named (a trace, a sample, an app).
    var readsRun: Bool { run.trace != nil || run.sample != nil || !run.command.isEmpty }

    func validate() throws {
        if readsRun && (!sources.isEmpty || cachePath != nil) {
            throw ValidationError("Ask either the sources (--sources, --cache-path) or a run (--trace, --sample, -- APP), not both.")
        }
    }

    /// The graph to ask. Reading the sources needs the static reader, which `graphinspect-check`
    /// links: without it, this process becomes that tool, given the same arguments.
    func graph() throws(CLIError) -> QueryGraph {
        if readsRun {
            let loaded = try run.source.load()
            loaded.printNotes()
            return QueryGraph(snapshot: loaded.snapshot, origin: .run)
        }
        guard let read = StaticReaderHook.read else {
            try CompanionTool.query.replaceThisProcess(command: "query")
            throw .cannotReadSources("graphinspect-check did not start")
        }
        let reading: StaticReading
        do {
            reading = try read(StaticReadingRequest(paths: sources.isEmpty ? ["Sources"] : sources, cachePath: cachePath))
        } catch {
            throw .cannotReadSources("\(error)".replacingOccurrences(of: "error: ", with: "", options: .anchored))
        }
        for warning in reading.warnings { Output.say(warning) }
        if let unparsed = reading.places.syntaxErrors, !unparsed.isEmpty {
            let shown = unparsed.prefix(5).map(\.description).joined(separator: ", ") + (unparsed.count > 5 ? ", and \(unparsed.count - 5) more" : "")
            Output.say("graphinspect query: warning: \(unparsed.count) \(unparsed.count == 1 ? "file does" : "files do") not parse; answered from what could be read of \(unparsed.count == 1 ? "it" : "them"), which may leave out what follows the error: \(shown)")
        }
        var graph = QueryGraph(snapshot: reading.snapshot, origin: .sources, places: reading.places)
        let paths = sources.isEmpty ? ["Sources"] : sources, cachePath = cachePath
        graph.reread = { edit in
            let edited = try read(StaticReadingRequest(paths: paths, cachePath: cachePath, edit: edit))
            return (edited.snapshot, edited.places)
        }
        return graph
    }
}

/// Runs a verb: the graph read, the question asked, the answer written in the format chosen.
/// A question the graph cannot answer is a usage error (exit 64); an answer `failed` calls a
/// finding (nothing provides the name asked) is written, then exits 1, as `check` does.
enum QueryRun {
    static func answer<Answer: Encodable>(
        _ input: QueryInput, _ output: String?, format: String,
        ask: (QueryGraph) throws(QueryError) -> Answer, text: (Answer) -> String, picture: ((Answer) -> Diagram)? = nil,
        failed: (Answer) -> Bool = { _ in false }
    ) throws {
        var found = false
        try CLIError.reported {
            let graph = try input.graph()
            let answer: Answer
            do {
                answer = try ask(graph)
            } catch {
                throw CLIError.badValue("\(error)")
            }
            let written: String
            switch format {
            case "json": written = try json(answer)
            case "dot": written = picture.map { DOTWriter().write($0(answer), legend: false) } ?? text(answer)
            case "mermaid": written = picture.map { MermaidWriter().write($0(answer)) } ?? text(answer)
            default: written = text(answer)
            }
            try Output.write(written, to: output)
            found = failed(answer)
        }
        if found { throw ExitCodes.failed.exitCode }
    }

    /// Pretty-printed with sorted keys, absent values left out, ending in a newline.
    static func json<Answer: Encodable>(_ answer: Answer) throws(CLIError) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            return String(decoding: try encoder.encode(answer), as: UTF8.self) + "\n"
        } catch {
            throw .cannotEncode("\(error)")
        }
    }
}
