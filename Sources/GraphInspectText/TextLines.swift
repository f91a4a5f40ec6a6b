import GraphInspect

/// Accumulates indented lines, capping indentation so very deep trees stay readable and linear
/// in size. Every line's control characters are shown escaped (`Quoted.visible`): text output
/// goes to terminals, and a recorded name must not be able to repaint one.
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
        text += Quoted.visible(content)
        text += "\n"
    }

    mutating func blank() {
        text += "\n"
    }
}
