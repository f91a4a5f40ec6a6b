import ArgumentParser
import GraphInspect

extension GraphInspectCommand {
    /// `graphinspect render --trace FILE`: draw a recorded run.
    public struct Render: ParsableCommand {
        public static let configuration = CommandConfiguration(
            abstract: "Draw a recorded trace as DOT, SVG, PNG, PDF, Mermaid, text or JSON.",
            discussion: """
                Like `dump --trace FILE`, for recordings made earlier (on a device, in CI): a trace \
                file, or the JSON `dump --format json` writes.

                Examples:
                  graphinspect render --trace run.ndjson -o graph.svg
                  graphinspect render --trace snapshot.json --format dot | dot -Tpng > graph.png

                """ + CLIError.exitCodes
        )

        @Option(help: ArgumentHelp("The trace file to read.", valueName: "file"))
        public var trace: String

        @Option(name: .shortAndLong, help: "How to write the tree: \(OutputFormat.allValueStrings.joined(separator: ", ")). Default: the --output file's extension, else svg.")
        public var format: OutputFormat?

        /// `--format`, else the output file's extension, else svg.
        var resolvedFormat: OutputFormat { (try? OutputFormat.resolve(format, output: output, fallback: .svg)) ?? .svg }

        @Option(name: .shortAndLong, help: ArgumentHelp("Write to this file (- for standard output); its extension picks the format.", valueName: "file"), completion: .file())
        public var output: String?

        @OptionGroup(title: "Pictures") var diagram: DiagramFlags

        public init() {}

        public func validate() throws {
            do {
                _ = try OutputFormat.resolve(format, output: output, fallback: .svg)
            } catch {
                throw ValidationError("\(error)")
            }
            try diagram.validate(for: resolvedFormat)
        }

        public func run() throws {
            try CLIError.reported {
                let loaded = try SnapshotSource.trace(path: trace).load()
                loaded.printNotes()
                try Output.checkBinary(resolvedFormat, to: output)
                try Output.write(try resolvedFormat.write(loaded.snapshot, diagram: diagram.options, layout: diagram.layout), to: output)
            }
        }
    }
}
