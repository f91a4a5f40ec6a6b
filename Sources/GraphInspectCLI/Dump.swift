import ArgumentParser
import Foundation
import GraphInspect
import GraphInspectSample

extension GraphInspectCommand {
    /// `graphinspect dump`: run an app with recording on and write its tree.
    public struct Dump: ParsableCommand {
        public static let configuration = CommandConfiguration(
            abstract: "Run an app with recording on and write its dependency tree.",
            discussion: """
                With no app given, runs the bundled sample app (a root holder with home, \
                settings and onboarding modules and a nested profile holder) in this process.
                """
        )

        @Option(name: .shortAndLong, help: "How to write the tree.")
        public var format: OutputFormat = .text

        @Option(name: .shortAndLong, help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
        public var output: String?

        public init() {}

        public func run() throws {
            let text = try render()
            if let output {
                try OutputFile.write(text, to: output)
            } else {
                print(text, terminator: "")
            }
        }

        /// The dump's text, without writing it anywhere.
        public func render() throws -> String {
            try format.write(Self.recordSample())
        }

        /// Runs the bundled sample with a recorder in force and returns what it recorded, taken
        /// while the app is still alive.
        public static func recordSample() -> GraphSnapshot {
            let recorder = GraphRecorder()
            let app = GraphObservation.withObserver(recorder) { SampleApp.run() }
            return withExtendedLifetime(app) { recorder.snapshot() }
        }
    }
}
