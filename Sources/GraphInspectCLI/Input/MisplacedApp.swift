import Foundation

extension GraphInspectCommand {
    /// The one mistake ArgumentParser words badly: an app path given without `--` before it
    /// (`graphinspect dump ./App` says only "Unexpected argument"). Nil when the arguments do not
    /// look like that.
    public static func misplacedAppHint(_ arguments: [String]) -> String? {
        guard let command = arguments.first, ["dump", "why", "replay"].contains(command),
              !arguments.contains("--") else { return nil }
        // Values of options that take one are not the app.
        let takesValue: Set = ["--format", "-f", "--output", "-o", "--trace", "--sample", "--diagram", "--step",
                               "--frames", "--layout", "--depth", "--focus", "--collapse", "--hide", "--dependency", "--view", "--leak-grace",
                               "--rules", "--rules-baseline", "--rules-format", "--rules-output"]
        var index = 1
        while index < arguments.count {
            let word = arguments[index]
            if takesValue.contains(word) { index += 2; continue }
            if !word.hasPrefix("-") {
                let rest = arguments[index...].joined(separator: " ")
                let before = arguments[..<index].joined(separator: " ")
                return "Error: Unexpected argument '\(word)': to run an app, put -- before it: graphinspect \(before) -- \(rest)"
            }
            index += 1
        }
        return nil
    }
}
