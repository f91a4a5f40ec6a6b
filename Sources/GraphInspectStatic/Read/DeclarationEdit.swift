import Foundation
import GraphInspectCheckContract
import SwiftParser
import SwiftSyntax

/// A provider's declaration deleted from the sources (made spaces, so every other line keeps
/// its number), or moved: deleted, then written as the first member of another type, on the
/// line of its opening brace.
enum DeclarationEdit {
    enum Failure: Error, Equatable, CustomStringConvertible {
        case noDeclaration(SourcePosition)
        case severalNames(SourcePosition)
        case commentInside(SourcePosition)
        case noType(SourcePosition)

        var description: String {
            switch self {
            case .noDeclaration(let at): "no property is declared at \(at) any more: the sources changed since they were read. Ask again."
            case .severalNames(let at): "the declaration at \(at) declares several names; split it to ask about one."
            case .commentInside(let at): "the declaration at \(at) has a comment inside it, which a move written on one line would swallow; remove the comment to ask about a move."
            case .noType(let at): "no type is declared at \(at) any more: the sources changed since they were read. Ask again."
            }
        }
    }

    static func apply(_ edit: ProviderEdit, to files: inout [StaticReader.SourceFile]) throws(Failure) {
        guard let index = files.firstIndex(where: { $0.path == edit.declaration.file }) else { throw .noDeclaration(edit.declaration) }
        let tree = Parser.parse(source: files[index].text)
        let converter = SourceLocationConverter(fileName: edit.declaration.file, tree: tree)
        guard let decl = Self.variable(at: edit.declaration, in: tree, converter: converter) else { throw .noDeclaration(edit.declaration) }
        guard decl.bindings.count == 1 else { throw .severalNames(edit.declaration) }
        var bytes = Array(files[index].text.utf8)
        for offset in decl.positionAfterSkippingLeadingTrivia.utf8Offset..<decl.endPositionBeforeTrailingTrivia.utf8Offset where bytes[offset] != UInt8(ascii: "\n") {
            bytes[offset] = UInt8(ascii: " ")
        }
        files[index].text = String(decoding: bytes, as: UTF8.self)
        guard let into = edit.into else { return }
        let text = decl.trimmedDescription
        guard !text.contains("//"), !text.contains("/*") else { throw .commentInside(edit.declaration) }
        let line = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        guard let target = files.firstIndex(where: { $0.path == into.file }) else { throw .noType(into) }
        let targetTree = Parser.parse(source: files[target].text)
        let targetConverter = SourceLocationConverter(fileName: into.file, tree: targetTree)
        guard let brace = Self.openingBrace(ofTypeAt: into, in: targetTree, converter: targetConverter) else { throw .noType(into) }
        var targetBytes = Array(files[target].text.utf8)
        targetBytes.insert(contentsOf: Array(" \(line);".utf8), at: brace.endPositionBeforeTrailingTrivia.utf8Offset)
        files[target].text = String(decoding: targetBytes, as: UTF8.self)
    }

    /// The innermost property declaration whose text holds the position.
    static func variable(at position: SourcePosition, in tree: SourceFileSyntax, converter: SourceLocationConverter) -> VariableDeclSyntax? {
        var found: VariableDeclSyntax?
        var nodes: [Syntax] = [Syntax(tree)]
        while let node = nodes.popLast() {
            let start = node.startLocation(converter: converter, afterLeadingTrivia: true)
            let end = node.endLocation(converter: converter, afterTrailingTrivia: false)
            guard (start.line, start.column) <= (position.line, position.column), (position.line, position.column) < (end.line, end.column) else { continue }
            if let variable = node.as(VariableDeclSyntax.self) { found = variable }
            nodes.append(contentsOf: node.children(viewMode: .sourceAccurate))
        }
        return found
    }

    /// The `{` of the type declared on the lines from the position to its brace.
    static func openingBrace(ofTypeAt position: SourcePosition, in tree: SourceFileSyntax, converter: SourceLocationConverter) -> TokenSyntax? {
        var nodes: [Syntax] = [Syntax(tree)]
        while let node = nodes.popLast() {
            if let block = node.as(MemberBlockSyntax.self), let owner = block.parent {
                let first = owner.startLocation(converter: converter, afterLeadingTrivia: true).line
                let brace = block.leftBrace.startLocation(converter: converter).line
                if first <= position.line && position.line <= brace { return block.leftBrace }
            }
            nodes.append(contentsOf: node.children(viewMode: .sourceAccurate).reversed())
        }
        return nil
    }
}
