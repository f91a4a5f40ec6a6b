import ArgumentParser
import Foundation
import GraphInspectGraphviz
import GraphInspectText
import GraphInspectTrace

/// Every error the CLI reports, worded in one place: what failed, where, why, and what to do.
enum CLIError: Error, CustomStringConvertible, Equatable {
    /// Why an output file could not be written.
    enum WriteFailure: Equatable, Sendable {
        case folderMissing(String)
        case folderNotWritable(String)
        case system(String)
    }

    case cannotWrite(path: String, reason: WriteFailure)
    case badTrace(TraceError)
    case executableNotFound(name: String)
    case notExecutable(path: String)
    case cannotLaunch(path: String, reason: String)
    case nothingRecorded(command: String, ending: AppRun.Ending)
    case badFilter(DiagramError)
    case graphviz(GraphvizError)
    case cannotEncode(String)
    case badSnapshot(SnapshotError)

    var description: String {
        switch self {
        case .cannotWrite(let path, .folderMissing(let folder)):
            "cannot write \(path): the folder \(folder) does not exist. Create it, or pass another --output."
        case .cannotWrite(let path, .folderNotWritable(let folder)):
            "cannot write \(path): the folder \(folder) is not writable. Fix its permissions, or pass another --output."
        case .cannotWrite(let path, .system(let message)):
            "cannot write \(path): \(message) Nothing was written; pass another --output."
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
        case .graphviz(let error):
            "\(error)"
        case .badSnapshot(let error):
            "\(error)"
        case .cannotEncode(let reason):
            "cannot encode the snapshot: \(reason)"
        case .nothingRecorded(let command, let ending):
            "\(command) \(Self.describe(ending)) and recorded nothing: does it link the GraphInspect runtime and create a Component? (It records when GRAPHINSPECT_TRACE is set.)"
        }
    }

    /// Runs `body`; a `CLIError` is printed on standard error and becomes its exit code.
    static func reported(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let error as CLIError {
            FileHandle.standardError.write(Data("Error: \(error)\n".utf8))
            throw error.exitCode
        }
    }

    /// The exit code: 65 (data error) for a bad trace, 1 otherwise.
    var exitCode: ExitCode {
        switch self {
        case .badTrace, .badSnapshot: return ExitCode(65)
        default: return .failure
        }
    }

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
