/// One timed piece of a recorded run, in the graph's terms: a builder's run, a component's
/// construction, a lookup's walk, a provider built on first use, a module or router lookup.
///
/// Made from a recording's events by `RunSpans`; times are nanoseconds from the run's first timed
/// event, so two runs of one app read alike.
public struct ProfileSpan: Sendable, Equatable, Codable {
    /// What the span timed.
    public enum Kind: String, Sendable, Codable, CaseIterable {
        /// A builder's `build` inside `attach(builder)`: `builderStarted` to `builderFinished`.
        case builder
        /// A component made inside a builder's run: from the thread's previous event in that run
        /// to its `created` (its stored providers' initialisers run in that gap).
        case construction
        /// A dependency lookup that walked (cache hits are counted, not timed).
        case lookup
        /// A provider built on first use: `shared { }` or `@Lazy`.
        case firstUse
        /// A module or router lookup through the holder tree.
        case moduleLookup

        /// As reports name it: "builder run", "first use".
        public var words: String {
            switch self {
            case .builder: "builder run"
            case .construction: "construction"
            case .lookup: "lookup"
            case .firstUse: "first use"
            case .moduleLookup: "module lookup"
            }
        }
    }

    /// Its place in `RunSpans.spans`: ordered by start, then longest first, then as recorded.
    public var index: Int
    public var kind: Kind
    /// What a person reads: `HomeBuilder builds HomeModule "home" #6`, `analytics: Analytics`.
    public var label: String
    /// What spans of one kind are summed by: the builder's or component's type, a provider's
    /// `Component.name`.
    public var group: String
    /// The module-qualified type it is about, as rules' `types:` patterns match: the builder's,
    /// the component's made, the requester's of a lookup, the keeper's of a first-use provider.
    public var type: String
    /// Nanoseconds from the run's first timed event.
    public var start: UInt64
    public var duration: UInt64
    /// The time spent in it and not in a span nested in it.
    public var ownTime: UInt64
    /// `RecordingThread`'s number: 1 is the main thread.
    public var thread: UInt32
    /// The innermost span on the same thread that encloses it.
    public var parent: Int?
    /// The node it is about: the module a builder built, the component constructed, the
    /// component or holder that looked up, the component keeping a first-use provider.
    public var node: ObjectID?
    /// `node`'s type, without its module.
    public var nodeType: String?
    /// For a lookup: the component that answered.
    public var provider: ObjectID?
    /// For a lookup or a first-use build: the provider's name, where known.
    public var name: String?
    /// Where the lookup was written, when known; for a first-use build, its lookup's.
    public var location: SourceLocation?
    /// The index in the snapshot's events of the event it was made from (the end of a builder's run).
    public var event: Int

    /// Nanoseconds from the run's first timed event to its end.
    public var end: UInt64 { start &+ duration }
}
