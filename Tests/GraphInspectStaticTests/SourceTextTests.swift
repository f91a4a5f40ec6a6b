import Foundation
@testable import GraphInspectStatic
import SwiftParser
import SwiftSyntax
import Testing

/// `SourceText` says what swift-syntax's converter and `trimmedDescription` say, read from the
/// bytes: every node's line, column and trimmed text, in files with `\n`, `\r\n` and `\r` line
/// ends, multi-byte names, string literals spanning lines, and a file that does not parse.
@Suite struct SourceTextTests {
    static let sources: [String] = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let own = ["Examples/Sample/main.swift", "Sources/GraphInspectStatic/Read/BodyReader.swift", "Examples/Styles/TicTacToe/Game.swift"]
            .compactMap { try? String(contentsOf: root.appendingPathComponent($0), encoding: .utf8) }
        let odd = """
            // Ünïcödé, 😀 and combining e\u{301} before a type
            final class Café😀Component: Component {
                let märkt: [String: (Int) -> Void]? = nil
                let text = \"\"\"
                    two
                    lines
                    \"\"\"
                var broken: Array<Dictionary<String, Int> = [
            }
            """
        return own + [odd]
    }()

    @Test(arguments: ["\n", "\r\n", "\r"])
    func locationsAndTextAreSwiftSyntaxs(lineEnd: String) throws {
        #expect(Self.sources.count == 4)
        for text in Self.sources {
            let source = text.replacingOccurrences(of: "\n", with: lineEnd)
            let tree = Parser.parse(source: source)
            let converter = SourceLocationConverter(fileName: "file.swift", tree: tree)
            let read = SourceText(source)
            var checked = 0
            var stack = [Syntax(tree)]
            while let node = stack.popLast() {
                stack += node.children(viewMode: .sourceAccurate)
                let expected = node.startLocation(converter: converter)
                let location = read.location(of: node)
                #expect(location.line == expected.line && location.column == expected.column, "\(node.kind) at \(expected.line):\(expected.column)")
                #expect(read.trimmedText(of: node) == node.trimmedDescription, "\(node.kind) at \(expected.line):\(expected.column)")
                checked += 1
            }
            #expect(checked > 100)
        }
    }
}
