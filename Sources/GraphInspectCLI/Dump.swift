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
                what it recorded, also when it crashed. With --trace, reads a trace file instead.
                """
        )

        @Option(name: .shortAndLong, help: "How to write the tree.")
        public var format: OutputFormat = .text

        @Option(name: .shortAndLong, help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
        public var output: String?

        @OptionGroup var source: SourceOptions

        public init() {}

        public func run() throws {
            try CLIError.reported {
                let loaded = try source.source.load()
                loaded.printNotes()
                try Output.write(try format.write(loaded.snapshot), to: output)
            }
        }

        /// The dump's text, without writing it anywhere (and without the notes).
        public func render() throws -> String {
            try format.write(source.source.load().snapshot)
        }

        /// Runs the bundled sample with a recorder in force and returns what it recorded.
        public static func recordSample() -> GraphSnapshot {
            SnapshotSource.recordSample()
        }
    }
}
