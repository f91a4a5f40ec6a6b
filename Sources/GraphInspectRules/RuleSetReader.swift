/// Reads a rules document into a `RuleSet`, strictly: every key known, every value of its
/// expected shape, or a `RulesError` at its line. The grammar is docs/rules.md's.
public struct RuleSetReader {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// Parses `text` with the installed YAML parser, then reads it.
    public static func read(text: String, path: String) throws(RulesError) -> RuleSet {
        guard let parse = RulesFileHook.parse else {
            throw RulesError(path: path, .unreadable("this program cannot read YAML (it links no YAML parser); run it through graphinspect-rules"))
        }
        return try RuleSetReader(path: path).read(try parse(text, path))
    }

    public func read(_ document: RulesDocument) throws(RulesError) -> RuleSet {
        guard case .mapping(let top, _) = document else { throw RulesError(path: path, at: document.place, .noRules(found: document.shape)) }
        var rulesValue: RulesDocument?
        for entry in top {
            guard entry.key == "rules" else { throw RulesError(path: path, at: entry.keyPlace, .unknownKey(key: entry.key, rule: "the rules file", allowed: ["rules"])) }
            rulesValue = entry.value
        }
        guard let rulesValue else { throw RulesError(path: path, at: document.place, .noRules(found: "no `rules:` key")) }
        if case .scalar(let text, _) = rulesValue, Self.isNull(text) { return RuleSet(path: path, rules: []) }
        guard case .mapping(let entries, _) = rulesValue else { throw RulesError(path: path, at: rulesValue.place, .noRules(found: "`rules:` holding " + rulesValue.shape)) }
        var rules: [Rule] = []
        var seen: [String: Int] = [:]
        for entry in entries {
            guard let kind = RuleKind(rawValue: entry.key) else { throw RulesError(path: path, at: entry.keyPlace, .unknownRule(entry.key)) }
            if let first = seen[entry.key] { throw RulesError(path: path, at: entry.keyPlace, .repeated(rule: entry.key, firstLine: first)) }
            seen[entry.key] = entry.keyPlace.line
            rules += try read(kind, entry.value, line: entry.keyPlace.line)
        }
        return RuleSet(path: path, rules: rules)
    }

    /// One rule's value: a severity (`unused-provider: error`), a limit (`max-hops: 2`), one
    /// entry (a mapping), or, for rules that take them, a list of entries.
    private func read(_ kind: RuleKind, _ value: RulesDocument, line: Int) throws(RulesError) -> [Rule] {
        switch value {
        case .scalar(let text, let place):
            if kind.hasLimit {
                guard let limit = Int(text) else {
                    if RuleSeverity(rawValue: text) != nil { throw RulesError(path: path, at: place, .missingKey(key: "limit", rule: kind.rawValue)) }
                    throw RulesError(path: path, at: place, .badValue(key: kind.rawValue, found: text, expected: "a limit (a whole number) or a mapping with `limit:` and `severity:`"))
                }
                return [Rule(kind: kind, limit: try checked(limit, for: kind, at: place), line: line)]
            }
            if kind.takesEntries {
                throw RulesError(path: path, at: place, .badValue(key: kind.rawValue, found: text, expected: "a list of entries, each a mapping (`- requester: \"Game*\"`)"))
            }
            return [Rule(kind: kind, severity: try severity(text, at: place), line: line)]
        case .mapping(_, let place):
            // One mapping where a list of them is expected: most likely a forgotten `-`, which
            // would otherwise read as one entry with the next entries' keys merged into it.
            if kind.takesEntries {
                throw RulesError(path: path, at: place, .badValue(key: kind.rawValue, found: "a mapping", expected: "a list of entries, each a mapping: begin each with `- ` (`- requester: \"Game*\"`)"))
            }
            return [try entry(kind, value, line: line)]
        case .sequence(let items, let place):
            guard kind.takesEntries else {
                throw RulesError(path: path, at: place, .badValue(key: kind.rawValue, found: "a list", expected: "a severity (error, warning, off)" + (kind.hasLimit ? ", a limit," : "") + " or a mapping"))
            }
            var rules: [Rule] = []
            for item in items { rules.append(try entry(kind, item, line: item.place.line)) }
            return rules
        }
    }

    private func entry(_ kind: RuleKind, _ value: RulesDocument, line: Int) throws(RulesError) -> Rule {
        guard case .mapping(let keys, let place) = value else {
            throw RulesError(path: path, at: value.place, .badValue(key: kind.rawValue, found: value.shape, expected: "a mapping of " + allowedKeys(kind).joined(separator: ", ")))
        }
        var rule = Rule(kind: kind, line: line)
        for (key, keyPlace, value) in keys {
            switch key {
            case "severity": rule.severity = try severity(try scalar(value, key: key), at: value.place)
            case "types": rule.scope.types = try list(value, key: key).map { (text, place) throws(RulesError) in try typePattern(text, key: key, at: place) }
            case "paths":
                rule.scope.paths = try list(value, key: key).map { (text, place) throws(RulesError) in
                    guard let pattern = PathPattern(text) else { throw RulesError(path: path, at: place, .badValue(key: key, found: text, expected: PathPattern.expected)) }
                    return pattern
                }
            case "requester" where kind == .forbiddenLookup: rule.requester = try typePattern(try scalar(value, key: key), key: key, at: value.place)
            case "provider" where kind == .forbiddenLookup: rule.provider = try typePattern(try scalar(value, key: key), key: key, at: value.place)
            case "name" where kind == .forbiddenLookup:
                let text = try scalar(value, key: key)
                guard let pattern = NamePattern(text) else { throw RulesError(path: path, at: value.place, .badValue(key: key, found: text, expected: NamePattern.expected)) }
                rule.name = pattern
            case "limit" where kind.hasLimit:
                let text = try scalar(value, key: key)
                guard let limit = Int(text) else { throw RulesError(path: path, at: value.place, .badValue(key: key, found: text, expected: "a whole number")) }
                rule.limit = try checked(limit, for: kind, at: value.place)
            default:
                throw RulesError(path: path, at: keyPlace, .unknownKey(key: key, rule: kind.rawValue, allowed: allowedKeys(kind)))
            }
        }
        if kind.hasLimit, rule.limit == nil { throw RulesError(path: path, at: place, .missingKey(key: "limit", rule: kind.rawValue)) }
        if kind == .forbiddenLookup, rule.requester == nil, rule.provider == nil {
            throw RulesError(path: path, at: place, .missingKey(key: "requester` or `provider", rule: kind.rawValue))
        }
        return rule
    }

    private func allowedKeys(_ kind: RuleKind) -> [String] { kind.ownKeys + ["severity", "types", "paths"] }

    private func severity(_ text: String, at place: RulesDocument.Place) throws(RulesError) -> RuleSeverity {
        guard let severity = RuleSeverity(rawValue: text) else { throw RulesError(path: path, at: place, .badSeverity(text)) }
        return severity
    }

    private func checked(_ limit: Int, for kind: RuleKind, at place: RulesDocument.Place) throws(RulesError) -> Int {
        // A lookup answered by its own component is 0 hops, a span takes 0 ms or more; a tree has at least a root.
        let least = kind == .maxHops || kind == .maxMainThreadMilliseconds ? 0 : 1
        guard limit >= least else { throw RulesError(path: path, at: place, .badValue(key: "limit", found: "\(limit)", expected: "a whole number of at least \(least)")) }
        return limit
    }

    private func typePattern(_ text: String, key: String, at place: RulesDocument.Place) throws(RulesError) -> TypePattern {
        guard let pattern = TypePattern(text) else { throw RulesError(path: path, at: place, .badValue(key: key, found: text, expected: TypePattern.expected)) }
        return pattern
    }

    private func scalar(_ value: RulesDocument, key: String) throws(RulesError) -> String {
        guard case .scalar(let text, _) = value else { throw RulesError(path: path, at: value.place, .badValue(key: key, found: value.shape, expected: "one value")) }
        return text
    }

    /// One value or a list of them.
    private func list(_ value: RulesDocument, key: String) throws(RulesError) -> [(String, RulesDocument.Place)] {
        switch value {
        case .scalar(let text, let place): return [(text, place)]
        case .sequence(let items, _):
            var values: [(String, RulesDocument.Place)] = []
            for item in items { values.append((try scalar(item, key: key), item.place)) }
            return values
        case .mapping(_, let place):
            throw RulesError(path: path, at: place, .badValue(key: key, found: "a mapping", expected: "a pattern or a list of patterns"))
        }
    }

    static func isNull(_ text: String) -> Bool { text.isEmpty || text == "~" || text == "null" }
}
