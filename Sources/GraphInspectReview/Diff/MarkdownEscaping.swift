import Foundation
import GraphInspect

/// GitHub-flavoured Markdown, for the diff's pull-request comment: text that shows as itself in
/// a paragraph or a table cell, and fences that no text can close.
public enum MarkdownEscaping {
    /// ASCII punctuation Markdown may read as syntax; each is written after a backslash, which
    /// CommonMark defines as "this character, literally".
    private static let punctuation: Set<Character> = ["\\", "`", "*", "_", "{", "}", "[", "]", "(", ")", "#", "+", "-", ".", "!", "|", "~", "$"]

    /// `text` as inline Markdown: punctuation backslashed, `<` `>` `&` as entities (GitHub keeps
    /// some HTML), control characters shown as `\n`, `\u{1b}` (`Quoted.visible`), so a name can
    /// neither break a table row nor become a link, a tag or a heading.
    public static func text(_ text: String) -> String {
        var out = ""
        for character in Quoted.visible(text) {
            switch character {
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "&": out += "&amp;"
            case _ where punctuation.contains(character): out += "\\" + String(character)
            default: out.append(character)
            }
        }
        return out
    }

    /// `text` as inline code: a code span whose backtick run is longer than any in the text, and
    /// `|` escaped (GitHub splits table cells on it even inside code).
    public static func code(_ text: String) -> String {
        let shown = Quoted.visible(text).replacingOccurrences(of: "|", with: "\\|")
        let ticks = String(repeating: "`", count: longestRun(of: "`", in: shown) + 1)
        let pad = shown.hasPrefix("`") || shown.hasSuffix("`") ? " " : ""
        return ticks + pad + shown + pad + ticks
    }

    /// A fenced block of `text` in `language`: the fence is longer than any backtick run inside.
    public static func fenced(_ text: String, language: String = "") -> String {
        let fence = String(repeating: "`", count: max(3, longestRun(of: "`", in: text) + 1))
        return fence + language + "\n" + text + (text.hasSuffix("\n") ? "" : "\n") + fence + "\n"
    }

    private static func longestRun(of mark: Character, in text: String) -> Int {
        var longest = 0, current = 0
        for character in text {
            current = character == mark ? current + 1 : 0
            longest = max(longest, current)
        }
        return longest
    }
}
