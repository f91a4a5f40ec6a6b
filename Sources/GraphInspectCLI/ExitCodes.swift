import ArgumentParser

/// The exit codes of every command but `diff` (which exits like diff(1): 0 same, 1 different,
/// 2 trouble), in one table: `CLIError.exitCode` returns these rows' codes, `--help` prints their
/// short words, and docs/cli.md's table is generated from their long ones (a test holds it to them).
public enum ExitCodes {
    public struct Row: Sendable {
        public let code: Int32
        /// For `--help`: a few words.
        public let short: String
        /// For docs/cli.md: every case.
        public let long: String

        var exitCode: ExitCode { ExitCode(code) }
    }

    static let done = Row(
        code: 0, short: "done",
        long: "done: the result was written (also when the app it ran failed: that is said on standard error, and what it recorded until then is written)"
    )
    static let failed = Row(
        code: 1, short: "nothing recorded; Graphviz failed; `why` found failed lookups or leaks;\n      `check` or --rules found an error; `query provider` found no provider",
        long: "the app recorded nothing; Graphviz failed; `why` found failed lookups or leaks; `check` found errors; a rules file (`--rules`, `graphinspect.yml`) found an error; `query provider` found nothing that provides the name on some chain of the component (the answer is written first)"
    )
    static let badArguments = Row(
        code: 64, short: "bad arguments (a flag, a value, a filter matching nothing)",
        long: "a bad argument: an unknown flag or value, a filter (`--focus`, `--dependency`) matching nothing, `--step` out of range, `--format` contradicting the output's extension, an output extension naming a format the command does not write, a PNG or PDF bound for a terminal, an app given without `--`"
    )
    static let malformed = Row(
        code: 65, short: "a malformed trace, snapshot, rules file or rules baseline",
        long: "a trace, snapshot, rules file or rules baseline that is malformed: the message names the line and what was expected ([trace-format.md](trace-format.md#reading), [rules.md](rules.md#reading-the-rules-file))"
    )
    static let noInput = Row(
        code: 66, short: "an input file missing, or a folder",
        long: "an input file (`--trace`, `diff`'s recordings, `check`'s sources, a rules file) that does not exist or is a folder"
    )
    static let cannotRun = Row(
        code: 69, short: "the app cannot be run (not found, not executable)",
        long: "the app cannot be run: not found, not executable, or a sample binary (or `graphinspect-check`, `graphinspect-rules`, `graphinspect-live`) not beside graphinspect"
    )
    static let cannotWrite = Row(
        code: 73, short: "the output cannot be written",
        long: "the output cannot be written: its folder is missing or read-only, or it is a folder (checked before any app runs)"
    )

    public static let rows = [done, failed, badArguments, malformed, noInput, cannotRun, cannotWrite]

    /// The lines `--help` ends with.
    static let help = "\nExit codes:\n" + rows.map { "  \(String($0.code).padding(toLength: 4, withPad: " ", startingAt: 0))\($0.short)" }.joined(separator: "\n")
        + "\n  diff exits like diff(1): 0 same, 1 different, 2 trouble"

    /// docs/cli.md's table.
    public static let markdownTable = "| code | when |\n| --- | --- |\n" + rows.map { "| \($0.code) | \($0.long) |" }.joined(separator: "\n") + "\n"
}
