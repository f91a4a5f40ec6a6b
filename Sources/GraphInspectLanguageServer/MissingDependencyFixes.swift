import GraphInspect
import GraphInspectCheckContract
import GraphInspectLSPProtocol

/// The edits a missing dependency's fix names, as quick fixes: declare the provider in the
/// component the report names, move it up to the component both reach, ask for the name that is
/// provided, mark a `lazy var` `@Lazy`. A fix that needs the developer's judgement (which type to
/// ask for, where a loop should end) has no edit. A declared provider's value is a placeholder
/// (`<#Analytics#>`): only the developer knows how to make it.
struct MissingDependencyFixes {
    struct Fix: Equatable {
        var title: String
        /// Edits by file path.
        var edits: [String: [TextEdit]]
    }

    let places: SourcePlaces
    /// A file's text: the editor's, else the disk's.
    let text: (String) -> String?

    /// The fixes of `report`, the failure of the lookup written at `position`: by needle's rule
    /// on a needle app (`MissingDependencyFixes+Needle.swift`).
    func fixes(_ report: MissingDependency, at position: SourcePosition) -> [Fix] {
        places.walkStartsAtRequester ? reportedFixes(report, at: position) : needleFixes(report, at: position)
    }

    /// The edits of the report's own fix, as the architecture's rule makes them.
    func reportedFixes(_ report: MissingDependency, at position: SourcePosition) -> [Fix] {
        let name = report.request.name
        switch report.fix {
        case .declare(let requester, let root):
            let type = ShortTypeName.optionalWrapped(report.request.type).map(ShortTypeName.of) ?? ShortTypeName.of(report.request.type)
            let line = "let \(name): \(type) = <#\(type)#>"
            var fixes: [Fix] = []
            for component in [requester] + (root.map { [$0] } ?? []) {
                guard let insert = insertion(of: line, into: component.type) else { continue }
                let shared = component != requester ? " (shared with every component below)" : ""
                fixes.append(Fix(title: "Declare `let \(name): \(type)` in \(ShortTypeName.of(component.type))\(shared)", edits: [insert.file: [insert.edit]]))
            }
            return fixes
        case .move(let from, let to):
            guard let declared = places.providers[from.type]?[name], let lines = text(declared.file).map(Documents.lines),
                  declared.line > 0, declared.line - 1 < lines.count else { return [] }
            let written = lines[declared.line - 1]
            // One whole declaration on its line, or the move would cut it.
            guard Self.isBalanced(written), !written.contains(";"),
                  let insert = insertion(of: moved(written.trimmingCharacters(in: .whitespaces)), into: to.type) else { return [] }
            let removal = TextEdit(range: Range(start: Position(line: declared.line - 1, character: 0), end: Position(line: declared.line, character: 0)), newText: "")
            var edits = [declared.file: [removal]]
            edits[insert.file, default: []].append(insert.edit)
            let caveat = ReportWording.moveAcrossModules(report, from: from, to: to).map { " (\($0))" } ?? ""
            return [Fix(title: "Move `\(name)` from \(ShortTypeName.of(from.type)) up to \(ShortTypeName.of(to.type))\(caveat)", edits: edits)]
        case .rename(let provider, _):
            guard let lines = text(position.file).map(Documents.lines) else { return [] }
            let range = Documents.range(of: name, line: position.line, utf8Column: position.column, in: lines)
            guard range.start.line < lines.count, Self.text(in: range, of: lines[range.start.line]) == name else { return [] }
            return [Fix(title: "Ask for `\(provider.name)`", edits: [position.file: [TextEdit(range: range, newText: provider.name)]])]
        case .useLazy(let at):
            guard let declared = places.types[at.type], let lines = text(declared.file).map(Documents.lines), declared.line > 0, declared.line - 1 < lines.count else { return [] }
            for index in (declared.line - 1)..<min(lines.count, declared.line + 499) {
                let units = Array(lines[index].utf16)
                guard let found = Self.find(Array("lazy var \(name)".utf16), in: units) else { continue }
                let range = Range(start: Position(line: index, character: found), end: Position(line: index, character: found + 4))
                return [Fix(title: "Declare `\(name)` `@Lazy var`", edits: [declared.file: [TextEdit(range: range, newText: "@Lazy")]])]
            }
            return []
        case .changeType, .breakLoop, .listClosure:
            return []
        }
    }

    /// Where a new member line goes in `type`'s declaration: after its opening brace, indented as
    /// the member below it (or four spaces in from the type).
    func insertion(of member: String, into type: String) -> (file: String, edit: TextEdit)? {
        guard let declared = places.types[type], declared.line > 0, let lines = text(declared.file).map(Documents.lines) else { return nil }
        var index = declared.line - 1, skip = max(0, declared.column - 1)
        while index < lines.count {
            let bytes = Array(lines[index].utf8)
            if skip < bytes.count, let brace = bytes[skip...].firstIndex(of: UInt8(ascii: "{")) {
                let own = Self.indentation(lines[declared.line - 1])
                let next = lines[(index + 1)...].first { !$0.allSatisfy(\.isWhitespace) }.map(Self.indentation)
                let indent = next.map { $0.count > own.count ? $0 : own + "    " } ?? own + "    "
                let after = String(decoding: bytes[(brace + 1)...], as: UTF8.self)
                if after.allSatisfy(\.isWhitespace) {
                    let at = Position(line: index + 1, character: 0)
                    return (declared.file, TextEdit(range: Range(start: at, end: at), newText: indent + member + "\n"))
                }
                let at = Position(line: index, character: String(decoding: bytes[...brace], as: UTF8.self).utf16.count)
                return (declared.file, TextEdit(range: Range(start: at, end: at), newText: "\n" + indent + member + "\n" + indent))
            }
            index += 1
            skip = 0
        }
        return nil
    }

    static func indentation(_ line: Substring) -> String {
        String(line.prefix { $0 == " " || $0 == "\t" })
    }

    /// Whether brackets open and close on the line (strings are not told apart: a line with a
    /// bracket in a string is left alone).
    static func isBalanced(_ line: Substring) -> Bool {
        var depth = 0
        for character in line {
            if "([{".contains(character) { depth += 1 }
            if ")]}".contains(character) { depth -= 1 }
            if depth < 0 { return false }
        }
        return depth == 0
    }

    private static func text(in range: Range, of line: Substring) -> String {
        let units = Array(line.utf16)
        guard range.start.character <= range.end.character, range.end.character <= units.count else { return "" }
        return String(decoding: units[range.start.character..<range.end.character], as: UTF16.self)
    }

    private static func find(_ wanted: [UInt16], in units: [UInt16]) -> Int? {
        guard !wanted.isEmpty, units.count >= wanted.count else { return nil }
        return (0...(units.count - wanted.count)).first { Array(units[$0..<($0 + wanted.count)]) == wanted }
    }
}
