import GraphInspect

/// What a page escapes, and where: text in HTML element content or attribute values, and JSON
/// inside a `<script>` block.
public enum HTMLEscaping {
    /// `text` escaped for HTML element content and attribute values (`&`, `<`, `>`, `"`).
    public static func text(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(character)
            }
        }
        return out
    }
}
