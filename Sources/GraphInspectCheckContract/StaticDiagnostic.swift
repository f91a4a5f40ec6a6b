import GraphInspect

/// One finding of `graphinspect check`, printed the way compilers print theirs so Xcode and
/// editors link it: `path:line:column: error: message`, then indented detail lines.
public struct StaticDiagnostic: Sendable, Equatable, Hashable, Codable, Comparable {
    public enum Severity: String, Sendable, Codable, Comparable {
        case error, warning, note

        private var rank: Int { self == .error ? 0 : self == .warning ? 1 : 2 }
        public static func < (a: Self, b: Self) -> Bool { a.rank < b.rank }
    }

    public var severity: Severity
    public var position: SourcePosition
    /// The first line, without the severity.
    public var message: String
    /// The lines after it, indented as the runtime's report indents them.
    public var details: [String]
    /// The id of the rule that found it, for findings of a rules file (`forbidden-lookup`...);
    /// nil for the reader's own, whose id is read from the message (`rule`).
    public var ruleID: String?
    /// The type the finding is about, where a rules file may scope its rule by type
    /// (`closure-cycle`'s object); nil otherwise.
    public var subject: String?

    public init(severity: Severity, position: SourcePosition, message: String, details: [String] = [], ruleID: String? = nil, subject: String? = nil) {
        self.ruleID = ruleID
        self.subject = subject
        self.severity = severity
        self.position = position
        self.message = message
        self.details = details
    }

    /// The prefix of a note about what the reader could not check.
    public static let uncheckedPrefix = "not checked: "

    /// Whether this is a note about something the reader could not check (`--strict` makes
    /// these errors).
    public var isUnchecked: Bool { severity == .note && message.hasPrefix(Self.uncheckedPrefix) }

    /// The prefix of the one note that counts the lookups in code the sources read never reach
    /// from a place they build a tree (functions given their component or holder by a caller
    /// elsewhere): the build plugin prints it, where it leaves other notes out.
    public static let outOfReachPrefix = "not checked here: "

    /// Whether this is that note. Never an error, `--strict` or not: the lookups it counts are
    /// checked where the code that calls them is read.
    public var isOutOfReach: Bool { severity == .note && message.hasPrefix(Self.outOfReachPrefix) }

    /// `path:line:column: error: message` and the detail lines.
    public func formatted(style: ReportStyle = .plain) -> String {
        let label: String
        switch severity {
        case .error: label = style.red("error:")
        case .warning: label = style.bold("warning:")
        case .note: label = style.dim("note:")
        }
        let place = position.isKnown ? "\(position): " : ""
        return (["\(place)\(label) \(message)"] + details).joined(separator: "\n")
    }

    /// By place, severity and message, then by the detail lines, so findings that differ only
    /// there (one lookup reached along two chains) sort the same way in every reading.
    public static func < (a: Self, b: Self) -> Bool {
        if (a.position, a.severity, a.message) != (b.position, b.severity, b.message) {
            return (a.position, a.severity, a.message) < (b.position, b.severity, b.message)
        }
        return a.details.lexicographicallyPrecedes(b.details)
    }
}
