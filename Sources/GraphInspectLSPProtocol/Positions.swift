/// A place in a text document, on the protocol's terms.
public struct Position: Codable, Hashable, Comparable, Sendable {
    /// 0-based.
    public var line: Int
    /// 0-based, in UTF-16 code units.
    public var character: Int

    public init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    public static func < (a: Self, b: Self) -> Bool { (a.line, a.character) < (b.line, b.character) }
}

/// A stretch of a text document, its end included.
public struct Range: Codable, Hashable, Sendable {
    public var start: Position
    public var end: Position

    public init(start: Position, end: Position) {
        self.start = start
        self.end = end
    }

    public func contains(_ position: Position) -> Bool { start <= position && position <= end }
}

/// A range in a file named by its URI.
public struct Location: Codable, Hashable, Sendable {
    public var uri: String
    public var range: Range

    public init(uri: String, range: Range) {
        self.uri = uri
        self.range = range
    }
}

/// Text that replaces a range.
public struct TextEdit: Codable, Hashable, Sendable {
    public var range: Range
    public var newText: String

    public init(range: Range, newText: String) {
        self.range = range
        self.newText = newText
    }
}
