import GraphInspect

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
    /// Which provided types answer a lookup asking for a type, both as the snapshot records them:
    /// for each type some lookup asks for, every type a provider of that name declares that
    /// answers it (itself, a subclass, a conforming type; `_`, unwritten, answers any). What
    /// `query impact` walks by when a provider is removed or moved; nil for a run, whose lookups
    /// compare types as recorded. Sorted, so the cache that keeps it is the same bytes each time.
    public var answering: [String: [String]]?

    /// Where the sources read a component's own provider as a property (`component.analytics`
    /// where its type declares `analytics`): no lookup while the declaration stands, one once it
    /// goes. Nil for a run.
    public var propertyReads: [PropertyRead]?

    /// One property read, on one component node.
    public struct PropertyRead: Sendable, Hashable, Codable {
        /// The component node read.
        public var node: ObjectID
        public var name: String
        /// The type the read expects, as lookups record theirs.
        public var type: String
        /// The module-qualified type the compiler gives the receiver, when the sources declare
        /// it (a component); nil when the value's own type decides.
        public var declared: String?
        public var position: SourcePosition

        public init(node: ObjectID, name: String, type: String, declared: String?, position: SourcePosition) {
            self.node = node
            self.name = name
            self.type = type
            self.declared = declared
            self.position = position
        }
    }

    /// The provider declarations whose getter or initializer may run code that reaches the graph
    /// (makes a component, looks up, calls the app's code): deleting one may change what runs,
    /// so `query impact` reads the sources again without it rather than walk the graph. Sorted;
    /// nil for a run.
    public var declarationsRunningCode: [SourcePosition]?

    /// Where each file that does not parse first stops (it is read as far as swift-syntax
    /// recovers it), sorted; nil for a run.
    public var syntaxErrors: [SourcePosition]?

    /// False when a component's own providers never answer its own lookups (needle's rule: the
    /// walk starts at the parent); nil or true when they do, as in this project's architecture.
    /// What `query impact` and the editor's quick fixes walk and declare by.
    public var ownProvidersAnswer: Bool?

    /// Component types the sources declare that no node of the graph is: nothing made in the
    /// sources is placed in a tree (`check` notes why where one is made), by module-qualified
    /// name. What `query` says when asked about one; nil for a run.
    public var unplacedComponents: [String: SourcePosition]?

    /// Whether a lookup's walk starts at the asking component itself.
    public var walkStartsAtRequester: Bool { ownProvidersAnswer != false }

    public init(lookups: [Int: SourcePosition] = [:], providers: [String: [String: SourcePosition]] = [:], types: [String: SourcePosition] = [:]) {
        self.lookups = lookups
        self.providers = providers
        self.types = types
    }
}
