import ArgumentParser
import Foundation
import GraphInspect
import GraphInspectGraphviz
import GraphInspectText
import GraphInspectTrace

extension GraphInspectCommand {
    /// `graphinspect diff OLD NEW`: what changed between two recordings.
    public struct Diff: ParsableCommand {
        public static let configuration = CommandConfiguration(
            abstract: "Compare two recordings (traces or snapshot JSON): nodes added or removed, moves, lookups answered differently.",
            discussion: """
                Exits 0 when they are the same, 1 when they differ, 2 when one cannot be read (like diff).

                Examples:
                  graphinspect dump --format json -o old.json -- .build/debug/MyApp
                  graphinspect diff old.json new.json
                  graphinspect diff old.json new.json -o changes.svg
                """
        )

        public enum Format: String, CaseIterable, ExpressibleByArgument, Sendable {
            case text, dot, svg
        }

        @Argument(help: ArgumentHelp("The old recording: a trace, or JSON from `dump --format json`.", valueName: "old"), completion: .file())
        var old: String

        @Argument(help: ArgumentHelp("The new recording.", valueName: "new"), completion: .file())
        var new: String

        @Option(name: .shortAndLong, help: "text: -/+/~ lines; dot, svg: one merged picture (added green, removed red, changed orange). Default: the --output file's extension, else text.")
        var format: Format?

        /// `--format`, else the output's extension (`.txt`, `.dot`, `.svg`), else text.
        func resolvedFormat() throws(CLIError) -> Format {
            let implied = OutputFormat.implied(by: output).flatMap { Format(rawValue: $0.rawValue) }
            if let format, let implied, format != implied {
                throw .formatContradicts(format: format.rawValue, path: output ?? "", implied: implied.rawValue)
            }
            return format ?? implied ?? .text
        }

        @Option(name: .shortAndLong, help: ArgumentHelp("Write to this file (- for standard output).", valueName: "file"), completion: .file())
        var output: String?

        public init() {}

        public func run() throws {
            var differ = false
            do {
                let before = try Self.read(old), after = try Self.read(new)
                let diff = GraphDiff(old: before, new: after)
                differ = !diff.isEmpty
                switch try resolvedFormat() {
                case .text:
                    try Output.write(diff.text(), to: output)
                case .dot:
                    try Output.write(DOTWriter().write(GraphDiff.diagram(old: before, new: after)), to: output)
                case .svg:
                    do {
                        try Output.write(try Picture.render(GraphDiff.diagram(old: before, new: after)), to: output)
                    } catch let error as GraphvizError {
                        throw CLIError.graphviz(error)
                    }
                }
            } catch let error as CLIError {
                Output.say("Error: \(error)")
                throw ExitCode(2)
            }
            if differ { throw ExitCode(1) }
        }

        /// A trace (by its first line) or a snapshot's JSON.
        static func read(_ path: String) throws(CLIError) -> GraphSnapshot {
            try SnapshotSource.readRecording(path).snapshot
        }
    }
}
