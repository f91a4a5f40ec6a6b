/// The one place DOT text is quoted: every id and attribute value the writers emit goes through
/// `quoted`, so no name, type, key or kind can end a string and add syntax of its own.
enum DOTSyntax {
    /// `[key=value, ...]` sorted by key, every value quoted.
    static func attributes(_ attributes: [String: String]) -> String {
        "[" + attributes.sorted { $0.key < $1.key }.map { key, value in key + "=" + quoted(value) }.joined(separator: ", ") + "]"
    }

    /// A DOT double-quoted string. DOT's only escape in quoted strings is `\"`; backslashes are
    /// kept as they are (labels carry escString escapes), so a backslash right before the closing
    /// quote would escape it: a space goes between them. A NUL would end the string inside
    /// Graphviz's C code, so it is written as the visible `\u{0}`.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for character in text.unicodeScalars {
            switch character {
            case "\"": out += "\\\""
            case "\u{0}": out += "\\\\u{0}"
            default: out.unicodeScalars.append(character)
            }
        }
        if out.hasSuffix("\\") { out += " " }
        return out + "\""
    }
}
