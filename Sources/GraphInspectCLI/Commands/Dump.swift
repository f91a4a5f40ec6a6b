import ArgumentParser
import Foundation
import GraphInspect
import GraphInspectRules
import GraphInspectText

extension GraphInspectCommand {
    /// `graphinspect dump`: run an app with recording on (or read a trace) and write its tree.
    public struct Dump: ParsableCommand, WritingCommand {
        public static let configuration = CommandConfiguration(
            abstract: "Run an app with recording on and write its dependency tree.",
            discussion: """
                With no app given, runs the bundled sample app (a root holder with home, \
                settings and onboarding modules and a nested profile holder) in this process. \
                After --, runs EXECUTABLE with GRAPHINSPECT_TRACE set, waits for it, and writes \
                what it recorded, also when it crashed. With --trace, reads a trace file instead. \
                The app's own output goes to standard error; standard output is the tree.

                Examples:
                  graphinspect dump
                  graphinspect dump -o graph.svg -- .build/debug/MyApp
                  graphinspect dump --format json -- .build/debug/MyApp | jq .nodes
                  graphinspect dump --format svg --focus SettingsModule -o settings.svg
                  graphinspect dump --rules graphinspect.yml -o graph.svg -- .build/debug/MyApp

                With --rules FILE, the run is held against the rules file (docs/rules.md): its \
                findings go to standard error (or --rules-output), and an error exits 1 after \
                the graph is written.

                """ + CLIError.exitCodes
        )

        public static let defaultFormat = OutputFormat.text

        @OptionGroup var written: WriteOptions<Dump>

        @Flag(help: "With --format json: keep every time, duration and thread (for graphinspect profile); the output then differs from run to run.")
        var times = false

        @OptionGroup(title: "Pictures") var diagram: DiagramFlags

        @OptionGroup var source: SourceOptions

        @OptionGroup(title: "Rules") var rulesOptions: RulesOptions

        @OptionGroup(title: "Rules") var rulesReport: RulesReportOptions

        public init() {}

        public func validate() throws {
            try written.validate(with: diagram)
            if times, (try? written.resolved()) != .json {
                throw ValidationError("--times keeps the times in JSON; add --format json (or -o FILE.json).")
            }
        }

        public func run() throws {
            var failed = false
            try CLIError.reported {
                let rules = try rulesOptions.load(command: "dump", findsDefault: false)
                // Where it writes is checked before the app runs, not after.
                try Output.checkWritable(written.output)
                try Output.checkWritable(rulesReport.rulesOutput)
                let loaded = try source.source.load()
                loaded.printNotes()
                do {
                    if times {
                        try Output.write(try SnapshotJSONWriter(leakGrace: source.leakGraceNanoseconds, keepsTimes: true).write(loaded.snapshot), to: written.output)
                    } else {
                        try written.write(loaded.snapshot, drawn: diagram, leakGrace: source.leakGraceNanoseconds)
                    }
                } catch let error as CLIError {
                    guard case .badFilter(let filter) = error, source.source.runsAnApp else { throw error }
                    // A filter is judged against the graph, so only after the run: keep the run.
                    throw CLIError.badFilterAfterRun(filter, kept: KeptRun.keep(loaded.snapshot, leakGrace: source.leakGraceNanoseconds), flags: Self.flagsWithoutTheApp())
                }
                if let rules {
                    let verdict = try rules.verdict(RulesInput(snapshot: loaded.snapshot, origin: .run))
                    try rulesReport.report(verdict)
                    failed = verdict.errors > 0
                }
            }
            if failed { throw ExitCode.failure }
        }

        /// This command's flags as given, without what chose the app (`--sample`, `-- APP`): what
        /// draws a kept run again.
        static func flagsWithoutTheApp(_ arguments: [String] = CommandLine.arguments) -> String {
            var flags: [String] = []
            var rest = arguments.drop { $0 != "dump" }.dropFirst().prefix { $0 != "--" }[...]
            while let flag = rest.popFirst() {
                if flag == "--sample" { _ = rest.popFirst(); continue }
                if flag.hasPrefix("--sample=") || flag == "--quiet" || flag == "-q" { continue }
                flags.append(flag.contains(where: { " \"'$`\\".contains($0) }) ? "'" + flag.replacingOccurrences(of: "'", with: "'\\''") + "'" : flag)
            }
            return flags.joined(separator: " ")
        }

        /// The dump's text, without writing it anywhere (and without the notes).
        public func render() throws -> String {
            String(decoding: try written.resolved().write(source.source.load().snapshot, diagram: diagram.options, layout: diagram.layout, leakGrace: source.leakGraceNanoseconds), as: UTF8.self)
        }

        /// Runs the bundled sample with a recorder in force and returns what it recorded.
        public static func recordSample() -> GraphSnapshot {
            SnapshotSource.recordSample()
        }
    }
}
