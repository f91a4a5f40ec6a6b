import ArgumentParser
import Foundation
import GraphInspect
import GraphInspectDiagram
import GraphInspectGraphviz
import GraphInspectRules
import GraphInspectText

extension GraphInspectCommand {
    /// `graphinspect profile`: where a run's startup went, in the graph's terms.
    public struct Profile: ParsableCommand {
        public static let configuration = CommandConfiguration(
            abstract: "Where a run's startup went: builder runs, constructions, lookups and first-use builds, timed.",
            discussion: """
                Runs an app (-- EXECUTABLE), a bundled sample (--sample NAME) or reads a recording \
                (TRACE: a trace file, or JSON from dump --format json --times), then prints the \
                startup's critical path (the work on the thread that made the root component, from \
                its creation to the app's mark, GraphRecord.mark("launched"), or to the last \
                event), each step's total and own time with its source line; what ran on the main \
                thread over the budget; the costliest builders, components and providers; and the \
                providers built during the startup that nothing asked for again before it ended \
                (make them lazy).

                Formats: text (default), json (documented in docs/profile.md), trace (Chrome's \
                Trace Event Format, which ui.perfetto.dev and chrome://tracing open), svg, png or \
                pdf (the startup as a flame chart, drawn by Graphviz) and dot.

                Examples:
                  graphinspect profile -- .build/debug/MyApp
                  graphinspect profile run.ndjson --budget 8
                  graphinspect profile --sample slow-start -o startup.trace.json --format trace
                  graphinspect profile --sample slow-start -o startup.svg

                With --rules FILE, the run is held to the rules file (max-main-thread-ms among \
                them, docs/rules.md): its findings go to standard error; an error exits 1.

                """ + CLIError.exitCodes
        )

        /// What `profile` writes.
        public enum Format: String, CaseIterable, ExpressibleByArgument, Sendable {
            case text, json, trace, svg, png, pdf, dot
        }

        @Argument(help: ArgumentHelp("A recording to read: a trace file, or JSON from dump --format json --times (the same as --trace).", valueName: "trace"), completion: .file())
        var recording: String?

        @Option(name: .shortAndLong, help: ArgumentHelp("How to write it: text, json, trace, svg, png, pdf, dot. Default: the --output file's extension (.trace.json: trace), else text.", valueName: "format"))
        var format: Format?

        @Option(name: .shortAndLong, help: ArgumentHelp("Write to this file (- for standard output); its extension picks the format.", valueName: "file"), completion: .file())
        var output: String?

        @Option(help: ArgumentHelp("The main thread's budget in milliseconds: a span over it is listed (default 16, one frame at 60 Hz).", valueName: "ms"))
        var budget: Double = 16

        @Option(help: ArgumentHelp("The mark that ends the startup (default: the app's first GraphRecord.mark, else the last event).", valueName: "mark"))
        var until: String?

        @OptionGroup var source: SourceOptions

        @OptionGroup(title: "Rules") var rulesOptions: RulesOptions

        @OptionGroup(title: "Rules") var rulesReport: RulesReportOptions

        public init() {}

        public func validate() throws {
            if recording != nil, source.trace != nil || source.sample != nil || !source.command.isEmpty {
                throw ValidationError("Give one recording: TRACE, --trace FILE, --sample NAME or -- EXECUTABLE.")
            }
            guard budget >= 0, budget.isFinite else { throw ValidationError("--budget is a number of milliseconds, 0 or more.") }
            do { _ = try resolvedFormat() } catch { throw ValidationError("\(error)") }
        }

        /// The format: the flag, else the output's extension (`.trace.json` is a trace), else text.
        func resolvedFormat() throws(CLIError) -> Format {
            let implied: Format? = output.flatMap { path in
                path.lowercased().hasSuffix(".trace.json") ? .trace : OutputFormat.impliedName(by: path).flatMap(Format.init(rawValue:))
            }
            if let named = OutputFormat.impliedName(by: output), implied == nil {
                guard format != nil else {
                    throw .formatNotWritten(path: output ?? "", implied: named, writable: Format.allCases.map(\.rawValue))
                }
            }
            guard let format else { return implied ?? .text }
            // A trace is JSON: `-o startup.json --format trace` is what it says.
            if let implied, implied != format, !(format == .trace && implied == .json) {
                throw .formatContradicts(format: format.rawValue, path: output ?? "", implied: implied.rawValue)
            }
            return format
        }

        public func run() throws {
            var failed = false
            try CLIError.reported {
                let rules = try rulesOptions.load(command: "profile", findsDefault: false)
                let format = try resolvedFormat()
                try Output.checkWritable(output)
                try Output.checkWritable(rulesReport.rulesOutput)
                var options = source
                if let recording { options.trace = recording }
                let loaded = try options.source.load()
                loaded.printNotes()
                let spans = RunSpans(loaded.snapshot)
                guard spans.isTimed else { throw CLIError.untimedRecording(source: recording ?? options.trace ?? "the recording") }
                let profile = RunProfile(spans, budget: UInt64(budget * 1_000_000), until: until)
                if let until, profile.window.mark != until {
                    Output.say("graphinspect profile: warning: the run set no mark \(Quoted.string(until)); the startup runs to the last event")
                }
                try write(profile, spans: spans, format: format, program: Self.program(of: options))
                if let rules {
                    let verdict = try rules.verdict(RulesInput(snapshot: loaded.snapshot, origin: .run))
                    try rulesReport.report(verdict)
                    failed = verdict.errors > 0
                }
            }
            if failed { throw ExitCode.failure }
        }

        /// What the trace names the process: the app's or sample's name, or the trace file's.
        static func program(of options: SourceOptions) -> String {
            if let first = options.command.first { return URL(fileURLWithPath: first).lastPathComponent }
            if let sample = options.sample { return "sample \(sample)" }
            if let trace = options.trace { return URL(fileURLWithPath: trace).lastPathComponent }
            return "sample modules"
        }

        private func write(_ profile: RunProfile, spans: RunSpans, format: Format, program: String) throws(CLIError) {
            switch format {
            case .text:
                try Output.write(ProfileTextWriter().write(profile), to: output)
            case .json:
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                do {
                    try Output.write(String(decoding: try encoder.encode(profile), as: UTF8.self) + "\n", to: output)
                } catch let error as CLIError {
                    throw error
                } catch {
                    throw .cannotEncode("\(error)")
                }
            case .trace:
                try Output.write(ChromeTraceWriter().write(spans, program: program), to: output)
            case .dot:
                try Output.write(TimelineDOTWriter().write(spans, profile: profile), to: output)
            case .svg, .png, .pdf:
                let graphviz = GraphvizFormat(rawValue: format.rawValue) ?? .svg
                try Output.checkBinary(format != .svg, format: format.rawValue, to: output)
                let dot = TimelineDOTWriter().write(spans, profile: profile)
                let bytes: [UInt8]
                do {
                    bytes = try Picture.render(dot, nodes: spans.spans.count, format: graphviz, layout: .neato)
                } catch {
                    throw .graphviz(error)
                }
                try Output.write(bytes, to: output)
            }
        }
    }
}
