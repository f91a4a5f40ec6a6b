import GraphInspect
import GraphInspectCheckContract
import GraphInspectLSPProtocol

/// The quick fixes of a missing dependency on a needle app, by needle's rule: the need is
/// answered only by an ancestor on the path (never the component itself), and only by a property
/// needle's generator reads (`public` in the component's own declaration). So: make `public` a
/// matching property an ancestor on the path already declares; move a provider up when the
/// report's move lands on an ancestor (made `public` as it goes); declare
/// `public var x: T { shared { <#T#> } }` in the parent on this path or in the root.
extension MissingDependencyFixes {
    func needleFixes(_ report: MissingDependency, at position: SourcePosition) -> [Fix] {
        let name = report.request.name
        let type = ShortTypeName.of(report.request.type)
        let ancestors = Array(report.walk.dropFirst().map(\.component))
        var fixes: [Fix] = []
        for ancestor in ancestors {
            guard let edit = publicEdit(of: name, type: type, in: ancestor.type) else { continue }
            fixes.append(Fix(title: "Make `\(name)` public in \(ShortTypeName.of(ancestor.type)), so needle's generator reads it", edits: [edit.file: [edit.edit]]))
        }
        switch report.fix {
        case .move(_, let to) where ancestors.contains(to):
            fixes += reportedFixes(report, at: position)
        case .rename(_, let at) where ancestors.contains(at):
            fixes += reportedFixes(report, at: position)
        default:
            break
        }
        let line = "public var \(name): \(type) { shared { <#\(type)#> } }"
        var targets = ancestors.prefix(1).map { ($0, " (\(ShortTypeName.of(report.requester.type))'s parent on this path)") }
        if let root = ancestors.last, ancestors.count > 1 { targets.append((root, " (shared with every component below)")) }
        for (component, why) in targets where !declares(name, in: component.type) {
            guard let insert = insertion(of: line, into: component.type) else { continue }
            fixes.append(Fix(title: "Declare `public var \(name): \(type)` in \(ShortTypeName.of(component.type))\(why)", edits: [insert.file: [insert.edit]]))
        }
        return fixes
    }

    /// A declaration moved into a component's body, made `public` if it is not: needle's generator
    /// reads only the public properties of a component's own declaration.
    func moved(_ declaration: String) -> String {
        guard !places.walkStartsAtRequester, !declaration.hasPrefix("public ") else { return declaration }
        for access in ["internal ", "fileprivate ", "private "] where declaration.hasPrefix(access) {
            return "public " + declaration.dropFirst(access.count)
        }
        return "public " + declaration
    }

    /// The edit that makes `component`'s own member `var name: T` (or `let`) public, when its
    /// declaration has one of that name and type on one line.
    func publicEdit(of name: String, type: String, in component: String) -> (file: String, edit: TextEdit)? {
        guard let (file, index, line) = member(named: name, in: component) else { return nil }
        return Self.publicEdit(of: name, type: type, line: line, index: index).map { (file, $0) }
    }

    /// Whether `component` declares a property of the name (read by needle or not): a second
    /// declaration would not compile.
    func declares(_ name: String, in component: String) -> Bool {
        places.providers[component]?[name] != nil || member(named: name, in: component) != nil
    }

    /// The line of `component`'s own declaration (not a nested type's) that declares `name`.
    private func member(named name: String, in component: String) -> (file: String, index: Int, line: Substring)? {
        guard let declared = places.types[component], declared.line > 0, let lines = text(declared.file).map(Documents.lines) else { return nil }
        var depth = 0
        var opened = false
        for index in (declared.line - 1)..<lines.count {
            let line = lines[index]
            if depth == 1, Self.declaredName(in: line) == name { return (declared.file, index, line) }
            for character in line {
                if character == "{" { depth += 1; opened = true }
                if character == "}" { depth -= 1 }
            }
            if opened, depth <= 0 { return nil }
        }
        return nil
    }

    /// The name a `var`/`let` line declares.
    private static func declaredName(in line: Substring) -> String? {
        let words = line.split(separator: " ", omittingEmptySubsequences: true)
        guard let keyword = words.firstIndex(where: { $0 == "var" || $0 == "let" }), keyword + 1 < words.count else { return nil }
        return String(words[keyword + 1].prefix { $0.isLetter || $0.isNumber || $0 == "_" })
    }

    private static func publicEdit(of name: String, type: String, line: Substring, index: Int) -> TextEdit? {
        let words = line.split(separator: " ", omittingEmptySubsequences: true)
        guard let keyword = words.firstIndex(where: { $0 == "var" || $0 == "let" }), keyword + 1 < words.count else { return nil }
        let rest = words[(keyword + 1)...].joined(separator: " ")
        guard rest.hasPrefix(name), rest.dropFirst(name.count).first.map({ $0 == ":" || $0 == " " }) == true else { return nil }
        let afterName = rest.dropFirst(name.count).drop { $0 == " " }
        guard afterName.first == ":" else { return nil }
        let written = afterName.dropFirst().prefix { $0 != "{" && $0 != "=" }.filter { !$0.isWhitespace }
        guard written == type.filter({ !$0.isWhitespace }) else { return nil }
        let modifiers = words[..<keyword]
        guard !modifiers.contains("public"), !modifiers.contains("open"), !modifiers.contains("static") else { return nil }
        let access = modifiers.first { ["internal", "fileprivate", "private"].contains($0) }
        let target = access ?? words[keyword]
        let start = String(line[..<target.startIndex]).utf16.count
        let end = access.map { String(line[..<$0.endIndex]).utf16.count } ?? start
        return TextEdit(range: Range(start: Position(line: index, character: start), end: Position(line: index, character: end)), newText: access == nil ? "public " : "public")
    }
}
