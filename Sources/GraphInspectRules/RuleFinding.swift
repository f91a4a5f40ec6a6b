import GraphInspect
import GraphInspectCheckContract

/// One place where the graph breaks a rule: what, where (when the source is known), the lookup
/// path or tree path that shows it, and the fix.
public struct RuleFinding: Sendable, Equatable, Comparable {
    /// The rule's id (`forbidden-lookup`...), or `rules-baseline` for a baseline entry that no
    /// longer occurs.
    public var rule: String
    public var severity: RuleSeverity
    /// The lookup's line, the provider's or type's declaration; nil when the run captured none.
    public var position: SourcePosition?
    /// One line.
    public var message: String
    /// Indented lines after it: the path, the rule that was broken, and `fix:`.
    public var details: [String]
    /// What was found, without a place (types and names only), so a finding keeps its baseline
    /// entry when lines move, and a reading of the sources and a run of the app agree on it.
    public var subject: String

    public init(rule: String, severity: RuleSeverity, position: SourcePosition?, message: String, details: [String], subject: String) {
        self.rule = rule
        self.severity = severity
        self.position = position
        self.message = message
        self.details = details
        self.subject = subject
    }

    /// Its line in a rules baseline: `rule: subject`.
    public var baselineEntry: String { "\(rule): \(subject)" }

    /// As `check` prints and every findings format writes it.
    public var diagnostic: StaticDiagnostic {
        StaticDiagnostic(
            severity: severity == .error ? .error : .warning, position: position ?? .unknown, message: message, details: details,
            ruleID: rule
        )
    }

    public static func < (a: Self, b: Self) -> Bool {
        let x = a.position ?? .unknown, y = b.position ?? .unknown
        return (x.isKnown ? 0 : 1, x, a.rule, a.subject, a.severity == .error ? 0 : 1) < (y.isKnown ? 0 : 1, y, b.rule, b.subject, b.severity == .error ? 0 : 1)
    }
}
