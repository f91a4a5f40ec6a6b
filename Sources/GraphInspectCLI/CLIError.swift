import ArgumentParser
import Foundation
import GraphInspectRules
import GraphInspectDiagram
import GraphInspectGraphviz
import GraphInspectReview
import GraphInspectTrace

/// Every error the CLI reports, worded in one place: what failed, where, why, and what to do.
enum CLIError: Error, CustomStringConvertible, Equatable {
    /// Why an output file could not be written.
    enum WriteFailure: Equatable, Sendable {
        case folderMissing(String)
        case folderNotWritable(String)
        case isFolder
        /// The folder exists but refuses new files for another reason (`/proc`, `/sys`).
        case cannotCreateIn(String, code: Int32)
        /// A system call failed with `code` (an errno; 0 when only `detail` is known).
        case system(code: Int32, detail: String)

        static func system(_ code: Int32) -> WriteFailure {
            .system(code: code, detail: String(cString: strerror(code)))
        }

        /// The errno under a Foundation error when there is one, else its description.
        static func from(_ error: any Error) -> WriteFailure {
            let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
            if let posix = [error as NSError, underlying].compactMap({ $0 }).first(where: { $0.domain == NSPOSIXErrorDomain }) {
                return system(Int32(posix.code))
            }
            return .system(code: 0, detail: error.localizedDescription)
        }

        /// What the failure means for the user, and what to do.
        var explanation: String {
            switch self {
            case .folderMissing(let folder): "the folder \(folder) does not exist. Create it, or write somewhere else."
            case .folderNotWritable(let folder): "the folder \(folder) is not writable. Fix its permissions, or write somewhere else."
            case .isFolder: "it is a folder."
            case .cannotCreateIn(let folder, let code):
                "the folder \(folder) does not let a new file be made in it (\(String(cString: strerror(code)))); graphinspect writes a whole file beside the target and renames it. Write somewhere else."
            case .system(let code, let detail):
                switch code {
                case ENOSPC, EDQUOT: "the device is full (\(detail)). Free some space, or write somewhere else."
                case EACCES, EPERM: "permission denied (\(detail)). Fix its permissions, or write somewhere else."
                case EROFS: "it is on a read-only file system. Write somewhere else."
                case ENOENT, ENOTDIR: "a folder on the way to it does not exist (\(detail))."
                case ENXIO: "nothing is reading from it (\(detail))."
                case EPIPE: "the reader closed it before everything was written (\(detail))."
                case ELOOP: "its symbolic links loop (\(detail))."
                case 0: detail
                default: detail + "."
                }
            }
        }
    }

    case cannotWrite(path: String, reason: WriteFailure)
    /// An input named on the command line does not exist (or is a folder).
    case noSuchInput(path: String, isFolder: Bool)
    /// A binary picture would go to a terminal.
    case binaryToTerminal(format: String)
    /// `--format` says one thing, the output file's extension another.
    case formatContradicts(format: String, path: String, implied: String)
    /// The output file's extension names a format this command does not write.
    case formatNotWritten(path: String, implied: String, writable: [String])
    /// `--sample NAME` runs a binary that is not beside this graphinspect.
    case sampleNotBuilt(sample: String, binary: String, folder: String)
    /// A value the command cannot use, said in the user's terms (`--step 999` of 41 steps).
    case badValue(String)
    case badTrace(TraceError)
    case executableNotFound(name: String)
    case notExecutable(path: String)
    case cannotLaunch(path: String, reason: String)
    case nothingRecorded(command: String, ending: AppRun.Ending)
    case badFilter(DiagramError)
    /// A filter that matches nothing in the graph of an app just run: the run is kept as snapshot
    /// JSON at `kept` (nil if it could not be written), so it is drawn again without running it.
    case badFilterAfterRun(DiagramError, kept: String?, flags: String)
    case graphviz(GraphvizError)
    case cannotEncode(String)
    case badSnapshot(SnapshotError)
    case badBaseline(BaselineError)
    /// The graph is too deep for a baseline (`BaselineProblem.tooDeepToWrite`).
    case cannotWriteBaseline(BaselineError)
    /// Input that is read whole (a snapshot, a baseline) is larger than graphinspect reads.
    case tooLargeToRead(path: String, what: String, limit: Int)
    /// A command runs in a companion executable (`check`, `query` over sources and `lsp` in
    /// graphinspect-check, `live` in graphinspect-live, `--rules` in graphinspect-rules), which is
    /// not beside this graphinspect.
    case companionNotBuilt(CompanionTool, folder: String)
    /// `check` could not read the sources it was given (the reader's own words).
    case cannotReadSources(String)
    /// A rules file or rules baseline that cannot be read or used.
    case badRules(RulesError)
    /// `--rules-baseline` or `--write-rules-baseline` (`flag`) with no rules file to go with it.
    case rulesBaselineWithoutRules(flag: String)
    /// `profile` was given a recording that carries no times.
    case untimedRecording(source: String)

    var description: String {
        switch self {
        case .cannotWrite(let path, .isFolder):
            "cannot write \(path): it is a folder. Name a file in it, e.g. \(path.hasSuffix("/") ? path : path + "/")graph.svg."
        case .cannotWrite(let path, let failure):
            "cannot write \(path): \(failure.explanation)"
        case .noSuchInput(let path, let isFolder):
            isFolder
                ? "cannot read \(path): it is a folder. Give a trace file (GRAPHINSPECT_TRACE) or JSON from `dump --format json`."
                : "cannot read \(path): no such file. Record one with `graphinspect dump --format json -o FILE -- APP`, or check the path."
        case .binaryToTerminal(let format):
            "not writing \(format.uppercased()) to a terminal. Add -o graph.\(format), or pipe it: graphinspect ... --format \(format) > graph.\(format)."
        case .formatContradicts(let format, let path, let implied):
            "--format \(format) contradicts \(path), which names a \(implied) file. Drop --format (the extension decides), or rename the file."
        case .formatNotWritten(let path, let implied, let writable):
            "\(path) names a \(implied) file, which this command does not write (it writes \(writable.joined(separator: ", "))). Give the file one of those extensions, or write to standard output."
        case .sampleNotBuilt(let sample, let binary, let folder):
            "--sample \(sample) runs \(binary), which is not in \(folder) beside this graphinspect. Build it (swift build --product \(binary)), or install both with bash scripts/install."
        case .badValue(let message):
            message
        case .rulesBaselineWithoutRules(let flag):
            "\(flag) is about the violations of a rules file, and there is none: give --rules FILE too (check reads ./\(RulesOptions.defaultFile) when there is one)."
        case .badTrace(let error):
            "\(error)"
        case .executableNotFound(let name):
            name.contains("/")
                ? "cannot run \(name): no such file. Build the app first (swift build), or check the path."
                : "cannot run \(name): not found on PATH. Give its path, e.g. .build/debug/\(name)."
        case .notExecutable(let path):
            "cannot run \(path): it is not an executable file. Give the app's binary, e.g. .build/debug/<App>."
        case .cannotLaunch(let path, let reason):
            "cannot run \(path): \(reason)"
        case .badFilter(let error):
            "\(error)"
        case .badFilterAfterRun(let error, let kept, let flags):
            if let kept {
                "\(error) The run is kept in \(kept): graphinspect dump --trace \(kept) \(flags), the name corrected, draws it without running the app again."
            } else {
                "\(error) (The run could not be kept; it must run again.)"
            }
        case .graphviz(let error):
            "\(error)"
        case .badSnapshot(let error):
            "\(error)"
        case .badBaseline(let error), .cannotWriteBaseline(let error):
            "\(error)"
        case .tooLargeToRead(let path, let what, let limit):
            "\(path) is longer than \(limit >> 20) MiB and opens like \(what), which is read whole, so it is not read. A trace (GRAPHINSPECT_TRACE) is read line by line, without that limit."
        case .cannotEncode(let reason):
            "cannot encode the snapshot: \(reason)"
        case .companionNotBuilt(let tool, let folder):
            "\(tool.need), so it is a tool of its own (graphinspect builds without it), and \(tool.name) is not in \(folder) beside this graphinspect. "
                + "In graphinspect's checkout, swift build builds it with every other tool (or alone: swift build --product \(tool.name)); bash scripts/install installs them all."
        case .cannotReadSources(let reason):
            reason
        case .badRules(let error):
            "\(error)"

        case .untimedRecording(let source):
            "\(source) carries no times, so there is nothing to profile: it is a trace written before version 4, a baseline, or JSON written by dump without --times. "
                + "Record the run again with this graphinspect (graphinspect profile -- APP, or GRAPHINSPECT_TRACE=run.ndjson APP), or write its JSON with dump --format json --times."
        case .nothingRecorded(let command, let ending):
            "\(command) \(Self.describe(ending)) and recorded nothing: does it link the GraphInspect runtime and create a Component? (It records when GRAPHINSPECT_TRACE is set.)"
        }
    }

    /// Runs `body`; a `CLIError` is printed on standard error and becomes its exit code.
    static func reported(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let error as CLIError {
            Output.say("Error: \(error)")
            throw error.exitCode
        }
    }

    /// The exit code, from sysexits.h where one fits: a row of `ExitCodes`, whose table `--help`
    /// and docs/cli.md show.
    var exitCode: ExitCode {
        switch self {
        case .badFilter, .badFilterAfterRun, .binaryToTerminal, .formatContradicts, .formatNotWritten, .badValue, .rulesBaselineWithoutRules: return ExitCodes.badArguments.exitCode
        case .badTrace(let error):
            if case .unreadable = error.problem, error.line == 0 { return ExitCodes.noInput.exitCode }
            return ExitCodes.malformed.exitCode
        case .badSnapshot, .badBaseline, .tooLargeToRead, .untimedRecording: return ExitCodes.malformed.exitCode
        case .badRules(let error):
            if case .unreadable = error.problem { return ExitCodes.noInput.exitCode }
            return ExitCodes.malformed.exitCode
        case .noSuchInput, .cannotReadSources: return ExitCodes.noInput.exitCode
        case .executableNotFound, .notExecutable, .cannotLaunch, .sampleNotBuilt, .companionNotBuilt: return ExitCodes.cannotRun.exitCode
        case .cannotWrite: return ExitCodes.cannotWrite.exitCode
        case .nothingRecorded, .graphviz, .cannotEncode, .cannotWriteBaseline: return ExitCodes.failed.exitCode
        }
    }

    /// The exit codes of every command but `diff`, as `--help` ends with them (`ExitCodes`).
    static let exitCodes = ExitCodes.help

    /// The one line said when an app did not exit cleanly.
    static func endingNote(command: String, ending: AppRun.Ending) -> String {
        "graphinspect: \(command) \(describe(ending)); showing what it recorded until then"
    }

    private static func describe(_ ending: AppRun.Ending) -> String {
        switch ending {
        case .exited(let status): "exited with status \(status)"
        case .signalled(let signal): "was killed by signal \(signal) (\(String(cString: strsignal(signal))))"
        }
    }
}
