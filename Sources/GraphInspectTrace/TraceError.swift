import GraphInspect

/// Why a trace file could not be read, with the line it happened on.
public typealias TraceError = LocatedError<TraceProblem>

/// What is wrong with a trace, worded in one place (`message`): what, and what was expected.
public enum TraceProblem: LocatedProblem {
    /// The file could not be opened or read.
    case unreadable(String)
    /// The file has no lines.
    case empty
    /// Line 1 is not a graphinspect trace header.
    case notATrace
    /// The header names a version this reader does not know.
    case unsupportedVersion(Int)
    /// A line is not a JSON object.
    case notJSON
    /// A line has no `"event"` field.
    case missingEventName
    /// A line's `"event"` names no known event.
    case unknownEvent(String)
    /// A field is missing, null or of the wrong type.
    case badField(event: String, field: String, expected: String)
    /// An event refers to an id no earlier line created.
    case unknownID(event: String, field: String, id: UInt64)
    /// A `builderFinished` names a run no `builderStarted` began.
    case unknownRun(UInt64)
    /// NUL bytes followed by more lines: only a trace's end may be NUL padding.
    case nulBytes
    /// A `repeated` line whose `line` is not an earlier cache-hit lookup line.
    case badRepeat(String)
    /// A line longer than the reader's limit (`TraceReader.maxLineBytes`).
    case lineTooLong(Int)

    /// What is wrong and what was expected, without the location.
    public var message: String {
        switch self {
        case .unreadable(let reason):
            return "cannot read the trace: \(reason)"
        case .empty:
            return "the file is empty; expected a graphinspect trace, whose first line is {\"format\":\"graphinspect-trace\",\"version\":\(TraceHeader.currentVersion),...}"
        case .notATrace:
            return "not a graphinspect trace; expected a first line {\"format\":\"graphinspect-trace\",\"version\":\(TraceHeader.currentVersion),...}"
        case .unsupportedVersion(let version):
            return "trace format version \(version) is not supported; this graphinspect reads versions \(TraceHeader.readableVersions.lowerBound) to \(TraceHeader.readableVersions.upperBound). Use the graphinspect that matches the recording runtime."
        case .notJSON:
            return "not a JSON object; expected one event per line"
        case .missingEventName:
            return "no \"event\" field; expected an event object such as {\"event\":\"created\",...}"
        case .unknownEvent(let name):
            return "unknown event \"\(name)\"; expected one of \(TraceEventFields.knownNames)"
        case .badField(let event, let field, let expected):
            return "\(event) event: field \"\(field)\" \(expected)"
        case .unknownID(let event, let field, let id):
            return "\(event) event: \"\(field)\" names id \(id), which no earlier line created"
        case .unknownRun(let run):
            return "builderFinished event: run \(run) was never started by a builderStarted line"
        case .badRepeat(let line):
            return "repeated event: \"line\" \(line) is not an earlier line holding a cache-hit lookup; a repeat names the line of the hit it repeats"
        case .lineTooLong(let limit):
            return "the line is longer than \(limit) bytes (\(limit >> 20) MiB) and reading stopped there; a trace line is a few hundred bytes, so this is not a trace (or it is damaged)"
        case .nulBytes:
            return "NUL bytes followed by more lines; only the end of a trace may be NUL bytes (left by a process that died while recording), so the file was damaged after it was written"
        }
    }
}

/// Reading succeeded with something worth saying, e.g. a cut-off last line was dropped.
public struct TraceWarning: Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var line: Int
    public var message: String

    public var description: String { "\(path):\(line): warning: \(message)" }
}

/// Why a snapshot's JSON was refused. Worded in one place (`description`).
public struct SnapshotError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Problem: Sendable, Equatable {
        /// Not JSON, or JSON without the snapshot's fields.
        case notASnapshot(String)
        /// Node `index` (0-based) has an id other than index + 1.
        case misnumbered(index: Int, id: UInt64)
        /// A field names an id that is not what `rule` says it must be.
        case badReference(owner: String, field: String, id: UInt64, rule: String)
    }

    /// The file read.
    public var path: String
    public var problem: Problem

    public init(path: String, problem: Problem) {
        self.path = path
        self.problem = problem
    }

    public var description: String {
        let what = switch problem {
        case .notASnapshot(let reason):
            "not a graphinspect snapshot (\(reason)); expected the JSON of `graphinspect dump --format json`, or a trace"
        case .misnumbered(let index, let id):
            "nodes[\(index)] has id \(id); a snapshot numbers its nodes 1, 2, 3... in order. Write it again with `graphinspect dump --format json`."
        case .badReference(let owner, let field, let id, let rule):
            "\(owner): \"\(field)\" names id \(id), which is not \(rule). The snapshot was edited or cut; write it again with `graphinspect dump --format json`."
        }
        return "\(path): \(what)"
    }
}
