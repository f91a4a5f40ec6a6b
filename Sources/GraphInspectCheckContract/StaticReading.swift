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

        public init(diagnostics: [StaticDiagnostic], summary: String, warnings: [String] = []) {
            self.diagnostics = diagnostics
            self.summary = summary
            self.warnings = warnings
        }
    }
}

/// The static reader `check` uses, installed by the `graphinspect-check` executable (which links
/// swift-syntax) before it parses its arguments. In `graphinspect` itself there is none, and
/// `check` hands its arguments to `graphinspect-check`, so graphinspect's own first build stays
/// free of swift-syntax.
public enum StaticReaderHook {
    /// Reads the sources under the given paths. Set once, at start-up, before any command runs.
    nonisolated(unsafe) public static var read: (@Sendable (_ paths: [String], _ cachePath: String?) throws -> StaticReading)?
    /// Reads them with one provider declaration deleted (or moved), as if a person had edited
    /// the text: what `query impact` compares with when the declaration runs code.
    nonisolated(unsafe) public static var readEdited: (@Sendable (_ paths: [String], _ cachePath: String?, _ edit: ProviderEdit) throws -> StaticReading)?
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
