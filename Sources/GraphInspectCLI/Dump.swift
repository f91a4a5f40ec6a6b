import ArgumentParser
import Foundation
import GraphInspect

extension GraphInspectCommand {
    /// `graphinspect dump`: run an app with recording on (or read a trace) and write its tree.
    public struct Dump: ParsableCommand {
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

                """ + CLIError.exitCodes
        )

        @Option(name: .shortAndLong, help: "How to write the tree: \(OutputFormat.allValueStrings.joined(separator: ", ")). Default: the --output file's extension, else text.")
        public var format: OutputFormat?

        /// `--format`, else the output file's extension, else text.
        var resolvedFormat: OutputFormat { (try? OutputFormat.resolve(format, output: output, fallback: .text)) ?? .text }

        @Option(name: .shortAndLong, help: ArgumentHelp("Write to this file (- for standard output); its extension picks the format.", valueName: "file"), completion: .file())
        public var output: String?

        @OptionGroup(title: "Pictures") var diagram: DiagramFlags

        @OptionGroup var source: SourceOptions

        public init() {}

        public func validate() throws {
            do {
                _ = try OutputFormat.resolve(format, output: output, fallback: .text)
            } catch {
                throw ValidationError("\(error)")
            }
            try diagram.validate(for: resolvedFormat)
        }

        public func run() throws {
            try CLIError.reported {
                let loaded = try source.source.load()
                loaded.printNotes()
                try Output.checkBinary(resolvedFormat, to: output)
                try Output.write(try resolvedFormat.write(loaded.snapshot, diagram: diagram.options, layout: diagram.layout), to: output)
            }
        }

        /// The dump's text, without writing it anywhere (and without the notes).
        public func render() throws -> String {
            String(decoding: try resolvedFormat.write(source.source.load().snapshot, diagram: diagram.options, layout: diagram.layout), as: UTF8.self)
        }

        /// Runs the bundled sample with a recorder in force and returns what it recorded.
        public static func recordSample() -> GraphSnapshot {
            SnapshotSource.recordSample()
        }
    }
}
