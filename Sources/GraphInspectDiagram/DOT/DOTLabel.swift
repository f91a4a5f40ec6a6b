/// Text for Graphviz's plain labels (escString), so every character an app's names may hold
/// (quotes, backslashes, `<`, `>`, `&`, newlines, control characters, any Unicode) shows as itself.
///
/// Plain labels rather than HTML-like ones because Graphviz 2.42 leaks and slows down with every
/// HTML-like label it renders (measured: docs/performance.md). Each line is escaped by
/// `LabelEscaping.graphviz`; Graphviz refuses a quoted string longer than 16,384 bytes, so a label
/// stops before `maxLabelBytes` with a line saying how many were left out.
enum DOTLabel {
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

    /// `text` as escString text that shows exactly `text` (up to `LabelEscaping`'s line limit).
    static func literal(_ text: String) -> String {
        LabelEscaping.graphviz.line(text)
    }
}
