/// Where a static reading found the things its snapshot names, so a finding about the graph can
/// point at the line a person would change: a lookup's call, a provider's declaration, a type's
/// declaration. A run knows none of these beyond the lookups' own `location`, so its findings
/// carry a place only where the runtime captured one.
public struct SourcePlaces: Sendable, Equatable, Codable {
    /// Each lookup event of the snapshot, by its index in `GraphSnapshot.events`.
    public var lookups: [Int: SourcePosition] = [:]
    /// Each provider's declaration: by module-qualified component type, then name.
    public var providers: [String: [String: SourcePosition]] = [:]
    /// Each type's declaration, by module-qualified name.
    public var types: [String: SourcePosition] = [:]
    /// Every name the sources read as a member (`x.name`), anywhere: a provider read so is used
    /// though no lookup names it. Nil for a run.
    public var memberReads: Set<String>?

    public init(lookups: [Int: SourcePosition] = [:], providers: [String: [String: SourcePosition]] = [:], types: [String: SourcePosition] = [:]) {
        self.lookups = lookups
        self.providers = providers
        self.types = types
    }
}
