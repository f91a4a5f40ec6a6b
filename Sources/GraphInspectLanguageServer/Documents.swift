import Foundation
import GraphInspectLSPProtocol

/// The files the editor has open, with their unsaved text, kept as the editor edits them (whole,
/// or range by range), and the conversions between the protocol's positions (0-based lines,
/// UTF-16 characters) and the reader's (1-based lines, 1-based UTF-8 columns).
struct Documents {
    /// Open files' text, by path.
    private(set) var open: [String: String] = [:]

    mutating func opened(_ path: String, text: String) { open[path] = text }
    mutating func closed(_ path: String) { open[path] = nil }

    /// Applies one change: a range replaced, or (no range) the whole text.
    mutating func changed(_ path: String, _ change: DidChangeParams.Change) {
        guard let range = change.range, let text = open[path] else {
            open[path] = change.text
            return
        }
        let start = Self.offset(of: range.start, in: text), end = Self.offset(of: range.end, in: text)
        var scalars = Array(text.utf16)
        scalars.replaceSubrange(min(start, end)..<max(start, end), with: Array(change.text.utf16))
        open[path] = String(decoding: scalars, as: UTF16.self)
    }

    /// The text of a file: the editor's when open, else the file's on disk.
    func text(of path: String) -> String? {
        open[path] ?? (try? String(contentsOfFile: path, encoding: .utf8))
    }

    /// The UTF-16 offset of a protocol position (clamped to the text).
    static func offset(of position: Position, in text: String) -> Int {
        let units = Array(text.utf16)
        var line = 0, index = 0
        while line < position.line && index < units.count {
            if units[index] == 10 { line += 1 }
            index += 1
        }
        var column = 0
        while column < position.character && index < units.count && units[index] != 10 {
            index += 1
            column += 1
        }
        return index
    }

    /// The lines of a text, without their ends.
    static func lines(_ text: String) -> [Substring] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.hasSuffix("\r") ? $0.dropLast() : $0 }
    }

    /// A reader's position (1-based line, 1-based UTF-8 column) on the protocol's terms.
    static func position(line: Int, utf8Column: Int, in lines: [Substring]) -> Position {
        let index = max(0, line - 1)
        guard index < lines.count else { return Position(line: index, character: 0) }
        let bytes = Array(lines[index].utf8)
        let prefix = bytes.prefix(max(0, utf8Column - 1))
        return Position(line: index, character: String(decoding: prefix, as: UTF8.self).utf16.count)
    }

    /// The range of `word` on the reader's line at or after its column (the name a lookup or a
    /// declaration writes), else a range of the word under the column.
    static func range(of word: String, line: Int, utf8Column: Int, in lines: [Substring]) -> Range {
        let start = position(line: line, utf8Column: utf8Column, in: lines)
        guard start.line < lines.count else { return Range(start: start, end: start) }
        let text = String(lines[start.line])
        let units = Array(text.utf16), wanted = Array(word.utf16)
        if !wanted.isEmpty, units.count >= wanted.count {
            var index = start.character
            while index + wanted.count <= units.count {
                if Array(units[index..<(index + wanted.count)]) == wanted {
                    return Range(start: Position(line: start.line, character: index), end: Position(line: start.line, character: index + wanted.count))
                }
                index += 1
            }
        }
        var end = start.character
        while end < units.count, let scalar = Unicode.Scalar(units[end]), CharacterSet.alphanumerics.contains(scalar) || scalar == "_" { end += 1 }
        return Range(start: start, end: Position(line: start.line, character: max(end, start.character)))
    }
}
