import ArgumentParser
import GraphInspect

extension GraphInspectCommand {
    /// `graphinspect render --trace FILE`: draw a recorded run.
    public struct Render: ParsableCommand {
        public static let configuration = CommandConfiguration(
            abstract: "Draw a recorded trace as DOT, SVG, PNG, PDF, Mermaid, text or JSON.",
            discussion: "Like `dump --trace FILE`, for traces recorded earlier (on a device, in CI)."
        )

        @Option(help: ArgumentHelp("The trace file to read.", valueName: "file"))
        public var trace: String

        @Option(name: .shortAndLong, help: "What to write.")
        public var format: OutputFormat = .svg

        @Option(name: .shortAndLong, help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
        public var output: String?

        @OptionGroup(title: "Pictures") var diagram: DiagramFlags

        public init() {}

        public func validate() throws {
            try diagram.validate(for: format)
        }

        public func run() throws {
            try CLIError.reported {
                let loaded = try SnapshotSource.trace(path: trace).load()
                loaded.printNotes()
                try Output.write(try format.write(loaded.snapshot, diagram: diagram.options, layout: diagram.layout), to: output)
            }
        }
    }
}
