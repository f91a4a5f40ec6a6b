/// The rules a rules file can state. Each raw value is the rule's id: its key in the file, the
/// `rule` of its findings, and the first word of its lines in a rules baseline.
public enum RuleKind: String, Sendable, CaseIterable, Comparable {
    /// A requester (by type or module pattern) resolving from a provider it may not use.
    case forbiddenLookup = "forbidden-lookup"
    /// A lookup answered more ancestors up than `limit`.
    case maxHops = "max-hops"
    /// A component or holder tree deeper than `limit`.
    case maxDepth = "max-depth"
    /// A holder holding more than `limit` modules at once.
    case maxChildren = "max-children"
    /// A provider answering lookups of more than `limit` component types.
    case maxFanIn = "max-fan-in"
    /// A component type whose lookups resolve to more than `limit` providers.
    case maxFanOut = "max-fan-out"
    /// A component providing a name and type that an ancestor also provides.
    case shadowing
    /// A provider nothing uses: statically, no lookup names it; in a run, none resolved from it.
    case unusedProvider = "unused-provider"
    /// A module without a router.
    case routerRequired = "router-required"
    /// A closure stored on a component, module or router that captures that object strongly.
    /// The reader finds these (a warning with no rules file); a rules file restates their
    /// severity (`RuleSet.restated`).
    case closureCycle = "closure-cycle"
    /// A span on the main thread (a builder's run, a construction, a lookup, a first-use build)
    /// longer than `limit` milliseconds. Only a run with times has spans.
    case maxMainThreadMilliseconds = "max-main-thread-ms"

    /// Whether the reader finds it, as a finding of its own a rules file only restates.
    public var isReaders: Bool { self == .closureCycle }

    /// Whether the rule is a number not to exceed (`limit:`).
    public var hasLimit: Bool { [.maxHops, .maxDepth, .maxChildren, .maxFanIn, .maxFanOut, .maxMainThreadMilliseconds].contains(self) }

    /// Whether the rule takes several entries (a list), each with its own patterns.
    public var takesEntries: Bool { self == .forbiddenLookup }

    /// The keys an entry of this rule may have, beside `severity`, `paths` and `types`.
    public var ownKeys: [String] {
        switch self {
        case .forbiddenLookup: ["requester", "provider", "name"]
        case .maxHops, .maxDepth, .maxChildren, .maxFanIn, .maxFanOut, .maxMainThreadMilliseconds: ["limit"]
        case .shadowing, .unusedProvider, .routerRequired, .closureCycle: []
        }
    }

    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
}

/// How a rule's findings count: an error fails the command (exit 1), a warning is reported, off
/// turns the rule off.
public enum RuleSeverity: String, Sendable, CaseIterable {
    case error, warning, off
}
