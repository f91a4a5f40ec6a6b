import GraphInspect

/// Why a baseline was refused, with where.
public typealias BaselineError = LocatedError<BaselineProblem>

/// What is wrong with a baseline, worded in one place (`message`).
public enum BaselineProblem: LocatedProblem {
    /// Line 1 is not a baseline's header.
    case notABaseline
    /// The header names a version this reader does not know.
    case unsupportedVersion(Int)
    /// The file is larger than `BaselineReader.maxBytes`.
    case tooLarge(limit: Int)
    /// A line does not follow the syntax: what was expected at a column, and what was there.
    case malformed(expected: String, column: Int, found: String)
    /// A node's line appears twice.
    case duplicateNode(firstLine: Int)
    /// An indented fact before any node line.
    case factWithoutNode
    /// A fact names a node that has no line of its own.
    case unknownNode(String)
    /// Writing: the baseline would be larger than `BaselineReader.maxBytes`, because the
    /// tree is so deep that its paths are long.
    case tooDeepToWrite(bytes: Int, limit: Int, depth: Int)

    public var message: String {
        let again = "Write it again with `graphinspect dump --format baseline -o FILE`."
        return switch self {
        case .notABaseline:
            "not a graphinspect baseline; expected a first line \(BaselineSyntax.headerPrefix)\(BaselineSyntax.version): ..."
        case .unsupportedVersion(let version):
            "baseline version \(version) is not supported; this graphinspect reads version \(BaselineSyntax.version). \(again)"
        case .tooLarge(let limit):
            "the file is larger than \(limit >> 20) MiB, too large to be a baseline (one is about 200 bytes a node)"
        case .malformed(let expected, let column, let found):
            "column \(column): expected \(expected), found \(found.isEmpty ? "the end of the line" : Quoted.string(String(found.prefix(60)))). The file was edited or cut. \(again)"
        case .duplicateNode(let firstLine):
            "this node's line already appears at line \(firstLine); each node has one block. \(again)"
        case .factWithoutNode:
            "an indented fact before any node line; facts belong to the node line above them"
        case .unknownNode(let node):
            "names \(node), which has no line of its own in this baseline. \(again)"
        case .tooDeepToWrite(let bytes, let limit, let depth):
            "cannot write a baseline of this graph: it names each node by its whole path, and with a tree \(depth) deep that comes to \(Self.size(bytes)), more than the \(Self.size(limit)) a baseline may be. Keep the snapshot instead (--format json), which diff reads too."
        }
    }

    private static func size(_ bytes: Int) -> String {
        bytes >= 1 << 20 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
    }
}
