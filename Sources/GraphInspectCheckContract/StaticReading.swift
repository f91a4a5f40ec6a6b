import Foundation
import GraphInspect

/// What `check` gets from reading an app's sources: the static graph as a snapshot (so every
/// writer draws it), the findings at source positions, the facts a run is held against, and the
/// summary line.
public struct StaticReading: Sendable {
    public var snapshot: GraphSnapshot
    public var diagnostics: [StaticDiagnostic]
    public var facts: GraphFacts
    public var summary: String
    /// Lines about the reading itself (a cache ignored or not written), for standard error.
    public var warnings: [String]
    /// Where the snapshot's lookups, providers and types are written (for `check --rules`).
    public var places: SourcePlaces
    /// What the rules the reading was held to counted (`hold(to:)`); nil when it was held to none.
    public var rules: RulesTally?

    public init(snapshot: GraphSnapshot, diagnostics: [StaticDiagnostic], facts: GraphFacts, summary: String, warnings: [String] = [], places: SourcePlaces = SourcePlaces()) {
        self.snapshot = snapshot
        self.places = places
        self.diagnostics = diagnostics
        self.facts = facts
        self.summary = summary
        self.warnings = warnings
    }

    /// The findings alone, as the build plugin prints them.
    public struct Findings: Sendable, Equatable {
        public var diagnostics: [StaticDiagnostic]
        public var summary: String
        public var warnings: [String]
        /// What the rules counted, as `StaticReading.rules`.
        public var rules: RulesTally?

        public init(diagnostics: [StaticDiagnostic], summary: String, warnings: [String] = [], rules: RulesTally? = nil) {
            self.diagnostics = diagnostics
            self.summary = summary
            self.warnings = warnings
            self.rules = rules
        }
    }
}

/// What `check` and `query` ask the static reader: the sources, the cache, the rules to hold the
/// reading to, and a provider declaration to delete or move first. The contract's side of the
/// reader's own request (`StaticCheck.Request`), built without swift-syntax.
public struct StaticReadingRequest: Sendable {
    /// Swift files or folders.
    public var paths: [String]
    /// `--cache-path`; nil for none.
    public var cachePath: String?
    /// The rules held against the reading, their findings kept in the cache with it; nil for none.
    public var rules: ReadingRules?
    /// A provider declaration deleted (or moved) before reading, as if a person had edited the
    /// text: what `query impact` compares with when the declaration runs code.
    public var edit: ProviderEdit?

    public init(paths: [String], cachePath: String? = nil, rules: ReadingRules? = nil, edit: ProviderEdit? = nil) {
        self.paths = paths
        self.cachePath = cachePath
        self.rules = rules
        self.edit = edit
    }
}

/// The static reader `check` and `query` use, installed by the `graphinspect-check` executable
/// (which links swift-syntax) before it parses its arguments. In `graphinspect` itself there is
/// none, and `check` hands its arguments to `graphinspect-check`, so graphinspect's own first
/// build stays free of swift-syntax.
public enum StaticReaderHook {
    /// Reads the sources as asked. Set once, at start-up, before any command runs.
    nonisolated(unsafe) public static var read: (@Sendable (StaticReadingRequest) throws -> StaticReading)?
}

/// A provider's declaration deleted from the sources, or moved into another type's declaration.
public struct ProviderEdit: Sendable, Hashable {
    /// Where the provider is declared (`SourcePlaces.providers`).
    public var declaration: SourcePosition
    /// For a move: where the type it moves into is declared (`SourcePlaces.types`).
    public var into: SourcePosition?

    public init(declaration: SourcePosition, into: SourcePosition? = nil) {
        self.declaration = declaration
        self.into = into
    }
}
