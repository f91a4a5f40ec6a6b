/// A place in a source file, 1-based, as compilers print it.
public struct SourcePosition: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:column`, or `file:line` when the column is not known (0: a run's position).
    public var description: String { column > 0 ? "\(file):\(line):\(column)" : "\(file):\(line)" }

    /// No place: a finding about a run whose runtime captured no source position. Printed
    /// without one, as compilers print a finding about no line.
    public static let unknown = SourcePosition(file: "", line: 0, column: 0)

    /// Whether this names a file.
    public var isKnown: Bool { !file.isEmpty }

    public static func < (a: Self, b: Self) -> Bool {
        (a.file, a.line, a.column) < (b.file, b.line, b.column)
    }
}

extension SourcePosition: Codable {
    private enum CodingKeys: String, CodingKey { case file, line, column }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            file: try container.decode(String.self, forKey: .file), line: try container.decode(Int.self, forKey: .line),
            column: try container.decode(Int.self, forKey: .column)
        )
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(file, forKey: .file)
        try container.encode(line, forKey: .line)
        try container.encode(column, forKey: .column)
    }
}
