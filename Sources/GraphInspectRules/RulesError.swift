import GraphInspect

/// Why a rules file or a rules baseline cannot be used: where (file, line, column), what was
/// found, and what was expected, worded here once. A rule is never silently left out or given a
/// default in place of what was written.
public struct RulesError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Problem: Sendable, Equatable {
        /// The file cannot be read (missing, a folder, not UTF-8).
        case unreadable(String)
        /// The YAML does not parse (the parser's words).
        case syntax(String)
        /// The document has no `rules:` mapping at its top.
        case noRules(found: String)
        case unknownRule(String)
        case unknownKey(key: String, rule: String, allowed: [String])
        case missingKey(key: String, rule: String)
        case badSeverity(String)
        /// A value of the wrong shape or out of range: the key, what was found, what was expected.
        case badValue(key: String, found: String, expected: String)
        /// A rule given twice.
        case repeated(rule: String, firstLine: Int)
        /// A baseline line that is not `rule: subject`.
        case badBaselineLine(String)
    }

    public var path: String
    public var line: Int
    public var column: Int
    public var problem: Problem

    public init(path: String, line: Int = 0, column: Int = 0, _ problem: Problem) {
        self.path = path
        self.line = line
        self.column = column
        self.problem = problem
    }

    init(path: String, at place: RulesDocument.Place, _ problem: Problem) {
        self.init(path: path, line: place.line, column: place.column, problem)
    }

    public var description: String {
        let place = line > 0 ? "\(path):\(line):\(column > 0 ? "\(column):" : "")" : "\(path):"
        return "\(place) \(explanation)"
    }

    /// As a compiler prints an error, so a build shows it at the rules file's line:
    /// `graphinspect.yml:2:14: error: unknown severity ...`.
    public var compilerStyle: String {
        let place = line > 0 ? "\(path):\(line):\(max(column, 1)):" : "\(path):"
        return "\(place) error: \(explanation)"
    }

    /// What is wrong and what was expected, without the place.
    public var explanation: String {
        switch problem {
        case .unreadable(let reason):
            return "cannot read the rules: \(reason)"
        case .syntax(let problem):
            return "not valid YAML: \(problem). Fix the line, or check it with a YAML linter."
        case .noRules(let found):
            return "expected a mapping `rules:` at the top, holding the rules by id; found \(found). See docs/rules.md."
        case .unknownRule(let name):
            let ids = RuleKind.allCases.map(\.rawValue)
            let near = ids.first { NameDistance.isSimilar($0, to: name) }
            return "unknown rule `\(Quoted.visible(name))`" + (near.map { " (did you mean `\($0)`?)" } ?? "")
                + "; expected one of: " + ids.joined(separator: ", ") + "."
        case .unknownKey(let key, let rule, let allowed):
            let near = allowed.first { NameDistance.isSimilar($0, to: key) }
            return "unknown key `\(Quoted.visible(key))` in \(rule)" + (near.map { " (did you mean `\($0)`?)" } ?? "")
                + "; expected: " + allowed.joined(separator: ", ") + "."
        case .missingKey(let key, let rule):
            return "\(rule) needs `\(key)`" + (key == "limit" ? ": the most allowed, a whole number (`limit: 3`)." : ".")
        case .badSeverity(let given):
            let near = RuleSeverity.allCases.map(\.rawValue).first { NameDistance.isSimilar($0, to: given) }
            return "unknown severity `\(Quoted.visible(given))`" + (near.map { " (did you mean `\($0)`?)" } ?? "") + "; expected error, warning or off."
        case .badValue(let key, let found, let expected):
            return "`\(key)` is \(Quoted.visible(found)); expected \(expected)."
        case .repeated(let rule, let firstLine):
            return "\(rule) is given twice (first at line \(firstLine)); give it once" + (RuleKind(rawValue: rule)?.takesEntries == true ? ", with a list of entries." : ".")
        case .badBaselineLine(let text):
            return "`\(Quoted.visible(text))` is not a baseline entry (`rule: what was found`, as --write-rules-baseline writes them). Rewrite the baseline with --write-rules-baseline."
        }
    }
}
