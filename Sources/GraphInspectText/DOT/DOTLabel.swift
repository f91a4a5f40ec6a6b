/// Text for Graphviz's plain labels (escString), so every character an app's names may hold
/// (quotes, backslashes, `<`, `>`, `&`, newlines, control characters, any Unicode) shows as itself.
///
/// Plain labels rather than HTML-like ones because Graphviz 2.42 leaks and slows down with every
/// HTML-like label it renders (measured: docs/performance.md). Two levels of escaping apply:
/// Graphviz reads `\\`, `\n`, `\N`... as escapes and decodes `&...;` entities in labels, so
/// backslashes are doubled and `&` written `&amp;`; then `DOTWriter` quotes the result for DOT.
enum DOTLabel {
    /// `lines` shown one per line, each exactly as given.
    static func lines(_ lines: [String]) -> String {
        lines.map(literal).joined(separator: "\\n")
    }

    /// `text` as escString text that shows exactly `text`; control characters are shown escaped
    /// (a newline in a name shows as `\n`, it does not break the line).
    static func literal(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "&": out += "&amp;"
            case "\n": out += "\\\\n"
            case "\r": out += "\\\\r"
            case "\t": out += "\\\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value) {
                    out += "\\\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
