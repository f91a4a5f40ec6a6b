/// One thing the runtime did, reported to the installed `GraphObserver`.
///
/// Events are plain values: the in-memory recorder keeps them, the trace file writes them, and
/// every output (text, JSON, pictures, diagnostics) is derived from them. Ids are the runtime's raw
/// ids until a snapshot renumbers them.
public enum GraphEvent: Sendable, Equatable {
    /// A component, module, holder, view component or router came to life.
    case created(NodeCreated)
    /// A builder started building a module for a holder.
    case builderStarted(BuilderStarted)
    /// A builder returned the module it built.
    case builderFinished(BuilderFinished)
    /// A module was added to a holder's modules, where module lookups can find it.
    case moduleAttached(ModuleAttachment)
    /// A module was removed from a holder's modules.
    case moduleDetached(ModuleAttachment)
    /// A router was set on a module.
    case routerAttached(RouterAttachment)
    /// A component looked a dependency up by name and type.
    case lookup(DependencyLookup)
    /// `shared { }` built a component's singleton of a type.
    case sharedCreated(SharedCreated)
    /// A holder looked a module or router up by key.
    case moduleLookup(ModuleLookup)
    /// An object was deinitialised.
    case released(Released)
    /// An app said two nodes are linked: "navigates to", "emits to", "configures"...
    case linked(Link)
}

/// What kind of thing a node is. Kinds are data: the runtime's own objects use the five constants
/// below; apps shaped differently register any kind they like through `GraphRecord`
/// ("service", "viewModel", "builder", ...), and pictures draw each kind in a style of its own.
public struct NodeKind: RawRepresentable, Hashable, Sendable, Codable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }

    public static let component: NodeKind = "component"
    public static let holder: NodeKind = "holder"
    public static let module: NodeKind = "module"
    public static let viewComponent: NodeKind = "viewComponent"
    public static let router: NodeKind = "router"

    /// The kinds the runtime's own classes report.
    public static let runtimeKinds: [NodeKind] = [.component, .holder, .module, .viewComponent, .router]

    /// Whether the runtime's own classes report this kind.
    public var isRuntimeKind: Bool { Self.runtimeKinds.contains(self) }

    public var description: String { rawValue }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

/// A provider a component declares: a property lookup can find.
public struct Provider: Sendable, Equatable, Hashable, Codable {
    /// The keys of its trace and snapshot fields, in the order written (`TraceLine` writes them too).
    enum CodingKeys: String, CodingKey { case name, type, form }

    /// The property's name, which is the name lookups ask for.
    public var name: String
    /// The module-qualified type of the property's value.
    public var type: String
    /// How the provider is declared.
    public var form: Form

    public enum Form: String, Sendable, Codable {
        /// A stored property: found by lookup.
        case stored
        /// A `@Lazy` property: found by lookup, built on first use.
        case lazy
        /// A Swift `lazy var`: invisible to lookup until something reads it directly.
        /// Reported so a miss can say why; use `@Lazy` instead.
        case lazyVar
        /// A computed property listed by `@Providers`: found by lookup, read through its getter.
        case computed
    }

    public init(name: String, type: String, form: Form) {
        self.name = name
        self.type = type
        self.form = form
    }
}

/// Payload of `GraphEvent.created`.
public struct NodeCreated: Sendable, Equatable, Codable {
    /// The keys of its trace and snapshot fields, in the order written (`TraceLine` writes them too).
    enum CodingKeys: String, CodingKey { case id, kind, type, key, parent, component, providers }

    public var id: ObjectID
    public var kind: NodeKind
    /// Module-qualified type name.
    public var type: String
    /// For modules and holders: their key.
    public var key: String?
    /// The node's parent in its own tree: a component's parent component, a module's or
    /// holder's holder, a view component's module, a router's view component.
    public var parent: ObjectID?
    /// For modules and holders: the component they were built with.
    public var component: ObjectID?
    /// For components: the providers they declare.
    public var providers: [Provider]?

    public init(
        id: ObjectID, kind: NodeKind, type: String, key: String? = nil, parent: ObjectID? = nil,
        component: ObjectID? = nil, providers: [Provider]? = nil
    ) {
        self.id = id
        self.kind = kind
        self.type = type
        self.key = key
        self.parent = parent
        self.component = component
        self.providers = providers
    }
}

/// Payload of `GraphEvent.builderStarted`.
public struct BuilderStarted: Sendable, Equatable, Codable {
    /// The keys of its trace and snapshot fields, in the order written (`TraceLine` writes them too).
    enum CodingKeys: String, CodingKey { case run, builder, parentComponent, holder, context }

    /// Pairs this start with its `BuilderFinished`; builds nest.
    public var run: ObjectID
    /// The builder's type.
    public var builder: String
    /// The component the builder was given as parent.
    public var parentComponent: ObjectID
    /// The holder the module is built for.
    public var holder: ObjectID
    /// The context's type, then its parents' types, innermost first.
    public var context: [String]

    public init(run: ObjectID, builder: String, parentComponent: ObjectID, holder: ObjectID, context: [String]) {
        self.run = run
        self.builder = builder
        self.parentComponent = parentComponent
        self.holder = holder
        self.context = context
    }
}

/// Payload of `GraphEvent.builderFinished`.
public struct BuilderFinished: Sendable, Equatable, Codable {
    /// The keys of its trace and snapshot fields, in the order written (`TraceLine` writes them too).
    enum CodingKeys: String, CodingKey { case run, module }

    public var run: ObjectID
    /// The module the builder returned.
    public var module: ObjectID

    public init(run: ObjectID, module: ObjectID) {
        self.run = run
        self.module = module
    }
}

/// Payload of `GraphEvent.moduleAttached` and `.moduleDetached`.
public struct ModuleAttachment: Sendable, Equatable, Codable {
    /// The keys of its trace and snapshot fields, in the order written (`TraceLine` writes them too).
    enum CodingKeys: String, CodingKey { case holder, module }

    public var holder: ObjectID
    public var module: ObjectID

    public init(holder: ObjectID, module: ObjectID) {
        self.holder = holder
        self.module = module
    }
}

/// Payload of `GraphEvent.routerAttached`.
public struct RouterAttachment: Sendable, Equatable, Codable {
    /// The keys of its trace and snapshot fields, in the order written (`TraceLine` writes them too).
    enum CodingKeys: String, CodingKey { case module, router }

    public var module: ObjectID
    public var router: ObjectID

    public init(module: ObjectID, router: ObjectID) {
        self.module = module
        self.router = router
    }
}

/// Where in the app's code a lookup was written, when the API could capture it.
public struct SourceLocation: Sendable, Equatable, Hashable, Codable, CustomStringConvertible {
    /// The keys of its trace and snapshot fields, in the order written (`TraceLine` writes them too).
    enum CodingKeys: String, CodingKey { case file, line }

    public var file: String
    public var line: Int

    public init(file: String, line: Int) {
        self.file = file
        self.line = line
    }

    public var description: String { "\(file):\(line)" }
}

/// Payload of `GraphEvent.lookup`: one dependency lookup, resolved or not.
public struct DependencyLookup: Sendable, Equatable, Codable {
    /// The keys of its trace and snapshot fields, in the order written (`TraceLine` writes them too).
    enum CodingKeys: String, CodingKey { case requester, name, type, walk, provider, cacheHit, location, repeats }

    /// The component the lookup was made on.
    public var requester: ObjectID
    /// The name asked for.
    public var name: String
    /// The type asked for.
    public var type: String
    /// The components visited, in order, starting with the requester. For a cache hit, just the
    /// requester.
    public var walk: [ObjectID]
    /// The component whose provider answered, or nil when the lookup failed.
    public var provider: ObjectID?
    /// Whether the answer came from the requester's cache.
    public var cacheHit: Bool
    /// Where the lookup was written, when known.
    public var location: SourceLocation?
    /// How many more identical cache hits followed, counted instead of recorded one by one
    /// (in-memory recordings only; absent means none).
    public var repeats: Int?

    public init(
        requester: ObjectID, name: String, type: String, walk: [ObjectID], provider: ObjectID?,
        cacheHit: Bool, location: SourceLocation? = nil, repeats: Int? = nil
    ) {
        self.repeats = repeats
        self.requester = requester
        self.name = name
        self.type = type
        self.walk = walk
        self.provider = provider
        self.cacheHit = cacheHit
        self.location = location
    }
}

/// Payload of `GraphEvent.sharedCreated`.
public struct SharedCreated: Sendable, Equatable, Codable {
    /// The keys of its trace and snapshot fields, in the order written (`TraceLine` writes them too).
    enum CodingKeys: String, CodingKey { case component, type }

    public var component: ObjectID
    public var type: String

    public init(component: ObjectID, type: String) {
        self.component = component
        self.type = type
    }
}

/// Payload of `GraphEvent.moduleLookup`: a module or router lookup by key through the holder tree.
public struct ModuleLookup: Sendable, Equatable, Codable {
    /// The keys of its trace and snapshot fields, in the order written (`TraceLine` writes them too).
    enum CodingKeys: String, CodingKey { case requester, key, target, walk, module, holder }

    public enum Target: String, Sendable, Codable {
        case module
        case router
    }

    /// The holder the lookup started at.
    public var requester: ObjectID
    public var key: String
    public var target: Target
    /// The holders whose modules were searched, in order, starting with the requester.
    public var walk: [ObjectID]
    /// The module found (for a router lookup, the module whose router answered), or nil.
    public var module: ObjectID?
    /// The holder that held it, or nil.
    public var holder: ObjectID?

    public init(
        requester: ObjectID, key: String, target: Target, walk: [ObjectID], module: ObjectID?,
        holder: ObjectID?
    ) {
        self.requester = requester
        self.key = key
        self.target = target
        self.walk = walk
        self.module = module
        self.holder = holder
    }
}

/// Payload of `GraphEvent.linked`: a named edge between two nodes, recorded with `GraphRecord.edge`.
public struct Link: Sendable, Equatable, Codable {
    /// The keys of its trace and snapshot fields, in the order written (`TraceLine` writes them too).
    enum CodingKeys: String, CodingKey { case from, to, kind, label }

    public var from: ObjectID
    public var to: ObjectID
    /// What the link is, e.g. "navigates to"; pictures draw each kind in a style of its own.
    public var kind: String
    /// A detail shown with it, e.g. the closure's name.
    public var label: String?

    public init(from: ObjectID, to: ObjectID, kind: String, label: String? = nil) {
        self.from = from
        self.to = to
        self.kind = kind
        self.label = label
    }
}

/// Payload of `GraphEvent.released`.
public struct Released: Sendable, Equatable, Codable {
    /// The keys of its trace and snapshot fields, in the order written (`TraceLine` writes them too).
    enum CodingKeys: String, CodingKey { case id }

    public var id: ObjectID

    public init(id: ObjectID) { self.id = id }
}
