/// How an app's text (names, keys, reports; any character) is written into each kind of output so
/// that it shows as itself and cannot end a string or start markup. One function per layer, and
/// this table of what each escapes (eight layers):
///
/// | layer | where | escapes |
/// | --- | --- | --- |
/// | JSON strings (trace, snapshot) | `JSONString` (GraphInspect) | `"` `\` controls |
/// | a page's data, the live server's messages | `PageJSON.literal` (GraphInspectPages) | as JSON, and `<` `>` `&` too |
/// | terminal text (reports, `why`, the tree) | `Quoted.visible` (GraphInspect) | controls and format characters shown as `\n`, `\u{1b}` |
/// | Graphviz label text | `LabelEscaping.graphviz` | `\` doubled, `&` as `&amp;`; controls shown |
/// | DOT quoted strings | `DOTSyntax.quoted` | `"` and a trailing `\` |
/// | Mermaid labels | `LabelEscaping.mermaid` | `"` `#` `<` `>` `&` `|` `` ` `` `\` as `#N;` entities; controls shown |
/// | HTML text | `HTMLEscaping.text` (GraphInspectPages) | `&` `<` `>` `"` |
/// | Markdown (the diff's comment) | `MarkdownEscaping.text`, `.code`, `.fenced` (GraphInspectReview) | punctuation backslashed; `<` `>` `&` as entities; controls shown; fences longer than any backtick run |
///
/// The two picture layers share one walk: a line keeps its first `maxLineCharacters` Unicode
/// scalars and ends in `…` (a picture cannot show more, Graphviz refuses quoted strings over
/// 16 KB and Mermaid diagrams over 50,000 characters); control and format characters (newlines,
/// escape sequences, bidi overrides) are shown as visible escapes, so nothing breaks a line or
/// reorders the text. Text and JSON keep names whole.
struct LabelEscaping: Sendable {
    /// Unicode scalars a picture's label line keeps; longer lines end in `…`.
    static let maxLineCharacters = 160

    /// What each special scalar becomes in this layer.
    var special: [Unicode.Scalar: String]
    /// How this layer spells one backslash shown as text, for visible escapes (`\n`).
    var backslash: String

    /// Graphviz's escString labels: Graphviz reads `\\`, `\n`, `\N`... as escapes and decodes
    /// `&...;` entities, so both are escaped; `DOTSyntax` then quotes the result for DOT.
    static let graphviz = LabelEscaping(special: ["\\": "\\\\", "&": "&amp;"], backslash: "\\\\")

    /// Mermaid labels: entity codes for everything that could end a label or start markup.
    static let mermaid = LabelEscaping(
        special: Dictionary(uniqueKeysWithValues: ["\"", "#", "<", ">", "&", "|", "`", "\\"].map { (Unicode.Scalar($0)!, "#\(Unicode.Scalar($0)!.value);") }),
        backslash: "#92;"
    )

    /// `text` as one line of this layer's label text.
    func line(_ text: String) -> String {
        var out = ""
        var count = 0
        for scalar in text.unicodeScalars {
            if count == Self.maxLineCharacters {
                out += "…"
                break
            }
            count += 1
            if let replacement = special[scalar] {
                out += replacement
                continue
            }
            switch scalar {
            case "\n": out += backslash + "n"
            case "\r": out += backslash + "r"
            case "\t": out += backslash + "t"
            default:
                let category = scalar.properties.generalCategory
                if category == .control || category == .format {
                    out += backslash + "u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
