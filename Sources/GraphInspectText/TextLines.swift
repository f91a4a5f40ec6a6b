/// Accumulates indented lines, capping indentation so very deep trees stay readable and linear
/// in size.
struct TextLines {
    let maxIndentLevel: Int
    private(set) var text = ""

    init(maxIndentLevel: Int) {
        self.maxIndentLevel = maxIndentLevel
    }

    mutating func line(_ level: Int, _ content: String) {
        if level <= maxIndentLevel {
            text += String(repeating: "  ", count: level)
        } else {
            text += String(repeating: "  ", count: maxIndentLevel) + "[depth \(level)] "
        }
        text += content
        text += "\n"
    }

    mutating func blank() {
        text += "\n"
    }
}
