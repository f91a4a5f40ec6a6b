/// A rules file as the static reader's one entry holds a reading to it (`StaticCheck.Request.rules`,
/// `StaticReadingRequest.rules`): made by the rules' own target (`HeldRules.forReadings`), so the
/// reader links no rules engine and `check` no reader. Its findings are kept in the cached reading
/// with the reader's, keyed by `key`.
public struct ReadingRules: Sendable {
    /// What decides the findings beside the sources (the rules file's and baseline's paths and
    /// texts, and whether a baseline is being written): part of the cached reading's key, so a
    /// changed rule or baseline reads again.
    public var key: String
    /// A reading's findings held to the rules: the reader's at the severities the rules give them
    /// (`closure-cycle: error`), the rules' own added, sorted; and what the rules counted.
    public var hold: @Sendable (StaticReading) -> (diagnostics: [StaticDiagnostic], tally: RulesTally)

    public init(key: String, hold: @escaping @Sendable (StaticReading) -> (diagnostics: [StaticDiagnostic], tally: RulesTally)) {
        self.key = key
        self.hold = hold
    }

    /// Several rules files held one after another (a language server's workspace folders, each
    /// with its own): nil for none, the one itself for one.
    public static func all(_ list: [ReadingRules]) -> ReadingRules? {
        guard list.count > 1 else { return list.first }
        return ReadingRules(key: list.map(\.key).joined(separator: "\u{1}")) { reading in
            var reading = reading
            var tally = RulesTally()
            for rules in list {
                let held = rules.hold(reading)
                reading.diagnostics = held.diagnostics
                tally.errors += held.tally.errors
                tally.warnings += held.tally.warnings
                tally.known += held.tally.known
                tally.entries += held.tally.entries
            }
            return (reading.diagnostics, tally)
        }
    }
}

/// What holding a reading to a rules file counted, beside the findings it put in the reading:
/// what the rules' summary line says (`graphinspect rules: graphinspect.yml: 1 error, 0 warnings,
/// 2 known in ...`), and what a baseline written anew lists. Kept in the cached reading.
public struct RulesTally: Sendable, Equatable {
    /// The rules' findings reported (after the baseline), by severity.
    public var errors = 0
    public var warnings = 0
    /// The findings the baseline holds: those it accepted, or, when it is being written, every one.
    public var known = 0
    /// When a baseline is being written, each finding's entry (`rule: subject`), one a finding;
    /// else empty.
    public var entries: [String] = []

    public init(errors: Int = 0, warnings: Int = 0, known: Int = 0, entries: [String] = []) {
        self.errors = errors
        self.warnings = warnings
        self.known = known
        self.entries = entries
    }
}

extension StaticReading {
    /// The reading held to `rules`: its findings the rules' (`ReadingRules.hold`), its `rules` what
    /// they counted.
    public mutating func hold(to rules: ReadingRules) {
        let held = rules.hold(self)
        diagnostics = held.diagnostics
        self.rules = held.tally
    }
}
