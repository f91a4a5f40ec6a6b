import GraphInspectCheckContract
import GraphInspectStatic
import SwiftParser
import SwiftSyntax

/// Edits the tests make to an app's sources, as a person would: a provider's declaration
/// deleted, or moved into another type. Lines keep their numbers (what is deleted becomes
/// spaces), so every other position stays where `check` first found it.
enum SourceEdit {
    /// The property declaration at `position`, or nil when there is none or it declares more
    /// than one name (`let a, b`: deleting it would delete two providers).
    static func declaration(at position: SourcePosition, in text: String) -> VariableDeclSyntax? {
        let tree = Parser.parse(source: text)
        let converter = SourceLocationConverter(fileName: position.file, tree: tree)
        let finder = DeclarationFinder(converter: converter, line: position.line, column: position.column)
        finder.walk(tree)
        guard let found = finder.found, found.bindings.count == 1 else { return nil }
        return found
    }

    /// `text` with the declaration's characters (not its surrounding comments) made spaces.
    static func deleting(_ decl: VariableDeclSyntax, from text: String) -> String {
        var bytes = Array(text.utf8)
        let start = decl.positionAfterSkippingLeadingTrivia.utf8Offset
        let end = decl.endPositionBeforeTrailingTrivia.utf8Offset
        for index in start..<end where bytes[index] != UInt8(ascii: "\n") { bytes[index] = UInt8(ascii: " ") }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `text` with `declaration` (one line) added as the first member of the type declared at
    /// `position`, on the line of its opening brace.
    static func inserting(_ declaration: String, intoTypeAt position: SourcePosition, in text: String) -> String? {
        let tree = Parser.parse(source: text)
        let converter = SourceLocationConverter(fileName: position.file, tree: tree)
        let finder = TypeFinder(converter: converter, line: position.line)
        finder.walk(tree)
        guard let brace = finder.brace else { return nil }
        var bytes = Array(text.utf8)
        bytes.insert(contentsOf: Array(" \(declaration);".utf8), at: brace.endPositionBeforeTrailingTrivia.utf8Offset)
        return String(decoding: bytes, as: UTF8.self)
    }

    private final class DeclarationFinder: SyntaxVisitor {
        let converter: SourceLocationConverter
        let line: Int, column: Int
        var found: VariableDeclSyntax?

        init(converter: SourceLocationConverter, line: Int, column: Int) {
            self.converter = converter
            self.line = line
            self.column = column
            super.init(viewMode: .sourceAccurate)
        }

        override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
            let start = node.startLocation(converter: converter, afterLeadingTrivia: true)
            let end = node.endLocation(converter: converter, afterTrailingTrivia: false)
            if (start.line, start.column) <= (line, column) && (line, column) < (end.line, end.column) { found = node }
            return .visitChildren
        }
    }

    private final class TypeFinder: SyntaxVisitor {
        let converter: SourceLocationConverter
        let line: Int
        var brace: TokenSyntax?

        init(converter: SourceLocationConverter, line: Int) {
            self.converter = converter
            self.line = line
            super.init(viewMode: .sourceAccurate)
        }

        override func visit(_ node: MemberBlockSyntax) -> SyntaxVisitorContinueKind {
            guard brace == nil, let parent = node.parent else { return .visitChildren }
            let start = parent.startLocation(converter: converter, afterLeadingTrivia: true).line
            let end = node.leftBrace.startLocation(converter: converter).line
            if start <= line && line <= end { brace = node.leftBrace }
            return .visitChildren
        }
    }
}
