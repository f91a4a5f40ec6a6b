import GraphInspectCheckContract

/// A rules file, read: every rule it turns on, in the file's order.
public struct RuleSet: Sendable, Equatable {
    /// Where the rules came from (for findings and errors).
    public var path: String
    public var rules: [Rule]

    public init(path: String, rules: [Rule]) {
        self.path = path
        self.rules = rules
    }

    /// Rules whose severity is not `off`.
    public var active: [Rule] { rules.filter { $0.severity != .off } }

    /// The reader's findings with the severity this file gives their rule (`closure-cycle: error`),
    /// those it turns `off` left out; the last entry whose scope holds a finding decides it.
    /// Findings of rules the file does not state keep their own.
    public func restated(_ findings: [StaticDiagnostic]) -> [StaticDiagnostic] {
        let readers = rules.filter(\.kind.isReaders)
        guard !readers.isEmpty else { return findings }
        return findings.compactMap { finding in
            guard let id = finding.ruleID,
                  let rule = readers.last(where: { $0.kind.rawValue == id && $0.scope.contains(type: finding.subject ?? "", file: finding.position.isKnown ? finding.position.file : nil) })
            else { return finding }
            var restated = finding
            switch rule.severity {
            case .off: return nil
            case .error: restated.severity = .error
            case .warning: restated.severity = .warning
            }
            return restated
        }
    }
}

/// One rule of a rules file (or one entry of a rule that takes several, like `forbidden-lookup`).
public struct Rule: Sendable, Equatable {
    public var kind: RuleKind
    public var severity: RuleSeverity
    /// The findings it applies to: by the finding's subject type and by the file it is reported in.
    public var scope: RuleScope
    /// `forbidden-lookup`: the requesting component's type or module (nil: any).
    public var requester: TypePattern?
    /// `forbidden-lookup`: the answering component's type or module (nil: any).
    public var provider: TypePattern?
    /// `forbidden-lookup`: the name asked for (nil: any).
    public var name: NamePattern?
    /// `max-hops`, `max-depth`, `max-children`, `max-fan-in`, `max-fan-out`: the most allowed.
    public var limit: Int?
    /// Where the rule is written in the rules file.
    public var line: Int

    public init(
        kind: RuleKind, severity: RuleSeverity = .error, scope: RuleScope = RuleScope(), requester: TypePattern? = nil,
        provider: TypePattern? = nil, name: NamePattern? = nil, limit: Int? = nil, line: Int = 0
    ) {
        self.kind = kind
        self.severity = severity
        self.scope = scope
        self.requester = requester
        self.provider = provider
        self.name = name
        self.limit = limit
        self.line = line
    }
}

/// Which findings a rule applies to. Empty lists place no limit; a finding must match one
/// pattern of each list given. A finding with no file (a run's, where the runtime captured no
/// position) is outside any `paths`.
public struct RuleScope: Sendable, Equatable {
    public var types: [TypePattern] = []
    public var paths: [PathPattern] = []

    public init(types: [TypePattern] = [], paths: [PathPattern] = []) {
        self.types = types
        self.paths = paths
    }

    public func contains(type: String, file: String?) -> Bool {
        (types.isEmpty || types.contains { $0.matches(qualifiedType: type) })
            && (paths.isEmpty || file.map { file in paths.contains { $0.matches(path: file) } } ?? false)
    }
}

/// A pattern for dependency names: `*` any run, `?` one character.
public struct NamePattern: Sendable, Equatable, CustomStringConvertible {
    public let text: String
    private let glob: Glob

    public init?(_ text: String) {
        guard !text.isEmpty, text.unicodeScalars.allSatisfy({ $0 == "*" || $0 == "?" || $0 == "_" || $0.properties.isXIDContinue }) else { return nil }
        self.text = text
        glob = Glob(text, separator: nil)
    }

    public func matches(_ name: String) -> Bool { glob.matches(name) }

    public var description: String { text }

    public static let expected = "a dependency name or pattern: letters, digits, _, `*` and `?`"
}
