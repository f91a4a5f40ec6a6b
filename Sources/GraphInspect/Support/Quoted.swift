/// Makes app-chosen names safe to print on one line: control characters, quotes and backslashes
/// are escaped, so a name with a newline cannot forge a line of output.
public enum Quoted {
    /// `name` as a double-quoted string with escapes.
    public static func string(_ name: String) -> String {
        "\"" + escaped(name) + "\""
    }

    /// `name` bare if it is a plain identifier, quoted otherwise.
    public static func name(_ name: String) -> String {
        let plain = !name.isEmpty && name.unicodeScalars.allSatisfy {
            $0.properties.isAlphabetic || $0.properties.numericType != nil || $0 == "_"
        }
        return plain ? name : string(name)
    }

    /// `text` with its control and format characters (escape sequences, BEL, CR, NUL, bidi
    /// overrides) written as visible escapes, everything else as is: what may reach a terminal.
    /// Text that is already visible comes back unchanged.
    public static func visible(_ text: String) -> String {
        // Printable ASCII (most text) is decided from its bytes, without Unicode property lookups.
        var ascii = true
        for byte in text.utf8 {
            if byte < 0x20 || byte == 0x7F { return escaped(text, quotes: false) }
            if byte >= 0x80 { ascii = false }
        }
        guard !ascii, text.unicodeScalars.contains(where: isInvisible) else { return text }
        return escaped(text, quotes: false)
    }

    private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format
    }

    private static func escaped(_ text: String, quotes: Bool = true) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"" where quotes: result += "\\\""
            case "\\" where quotes: result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if isInvisible(scalar) {
                    result += "\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
