import ArgumentParser
import Foundation
import GraphInspect
import GraphInspectCheckContract
import GraphInspectText

extension GraphInspectCommand {
    /// `graphinspect check`: the dependency graph read from source, its missing dependencies
    /// reported before the app runs, optionally held against a run.
    public struct Check: ParsableCommand, WritingCommand {
        public static let configuration = CommandConfiguration(
            abstract: "Read the app's Swift sources and report lookups some parent chain cannot satisfy.",
            discussion: """
                Parses the sources (no build, no type checking), finds every component, holder, \
                module and builder, where each component is made and below which parents, and \
                every lookup the code makes. A lookup that some chain reaching its component \
                cannot answer is an error, reported in the runtime's words at the line that makes \
                it (path:line:column, as compilers print). What the reader cannot decide is a \
                note, never a guess. See docs/check.md.

                Standard output is the findings; with --format (or -o) it is the static graph \
                instead, drawn like `dump`, and the findings go to standard error.

                Examples:
                  graphinspect check
                  graphinspect check Sources/App Sources/Features
                  graphinspect check -o static.svg
                  graphinspect dump --format json -o run.json -- .build/debug/App
                  graphinspect check --against run.json
                  graphinspect check --strict Sources

                Exit codes: 0 no errors, 1 errors found, 64 bad arguments, 65 a malformed \
                recording, 66 sources or recording unreadable, 69 graphinspect-check not built, \
                73 the output cannot be written.
                """
        )

        @Argument(help: ArgumentHelp("Swift files or folders to read (default: Sources).", valueName: "path"), completion: .directory)
        public var paths: [String] = []

        /// The static graph's format when only `--output` is given, with no extension that names one.
        public static let defaultFormat = OutputFormat.text

        @OptionGroup(title: "The static graph (written instead of the findings when either is given)") var written: WriteOptions<Check>

        @Option(help: ArgumentHelp("Hold the static graph against this run: a trace, or JSON from `dump --format json`. Reports lookups the run never made, providers it never used, and anything it did that the reading does not explain.", valueName: "file"), completion: .file())
        public var against: String?

        @Flag(help: "Leave out the notes about what could not be checked.")
        public var noNotes = false

        @Flag(help: "Make every lookup that could not be checked an error (exit 1), not a note.")
        public var strict = false

        @OptionGroup(title: "Pictures") var diagram: DiagramFlags

        public init() {}

        /// The format the graph is written in, or nil when only the findings are wanted.
        func graphFormat() throws(CLIError) -> OutputFormat? {
            written.isGiven ? try written.resolved() : nil
        }

        public func validate() throws {
            if written.isGiven { try written.validate(with: diagram) }
        }

        public func run() throws {
            guard let read = StaticReaderHook.read else {
                try CLIError.reported { try Self.handOver() }
                return
            }
            var errors = 0
            try CLIError.reported {
                // With --format or --output, standard output is the static graph and the findings go to standard error.
                let writesGraph = try graphFormat() != nil
                let reading: StaticReading
                do {
                    reading = try read(paths.isEmpty ? ["Sources"] : paths)
                } catch {
                    throw CLIError.cannotReadSources("\(error)".replacingOccurrences(of: "error: ", with: "", options: .anchored))
                }
                let diagnostics = reading.diagnostics.map { finding in
                    var finding = finding
                    if strict && finding.isUnchecked { finding.severity = .error }
                    return finding
                }
                let findings = diagnostics.filter { !noNotes || $0.severity != .note }
                errors = findings.filter { $0.severity == .error }.count
                let findingsText = findings.map { $0.formatted(style: writesGraph ? .forStandardError : .forStandardOutput) }
                var coverage: String?
                if let against {
                    let loaded = try SnapshotSource.trace(path: against).load()
                    loaded.printNotes()
                    coverage = CoverageReport(static: reading.facts, live: GraphFacts(snapshot: loaded.snapshot)).text
                }
                if writesGraph {
                    for text in findingsText { Output.say(text) }
                    if let coverage { Output.say(coverage) }
                    try written.write(reading.snapshot, drawn: diagram)
                } else {
                    let body = (findingsText + (coverage.map { [$0] } ?? [])).joined(separator: "\n")
                    if !body.isEmpty { try Output.write(body + "\n", to: nil) }
                }
                let counts = [StaticDiagnostic.Severity.error, .warning, .note].map { severity in
                    let count = diagnostics.filter { $0.severity == severity }.count
                    let word = "\(severity.rawValue)\(count == 1 ? "" : "s")"
                    return "\(count) \(word)"
                }
                Output.say("graphinspect check: \(reading.summary): \(counts.joined(separator: ", "))")
            }
            if errors > 0 { throw ExitCode(1) }
        }

        /// In `graphinspect` itself: runs `graphinspect-check` from the same folder with this
        /// command's arguments, replacing this process.
        static func handOver() throws(CLIError) {
            let folder = SampleCatalog.executableFolder
            let tool = CheckTool.path(in: folder)
            guard FileManager.default.isExecutableFile(atPath: tool) else { throw .checkNotBuilt(folder: folder.path) }
            let arguments = Array(CommandLine.arguments.drop { $0 != "check" }.dropFirst())
            var argv: [UnsafeMutablePointer<CChar>?] = ([tool] + arguments).map { strdup($0) }
            argv.append(nil)
            execv(tool, &argv)
            throw .cannotLaunch(path: tool, reason: String(cString: strerror(errno)))
        }
    }
}
