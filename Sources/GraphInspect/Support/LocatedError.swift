/// What is wrong at a place in a file the tools read: the path, a 1-based line (0 when the problem
/// is with the file as a whole) and the problem, which words itself. The trace reader's errors and
/// the baseline reader's are this, each with its own `Problem`, so both say where the same way:
/// `path:line: what`, `path: what`, or just `what` when nothing was named.
public struct LocatedError<Problem: LocatedProblem>: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file read.
    public var path: String
    /// 1-based line number; 0 when the problem is with the file as a whole.
    public var line: Int
    public var problem: Problem

    public init(path: String, line: Int, problem: Problem) {
        self.path = path
        self.line = line
        self.problem = problem
    }

    /// What is wrong and what was expected, without the location.
    public var message: String { problem.message }

    public var description: String {
        if path.isEmpty { return message }
        return (line > 0 ? "\(path):\(line): " : "\(path): ") + message
    }
}

/// A reader's problem, worded in one place: what is wrong and what would fix it.
public protocol LocatedProblem: Sendable, Equatable {
    var message: String { get }
}
