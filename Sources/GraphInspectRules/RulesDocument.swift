/// A rules file as its YAML parser gives it: scalars, mappings and sequences, each with the line
/// and column it starts at. The rules are read from this (`RuleSetReader`), so the YAML library
/// stays in one small target (`GraphInspectRulesYAML`) and the reading is worded here once.
public indirect enum RulesDocument: Sendable, Equatable {
    case scalar(String, Place)
    case mapping([(key: String, keyPlace: Place, value: RulesDocument)], Place)
    case sequence([RulesDocument], Place)

    /// A line and column, from 1.
    public struct Place: Sendable, Equatable {
        public var line: Int
        public var column: Int

        public init(line: Int, column: Int) {
            self.line = line
            self.column = column
        }
    }

    public var place: Place {
        switch self {
        case .scalar(_, let place), .mapping(_, let place), .sequence(_, let place): place
        }
    }

    /// What it is, for errors: "a list", "a mapping", "`text`".
    var shape: String {
        switch self {
        case .scalar(let text, _): "`\(text)`"
        case .mapping: "a mapping"
        case .sequence: "a list"
        }
    }

    public static func == (a: Self, b: Self) -> Bool {
        switch (a, b) {
        case (.scalar(let x, let p), .scalar(let y, let q)): x == y && p == q
        case (.sequence(let x, let p), .sequence(let y, let q)): x == y && p == q
        case (.mapping(let x, let p), .mapping(let y, let q)):
            p == q && x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.keyPlace == $1.keyPlace && $0.value == $1.value }
        default: false
        }
    }
}

/// Turns a rules file's text into its document: set by the executables that link the YAML
/// library (`graphinspect-rules`, `graphinspect-check`) before they parse their arguments. In
/// `graphinspect` itself there is none, and a command given `--rules` hands its arguments to
/// `graphinspect-rules`, so graphinspect's own build stays free of the YAML library.
public enum RulesFileHook {
    nonisolated(unsafe) public static var parse: (@Sendable (_ text: String, _ path: String) throws(RulesError) -> RulesDocument)?
}
