import GraphInspect

/// A page's data, written one way: JSON that the `<script type="application/json">` block holding
/// it cannot be closed by (every string through `literal`, which writes `<`, `>` and `&` as `\u`
/// escapes), with object keys in the order given (a dictionary's sorted), so the same data
/// always makes the same page. The explorer's large node lists are written straight to text with
/// the same `literal`.
package indirect enum PageJSON: Sendable {
    case string(String)
    case int(Int)
    case array([PageJSON])
    case object([(key: String, value: PageJSON)])

    /// `text` as a JSON string literal a `<script>` block can hold: the one escaping function of
    /// every page's data and the live server's messages.
    package static func literal(_ text: String) -> String {
        JSONString.literal(text, safeInHTMLScript: true)
    }

    /// An object of a dictionary's entries, keys sorted.
    package static func sorted(_ entries: [String: PageJSON]) -> PageJSON {
        .object(entries.sorted { $0.key < $1.key }.map { (key: $0.key, value: $0.value) })
    }

    package var text: String {
        var out = ""
        write(to: &out)
        return out
    }

    private func write(to out: inout String) {
        switch self {
        case .string(let text):
            out += Self.literal(text)
        case .int(let number):
            out += String(number)
        case .array(let elements):
            out += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { out += "," }
                element.write(to: &out)
            }
            out += "]"
        case .object(let entries):
            out += "{"
            for (index, entry) in entries.enumerated() {
                if index > 0 { out += "," }
                out += Self.literal(entry.key) + ":"
                entry.value.write(to: &out)
            }
            out += "}"
        }
    }
}
