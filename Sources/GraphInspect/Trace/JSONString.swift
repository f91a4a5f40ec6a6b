/// JSON string literals, for trace lines and for JSON embedded in the HTML replay.
public enum JSONString {
    /// `text` as a quoted JSON string. `safeInHTMLScript` also escapes `<`, `>` and `&`, so the
    /// literal can sit inside a `<script>` block without closing it.
    public static func literal(_ text: String, safeInHTMLScript: Bool = false) -> String {
        var out = ""
        append(text, to: &out, safeInHTMLScript: safeInHTMLScript)
        return out
    }

    /// Appends `text` as a quoted JSON string, escaping quotes, backslashes, control characters,
    /// U+2028/U+2029 (line breaks to JavaScript), and with `safeInHTMLScript` `<`, `>`, `&`.
    static func append(_ text: String, to out: inout String, safeInHTMLScript: Bool = false) {
        out += "\""
        // Most names need no escape: append them whole. (0xE2 leads U+2028 and U+2029.)
        if !text.utf8.contains(where: { needsEscape($0, safeInHTMLScript: safeInHTMLScript) }) {
            out += text
            out += "\""
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "<" where safeInHTMLScript, ">" where safeInHTMLScript, "&" where safeInHTMLScript:
                out += unicodeEscape(scalar.value)
            default:
                if scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    out += unicodeEscape(scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }

    /// Appends `text` as a quoted JSON string to a line's bytes, exactly as `append(_:to:)` does
    /// to text (`TraceLine`).
    static func append(_ text: String, to bytes: inout [UInt8]) {
        var text = text
        let appendedWhole: Bool = text.withUTF8 { utf8 in
            // Most names need no escape: their bytes go in as they are.
            guard !utf8.contains(where: { needsEscape($0, safeInHTMLScript: false) }) else { return false }
            bytes.append(UInt8(ascii: "\""))
            bytes.append(contentsOf: utf8)
            bytes.append(UInt8(ascii: "\""))
            return true
        }
        if appendedWhole { return }
        var escaped = ""
        append(text, to: &escaped)
        bytes.append(contentsOf: escaped.utf8)
    }

    /// Whether a string with this UTF-8 byte needs escaping: control characters, quotes,
    /// backslashes, 0xE2 (which leads U+2028 and U+2029), and for HTML `<`, `>`, `&`.
    @inline(__always)
    private static func needsEscape(_ byte: UInt8, safeInHTMLScript: Bool) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0xE2
            || safeInHTMLScript && (byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "&"))
    }

    /// `\u00XX`: four lowercase hex digits.
    private static func unicodeEscape(_ value: UInt32) -> String {
        let hex = String(value, radix: 16)
        return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }
}
