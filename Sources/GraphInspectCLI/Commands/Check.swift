import ArgumentParser
import Foundation
import GraphInspect
import GraphInspectCheckContract
import GraphInspectReview
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
                instead, drawn like `dump`, and the findings go to standard error. For tools: \
                --format github writes GitHub workflow commands (an annotation per finding), \
                --format sarif a SARIF 2.1.0 log for code scanning, --format json the static \
                graph's snapshot with a "findings" list (each with its fix), --format markdown \
                the findings as a pull-request comment.

                With a rules file (./graphinspect.yml, or --rules FILE), the graph is also held \
                against the team's rules (docs/rules.md): forbidden lookups, hops, depth, \
                shadowing, unused providers, routers. Their findings join the reader's, at the \
                lookup's line or the declaration. Known ones are listed in \
                graphinspect-rules-baseline.txt beside the rules file (as the build plugin reads \
                it), or in --rules-baseline FILE; --write-rules-baseline writes it.

                Examples:
                  graphinspect check
                  graphinspect check Sources/App Sources/Features
                  graphinspect check -o static.svg
                  graphinspect dump --format json -o run.json -- .build/debug/App
                  graphinspect check --against run.json
                  graphinspect check --strict Sources
                  graphinspect check --format github Sources
                  graphinspect check -o findings.sarif Sources
                  graphinspect check --cache-path .build/graphinspect-check Sources
                  graphinspect check --write-rules-baseline
                  graphinspect check --rules graphinspect.yml --rules-baseline known.txt

                Exit codes: 0 no errors, 1 errors found, 64 bad arguments, 65 a malformed \
                recording, rules file or rules baseline, 66 sources, recording or rules unreadable, 69 graphinspect-check not built, \
                73 the output cannot be written.
                """
        )

        @Argument(help: ArgumentHelp("Swift files or folders to read (default: Sources).", valueName: "path"), completion: .directory)
        public var paths: [String] = []

        /// What `--format` writes: the static graph in any of `dump`'s formats (json with the
        /// findings added), or the findings alone for a tool.
        public enum Format: String, WritableFormat {
            case text, json, dot, svg, png, pdf, mermaid, html
            /// GitHub workflow commands: `::error file=F,line=L,col=C,title=T::message`.
            case github
            /// A SARIF 2.1.0 log.
            case sarif
            /// The findings as a pull-request comment.
            case markdown

            /// The graph format this is, if it is one.
            var graph: OutputFormat? { OutputFormat(rawValue: rawValue) }
        }

        /// The static graph's format when only `--output` is given, with no extension that names one.
        public static let defaultFormat = Format.text

        @OptionGroup(title: "The static graph (written instead of the findings when either is given)") var written: WriteOptions<Check>

        @Option(help: ArgumentHelp("Hold the static graph against this run: a trace, or JSON from `dump --format json`. Reports lookups the run never made, providers it never used, and anything it did that the reading does not explain.", valueName: "file"), completion: .file())
        public var against: String?

        @Option(help: ArgumentHelp("Keep what each file contributes in this folder, so the next check parses only the files that changed (and reads nothing again when none did). The findings are the same with or without it.", valueName: "folder"), completion: .directory)
        public var cachePath: String?

        @Flag(help: "Leave out the notes about what could not be checked.")
        public var noNotes = false

        @Flag(help: "Make every lookup that could not be checked an error (exit 1), not a note.")
        public var strict = false

        @OptionGroup(title: "Pictures") var diagram: DiagramFlags

        @OptionGroup(title: "Rules") var rulesOptions: RulesOptions

        public init() {}

        /// The format written, or nil when only the findings are wanted, as text.
        func graphFormat() throws(CLIError) -> Format? {
            written.isGiven ? try written.resolved() : nil
        }

        public func validate() throws {
            try written.validate()
            if let graph = try graphFormat()?.graph { try diagram.validate(for: graph) }
        }

        public func run() throws {
            guard let read = StaticReaderHook.read else {
                try CLIError.reported { try CompanionTool.check.replaceThisProcess(command: "check") }
                return
            }
            var errors = 0
            try CLIError.reported {
                // With --format or --output, standard output is the static graph and the findings go to standard error.
                let writesGraph = try graphFormat() != nil
                let rules = try rulesOptions.load(command: "check", findsDefault: true)
                // The reader's entry holds the reading to the rules: their findings join the
                // reader's, worded and placed the same way, and are cached with them.
                let reading: StaticReading
                do {
                    reading = try read(StaticReadingRequest(paths: paths.isEmpty ? ["Sources"] : paths, cachePath: cachePath, rules: rules?.forReadings))
                } catch {
                    throw CLIError.cannotReadSources("\(error)".replacingOccurrences(of: "error: ", with: "", options: .anchored))
                }
                for warning in reading.warnings { Output.say(warning) }
                var diagnostics = reading.diagnostics.map { finding in
                    var finding = finding
                    if strict && finding.isUnchecked { finding.severity = .error }
                    return finding
                }
                var verdict: RulesVerdict?
                if let rules {
                    verdict = try rules.verdict([], tally: reading.rules ?? RulesTally())
                    // Held to rules, the findings are sorted after --strict, so the notes it makes
                    // errors take their place among the errors; without rules they keep the
                    // reader's order (both as `check` has always printed them).
                    if strict { diagnostics.sort() }
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
                if let format = try graphFormat() {
                    for text in findingsText { Output.say(text) }
                    if let coverage { Output.say(coverage) }
                    try write(format, reading.snapshot, findings: findings, known: verdict?.known ?? 0)
                } else {
                    let body = (findingsText + (coverage.map { [$0] } ?? [])).joined(separator: "\n")
                    if !body.isEmpty { try Output.write(body + "\n", to: nil) }
                }
                // The counts are of what was printed; notes --no-notes left out are said as such,
                // so a hidden note is never a lost one.
                let severities: [StaticDiagnostic.Severity] = noNotes ? [.error, .warning] : [.error, .warning, .note]
                let counts = severities.map { severity in
                    let count = findings.filter { $0.severity == severity }.count
                    let word = "\(severity.rawValue)\(count == 1 ? "" : "s")"
                    return "\(count) \(word)"
                }
                let leftOut = diagnostics.count - findings.count
                let hidden = leftOut == 0 ? "" : " (\(leftOut) \(leftOut == 1 ? "note" : "notes") left out by --no-notes)"
                if let verdict { Output.say(verdict.summary) }
                Output.say("graphinspect check: \(reading.summary): \(counts.joined(separator: ", "))\(hidden)")
            }
            if errors > 0 { throw ExitCode(1) }
        }

        /// The snapshot's JSON with a "findings" key among its own, in key order, as writing the
        /// whole object with sorted keys would place it: spliced into the snapshot's text rather
        /// than the snapshot parsed and written again (which cost more than the rest of a cached
        /// check on a large app).
        static func snapshotJSON(_ graph: String, withFindings findings: [StaticDiagnostic]) throws -> String {
            let list = try FindingsFormats.json(FindingsFormats.findingsJSON(findings)).dropLast()
            let entry = "  \"findings\" : " + list.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
                .map { $0.offset == 0 || $0.element.isEmpty ? String($0.element) : "  " + $0.element }.joined(separator: "\n")
            var lines = graph.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            // Top-level keys are the lines indented by exactly two spaces that open with a quote.
            let keys = lines.indices.filter { lines[$0].hasPrefix("  \"") }
            guard lines.first == "{", let last = keys.last else { throw CLIError.cannotEncode("the snapshot is not a JSON object") }
            if let next = keys.first(where: { lines[$0].dropFirst(3).prefix { $0 != "\"" } > "findings" }) {
                lines.insert(entry + ",", at: next)
            } else {
                // After the last key's value, which ends on the line before the closing brace.
                guard let close = lines.lastIndex(of: "}"), close > last else { throw CLIError.cannotEncode("the snapshot is not a JSON object") }
                lines[close - 1] += ","
                lines.insert(entry, at: close)
            }
            return lines.joined(separator: "\n")
        }

        /// Writes the graph, or the findings for a tool, to `--output`.
        func write(_ format: Format, _ snapshot: GraphSnapshot, findings: [StaticDiagnostic], known: Int) throws(CLIError) {
            let text: String
            do {
                switch format {
                case .github:
                    text = FindingsFormats.github(findings)
                case .sarif:
                    text = try FindingsFormats.sarif(findings)
                case .markdown:
                    text = FindingsMarkdown().write(findings, title: "graphinspect check", known: known)
                case .json:
                    // The snapshot (which dump and diff read) with the findings beside its nodes.
                    text = try Self.snapshotJSON(try SnapshotJSONWriter().write(snapshot), withFindings: findings)
                default:
                    guard let graph = format.graph else { return }
                    try Output.checkBinary(graph, to: written.output)
                    try Output.write(try graph.write(snapshot, diagram: diagram.options, layout: diagram.layout), to: written.output)
                    return
                }
            } catch let error as CLIError {
                throw error
            } catch {
                throw .cannotEncode("\(error)")
            }
            try Output.write(text, to: written.output)
        }
    }
}
