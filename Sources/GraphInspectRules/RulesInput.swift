import GraphInspect
import GraphInspectCheckContract

/// The graph a rules file is held against: a snapshot, from a reading of the sources (`check`)
/// or from a run (`dump`, `why`), with where its parts are written when that is known.
public struct RulesInput: Sendable {
    public enum Origin: Sendable, Equatable {
        /// The sources, read: every lookup the code can make. A provider is unused when no lookup
        /// anywhere names it.
        case sources
        /// A run: what the app did. A provider is unused when no lookup resolved from it.
        case run
    }

    public var snapshot: GraphSnapshot
    public var places: SourcePlaces
    public var origin: Origin

    public init(snapshot: GraphSnapshot, places: SourcePlaces = SourcePlaces(), origin: Origin) {
        self.snapshot = snapshot
        self.places = places
        self.origin = origin
    }
}
