import ArgumentParser
import Foundation
import GraphInspect
import GraphInspectDiagram
import GraphInspectGraphviz
import GraphInspectReview
import GraphInspectRules
import GraphInspectTrace

extension GraphInspectCommand {
    /// `graphinspect diff OLD NEW`: what changed between two recordings.
    public struct Diff: ParsableCommand, WritingCommand {
        public static let configuration = CommandConfiguration(
            abstract: "Compare two recordings (traces, snapshot JSON or baselines): nodes added or removed, moves, lookups answered differently.",
            discussion: """
                text: -/+/~ lines; dot, svg: one merged picture (added green, removed red, changed \
                orange); markdown: a pull-request comment (a summary line, new and fixed missing \
                dependencies with their reports, tables, a Mermaid picture of only the changed part; \
                nothing at all when nothing changed). Modules retained after detach (leaks, \
                docs/leaks.md) in one recording and not the other are new or fixed leaks; only \
                traces carry the times that tell (GRAPHINSPECT_LEAK_GRACE sets the grace). A new \
                recording of a run that crashed or failed says so first (and is a change); so does \
                an old one whose run crashed when the new one did not. With --rules FILE (and \
                --rules-baseline FILE), the new run's rule findings that the baseline does not \
                list and the old run does not have are listed too, as check words them. Exits 0 \
                when they are the same, 1 when they differ, 2 when one cannot be read (like diff).

                Costs: when both recordings carry times, what got slower or faster beyond the \
                runs' noise follows the changes (builder runs, constructions, first-use builds, \
                the startup; docs/profile.md); costs never change the exit status. For medians, \
                give each side as an app's executable with --runs N (each app is run N times with \
                recording on).

                Examples:
                  graphinspect dump --format json -o old.json -- .build/debug/MyApp
                  graphinspect diff old.json new.json
                  graphinspect diff old.json new.json -o changes.svg
                  graphinspect diff old.json new.json -o comment.md
                  graphinspect diff graph.baseline new.json      the baseline kept in git
                  graphinspect diff old.json new.json --rules graphinspect.yml --rules-baseline graphinspect-rules-baseline.txt -o comment.md
                  graphinspect diff --runs 5 .build/main/MyApp .build/pr/MyApp      did the PR slow the startup?
                """
        )

        /// text: -/+/~ lines; dot, svg: one merged picture (added green, removed red, changed
        /// orange); markdown: a pull-request comment (`DiffMarkdown`).
        public enum Format: String, WritableFormat {
            case text, dot, svg, markdown
        }

        public static let defaultFormat = Format.text

        @Argument(help: ArgumentHelp("The old recording: a trace, JSON from `dump --format json`, or a baseline from `dump --format baseline`; or an app's executable, run --runs times.", valueName: "old"), completion: .file())
        var old: String

        @Argument(help: ArgumentHelp("The new recording, or executable.", valueName: "new"), completion: .file())
        var new: String

        @Option(help: ArgumentHelp("Runs of each executable given as OLD or NEW (default 1): costs are compared as medians.", valueName: "count"))
        var runs = 1

        @OptionGroup var written: WriteOptions<Diff>

        @OptionGroup(title: "Rules") var rulesOptions: RulesOptions

        public init() {}

        public func validate() throws {
            guard runs >= 1, runs <= 1_000 else { throw ValidationError("--runs is a number of runs, 1 to 1000.") }
            if rulesOptions.writeRulesBaseline {
                throw ValidationError("diff lists new rule findings; write the rules baseline with check or dump --write-rules-baseline.")
            }
        }

        public func run() throws {
            var differ = false
            do {
                // A mistake in the rules is said before anything is read.
                let rules = try rulesOptions.load(command: "diff", findsDefault: false)
                let oldRuns = try Self.readRuns(old, runs: runs), newRuns = try Self.readRuns(new, runs: runs)
                let before = oldRuns[0], after = newRuns[0]
                let grace = RetainedAfterDetach.grace(fromEnvironment: ProcessInfo.processInfo.environment["GRAPHINSPECT_LEAK_GRACE"])
                if let problem = grace.problem { Output.say("graphinspect diff: warning: " + problem) }
                var diff = GraphDiff(old: before, new: after, leakGrace: grace.grace)
                let findings = rules?.newFindings(old: before, new: after).map(\.diagnostic) ?? []
                diff.newRuleFindings = findings
                diff.costChanges = CostChanges(old: oldRuns, new: newRuns)
                differ = !diff.isEmpty
                switch try written.resolved() {
                case .text:
                    try Output.write(diff.text(), to: written.output)
                case .markdown:
                    // Same shape: no comment at all, so a CI step can tell there is nothing to post.
                    if let comment = DiffMarkdown().write(old: before, new: after, leakGrace: grace.grace, ruleFindings: findings, costs: diff.costChanges) {
                        try Output.write(comment, to: written.output)
                    }
                case .dot:
                    try Output.write(DOTWriter().write(Self.picture(before, after)), to: written.output)
                case .svg:
                    do {
                        try Output.write(try Picture.render(Self.picture(before, after)), to: written.output)
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

        /// Both runs in one picture, as many lookup edges as Graphviz lays out.
        static func picture(_ before: GraphSnapshot, _ after: GraphSnapshot) -> Diagram {
            GraphDiff.diagram(old: before, new: after).foldingLookups(above: DOTWriter.lookupEdgesUpTo)
        }

        /// A trace (by its first line) or a snapshot's JSON.
        static func read(_ path: String) throws(CLIError) -> GraphSnapshot {
            try SnapshotSource.readRecording(path).snapshot
        }

        /// One side's runs: a recording, or an app's executable (ELF, Mach-O or a script), run
        /// `runs` times with recording on.
        static func readRuns(_ path: String, runs: Int) throws(CLIError) -> [GraphSnapshot] {
            guard isExecutable(path) else { return [try read(path)] }
            var snapshots: [GraphSnapshot] = []
            for _ in 0..<runs {
                let loaded = try SnapshotSource.executable(command: [path], quiet: true, backtrace: false).load()
                loaded.printNotes()
                snapshots.append(loaded.snapshot)
            }
            return snapshots
        }

        /// Whether `path` is a program to run rather than a recording to read: executable, and
        /// starting as programs do (ELF, Mach-O, `#!`).
        static func isExecutable(_ path: String) -> Bool {
            guard path != "-", FileManager.default.isExecutableFile(atPath: path), let file = fopen(path, "r") else { return false }
            defer { fclose(file) }
            var head = [UInt8](repeating: 0, count: 4)
            guard fread(&head, 1, 4, file) == 4 else { return false }
            return head == [0x7F, 0x45, 0x4C, 0x46] || head[0...1] == [0x23, 0x21] || [[0xCF, 0xFA, 0xED, 0xFE], [0xCA, 0xFE, 0xBA, 0xBE]].contains(head)
        }
    }
}
