import ArgumentParser
import Foundation
import GraphInspect
import GraphInspectRules

extension GraphInspectCommand {
    /// `graphinspect why`: explain every failed lookup of a run.
    public struct Why: ParsableCommand, WritingCommand {
        public static let configuration = CommandConfiguration(
            abstract: "Explain every failed lookup of a run: the walk, near misses, where it exists, the fix.",
            discussion: """
                Reads a trace (--trace FILE) or runs an app (-- EXECUTABLE) like dump, then prints \
                a report for each dependency, module or router lookup that found nothing, most \
                recent first, then one for each module or holder still alive after its holder let \
                it go (retained after detach: a leak once --leak-grace has passed). Exits 0 when \
                nothing failed or leaked, 1 when something did.

                Examples:
                  graphinspect why -- .build/debug/MyApp
                  graphinspect why --trace run.ndjson --format json
                  graphinspect why --rules graphinspect.yml -- .build/debug/MyApp

                With --rules FILE, the run is also held against the rules file (docs/rules.md): \
                its findings go to standard error (or --rules-output); an error exits 1.

                """ + CLIError.exitCodes
        )

        /// How to print the reports.
        public enum Format: String, WritableFormat {
            case text
            case json
        }

        public static let defaultFormat = Format.text

        @Option(help: ArgumentHelp("Only lookups of this dependency name or module key.", valueName: "name"))
        public var dependency: String?

        /// `--format` and `--output`, as every command that writes: `-o report.json` writes JSON.
        @OptionGroup var written: WriteOptions<Why>

        @OptionGroup var source: SourceOptions

        @OptionGroup(title: "Rules") var rulesOptions: RulesOptions

        @OptionGroup(title: "Rules") var rulesReport: RulesReportOptions

        public init() {}

        public func run() throws {
            var failed = false
            try CLIError.reported {
                let rules = try rulesOptions.load(command: "why", findsDefault: false)
                // Where it writes is checked before the app runs, not after.
                try Output.checkWritable(written.output)
                try Output.checkWritable(rulesReport.rulesOutput)
                let loaded = try source.source.load()
                loaded.printNotes()
                let failures = select(loaded.snapshot.failures())
                let grace = source.leakGraceNanoseconds
                // `--dependency` narrows the report to lookups; leaks are not lookups.
                var retained: [RetainedAfterDetach] = []
                if dependency == nil {
                    retained = RetainedAfterDetach.find(in: loaded.snapshot, grace: grace)
                    for line in RetainedAfterDetach.inconsistencies(in: loaded.snapshot) { Output.say("graphinspect why: warning: " + line) }
                }
                failed = !failures.isEmpty || retained.contains { $0.isLeak }
                let style: ReportStyle = written.output == nil ? .forStandardOutput : .plain
                let format = try written.resolved()
                var text: String
                if format == .json {
                    text = try Self.json(failures, retained: retained, in: loaded.snapshot, grace: grace)
                } else {
                    text = try render(failures, events: loaded.snapshot.eventCount, format: format, style: style)
                    if !retained.isEmpty { text += "\n" + Self.retainedReport(retained, in: loaded.snapshot, grace: grace, style: style) }
                }
                try Output.write(text, to: written.output)
                if let rules {
                    let verdict = try rules.verdict(RulesInput(snapshot: loaded.snapshot, origin: .run))
                    try rulesReport.report(verdict)
                    if verdict.errors > 0 { failed = true }
                }
            }
            if failed { throw ExitCode.failure }
        }

        /// The modules and holders alive after their holder let them go: leaks first.
        static func retainedReport(_ retained: [RetainedAfterDetach], in snapshot: GraphSnapshot, grace: UInt64, style: ReportStyle) -> String {
            let leaks = retained.filter { $0.isLeak }
            let title = leaks.isEmpty
                ? "graphinspect why: \(RetainedAfterDetach.counted(retained, in: snapshot)) alive after detach, within the \(RetainedAfterDetach.duration(grace)) grace (not called leaks)"
                : "graphinspect why: \(RetainedAfterDetach.counted(leaks, in: snapshot)) retained after detach" + (leaks.count == retained.count ? "" : ", \(retained.count - leaks.count) more alive within the grace")
            let ordered = leaks + retained.filter { !$0.isLeak }
            return title + "\n\n" + ordered.map { $0.report(in: snapshot, grace: grace, style: style) }.joined(separator: "\n\n") + "\n"
        }

        /// `--format json`: one array, each failed lookup as `LookupFailure` encodes it, then each
        /// module retained after detach (`"kind": "retainedAfterDetach"`), leaks first.
        static func json(_ failures: [LookupFailure], retained: [RetainedAfterDetach], in snapshot: GraphSnapshot, grace: UInt64) throws -> String {
            let ordered = retained.filter(\.isLeak) + retained.filter { !$0.isLeak }
            let entries = failures.map(WhyJSONEntry.failure) + ordered.map { WhyJSONEntry.retained($0, label: RetainedAfterDetach.label($0.node, in: snapshot), report: $0.report(in: snapshot, grace: grace), holderLabel: $0.heldBy?.holder.map { RetainedAfterDetach.label($0, in: snapshot) }) }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            return String(decoding: try encoder.encode(entries), as: UTF8.self) + "\n"
        }

        /// The failures to report, most recent first, narrowed by `--dependency`.
        func select(_ failures: [LookupFailure]) -> [LookupFailure] {
            failures.reversed().filter { dependency == nil || $0.requestedName == dependency }
        }

        func render(_ failures: [LookupFailure], events: Int, format: Format, style: ReportStyle) throws -> String {
            switch format {
            case .json:
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                return String(decoding: try encoder.encode(failures), as: UTF8.self) + "\n"
            case .text:
                let scope = dependency.map { " of \(Quoted.name($0))" } ?? ""
                guard !failures.isEmpty else {
                    return "graphinspect why: no failed lookups\(scope) in \(events) events\n"
                }
                let count = failures.count == 1 ? "1 failed lookup" : "\(failures.count) failed lookups"
                return "graphinspect why: \(count)\(scope), most recent first\n\n"
                    + failures.map { $0.report(style: style) }.joined(separator: "\n\n") + "\n"
            }
        }
    }
}

/// One entry of `why --format json`.
enum WhyJSONEntry: Encodable {
    case failure(LookupFailure)
    /// A module or holder alive after its holder let it go: a leak when `leak` is true.
    case retained(RetainedAfterDetach, label: String, report: String, holderLabel: String?)

    private enum CodingKeys: String, CodingKey { case kind, leak, node, label, holder, cause, aliveForNanoseconds, aliveBelow, resolvedFromIt, heldBy, report }
    private enum HeldByKeys: String, CodingKey { case holder, label, path }

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .failure(let failure):
            try failure.encode(to: encoder)
        case .retained(let retained, let label, let report, let holderLabel):
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode("retainedAfterDetach", forKey: .kind)
            try container.encode(retained.isLeak, forKey: .leak)
            try container.encode(retained.node, forKey: .node)
            try container.encode(label, forKey: .label)
            try container.encode(retained.cause.holder, forKey: .holder)
            switch retained.cause {
            case .detached: try container.encode("detached", forKey: .cause)
            case .holderReleased: try container.encode("holderReleased", forKey: .cause)
            case .ownerReleased: try container.encode("ownerReleased", forKey: .cause)
            }
            try container.encodeIfPresent(retained.aliveFor, forKey: .aliveForNanoseconds)
            try container.encode(retained.aliveBelow, forKey: .aliveBelow)
            try container.encode(retained.resolvedFromIt, forKey: .resolvedFromIt)
            // Absent: not searched; null: searched, held by none of the objects graphinspect knows.
            if let heldBy = retained.heldBy {
                if let holder = heldBy.holder {
                    var found = container.nestedContainer(keyedBy: HeldByKeys.self, forKey: .heldBy)
                    try found.encode(holder, forKey: .holder)
                    try found.encodeIfPresent(holderLabel, forKey: .label)
                    try found.encodeIfPresent(heldBy.path, forKey: .path)
                } else {
                    try container.encodeNil(forKey: .heldBy)
                }
            }
            try container.encode(report, forKey: .report)
        }
    }
}
