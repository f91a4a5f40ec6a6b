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

    private static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format {
                    result += "\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
