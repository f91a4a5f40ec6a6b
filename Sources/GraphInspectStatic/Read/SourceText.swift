import SwiftSyntax

/// One file's bytes, read for what swift-syntax would otherwise walk or rebuild the tree to say:
/// a node's line and column, and its text without its outer trivia.
///
/// `SourceLocationConverter(fileName:tree:)` walks every token of the tree to find the lines, and
/// `trimmedDescription` rebuilds the node without its trivia; together they were a tenth of a cold
/// check of the generated app. The bytes say the same: lines end at `\n`, `\r\n` or `\r` as the
/// converter's do, and a node's trimmed text is the source from after its leading trivia to
/// before its trailing trivia (`SourceTextTests` holds both to swift-syntax's on every node).
struct SourceText {
    private let bytes: [UInt8]
    /// The offset each line starts at, the first line's 0.
    private let lineStarts: [Int]

    init(_ text: String) {
        let bytes = Array(text.utf8)
        var starts = [0]
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == 0x0A {
                starts.append(index)
            } else if byte == 0x0D {
                if index < bytes.count, bytes[index] == 0x0A { index += 1 }
                starts.append(index)
            }
        }
        self.bytes = bytes
        lineStarts = starts
    }

    /// The 1-based line and column (in UTF-8 bytes) where `node` starts, after its leading trivia.
    func location(of node: some SyntaxProtocol) -> (line: Int, column: Int) {
        let offset = node.positionAfterSkippingLeadingTrivia.utf8Offset
        // The last line starting at or before `offset`.
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return (low + 1, offset - lineStarts[low] + 1)
    }

    /// Whether `byte` is anywhere in `node`'s text, trivia included.
    func contains(_ byte: UInt8, in node: some SyntaxProtocol) -> Bool {
        let start = node.position.utf8Offset, end = node.endPosition.utf8Offset
        guard start >= 0, start <= end, end <= bytes.count else { return true }
        return bytes[start..<end].contains(byte)
    }

    /// `node.trimmedDescription`, read from the source. A node the parser had to mend (a missing
    /// token at an end keeps the trivia beside it) is rebuilt as swift-syntax rebuilds it.
    func trimmedText(of node: some SyntaxProtocol) -> String {
        if node.hasError { return node.trimmedDescription }
        let start = node.positionAfterSkippingLeadingTrivia.utf8Offset, end = node.endPositionBeforeTrailingTrivia.utf8Offset
        guard start >= 0, start <= end, end <= bytes.count else { return node.trimmedDescription }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}
