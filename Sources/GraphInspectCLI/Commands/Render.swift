import ArgumentParser
import GraphInspect

extension GraphInspectCommand {
    /// `graphinspect render --trace FILE`: draw a recorded run.
    public struct Render: ParsableCommand, WritingCommand {
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

        public static let defaultFormat = OutputFormat.svg

        @OptionGroup var written: WriteOptions<Render>

        @OptionGroup(title: "Pictures") var diagram: DiagramFlags

        public init() {}

        public func validate() throws {
            try written.validate(with: diagram)
        }

        public func run() throws {
            try CLIError.reported {
                let loaded = try SnapshotSource.trace(path: trace).load()
                loaded.printNotes()
                try written.write(loaded.snapshot, drawn: diagram)
            }
        }
    }
}
