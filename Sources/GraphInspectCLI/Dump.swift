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

        @Option(help: ArgumentHelp("Read this trace file instead of running an app.", valueName: "file"))
        public var trace: String?

        @Flag(help: "Silence the app's own standard output and error.")
        public var quiet = false

        @Argument(parsing: .postTerminator, help: ArgumentHelp("The app to run, and its arguments.", valueName: "executable"))
        public var command: [String] = []

        public init() {}

        public func validate() throws {
            if trace != nil && !command.isEmpty {
                throw ValidationError("Give either --trace FILE or -- EXECUTABLE, not both.")
            }
            if quiet && command.isEmpty {
                throw ValidationError("--quiet silences an app run after --; there is none.")
            }
        }

        var source: SnapshotSource {
            if let trace { return .trace(path: trace) }
            if !command.isEmpty { return .executable(command: command, quiet: quiet) }
            return .sample
        }

        public func run() throws {
            do {
                let loaded = try source.load()
                for note in loaded.notes { FileHandle.standardError.write(Data((note + "\n").utf8)) }
                let text = try format.write(loaded.snapshot)
                if let output {
                    try OutputFile.write(text, to: output)
                } else {
                    print(text, terminator: "")
                }
            } catch let error as CLIError {
                FileHandle.standardError.write(Data("Error: \(error)\n".utf8))
                throw error.exitCode
            }
        }

        /// The dump's text, without writing it anywhere (and without the notes).
        public func render() throws -> String {
            try format.write(source.load().snapshot)
        }

        /// Runs the bundled sample with a recorder in force and returns what it recorded.
        public static func recordSample() -> GraphSnapshot {
            SnapshotSource.recordSample()
        }
    }
}
