/// Text for Graphviz's plain labels (escString), so every character an app's names may hold
/// (quotes, backslashes, `<`, `>`, `&`, newlines, control characters, any Unicode) shows as itself.
///
/// Plain labels rather than HTML-like ones because Graphviz 2.42 leaks and slows down with every
/// HTML-like label it renders (measured: docs/performance.md). Two levels of escaping apply:
/// Graphviz reads `\\`, `\n`, `\N`... as escapes and decodes `&...;` entities in labels, so
/// backslashes are doubled and `&` written `&amp;`; then `DOTWriter` quotes the result for DOT.
///
/// Graphviz refuses a quoted string longer than 16,384 bytes, and a picture cannot show a longer
/// one anyway: a line longer than `maxLineCharacters` ends in `…`, and a label stops before
/// `maxLabelBytes` with a line saying how many were left out. Text and JSON keep names whole.
enum DOTLabel {
    /// Unicode scalars a label line keeps; longer lines end in `…`.
    static let maxLineCharacters = 160
    /// Bytes of escaped text a label keeps, far below Graphviz's 16,384-byte limit.
    static let maxLabelBytes = 8_192

    /// `lines` shown one per line, each exactly as given (up to the limits above).
    static func lines(_ lines: [String]) -> String {
        var out = ""
        for (index, line) in lines.enumerated() {
            let text = literal(line)
            let separator = index == 0 ? "" : "\\n"
            if out.utf8.count + separator.utf8.count + text.utf8.count > maxLabelBytes - 64 {
                return out + "\\n… \(lines.count - index) more \(lines.count - index == 1 ? "line" : "lines")"
            }
            out += separator + text
        }
        return out
    }

    /// `text` as escString text that shows exactly `text` (its first `maxLineCharacters` Unicode
    /// scalars); control and format characters (bidi overrides included) are shown escaped, so
    /// a newline in a name shows as `\n` and cannot break the line, and nothing reorders the text.
    static func literal(_ text: String) -> String {
        var out = ""
        var characters = 0
        for scalar in text.unicodeScalars {
            if characters == maxLineCharacters {
                out += "…"
                break
            }
            characters += 1
            switch scalar {
            case "\\": out += "\\\\"
            case "&": out += "&amp;"
            case "\n": out += "\\\\n"
            case "\r": out += "\\\\r"
            case "\t": out += "\\\\t"
            default:
                let category = scalar.properties.generalCategory
                if category == .control || category == .format {
                    out += "\\\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
