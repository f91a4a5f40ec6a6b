/// Text for Graphviz HTML-like labels (`label=<...>`): every character an app's names may hold
/// (quotes, `<`, `>`, `&`, backslashes, newlines, control characters, any Unicode) comes out as
/// literal text, never as markup, so a name cannot close the label or inject an attribute.
enum HTMLLabel {
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\n": out += "<br/>"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value) {
                    // Graphviz rejects control characters even as entities: show them escaped.
                    out += "\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// Lines joined with `<br/>`, the first in bold.
    static func lines(_ lines: [String], boldFirst: Bool) -> String {
        lines.enumerated().map { index, line in
            index == 0 && boldFirst ? "<b>" + escape(line) + "</b>" : escape(line)
        }.joined(separator: "<br/>")
    }
}
