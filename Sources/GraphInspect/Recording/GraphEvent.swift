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
    /// What was found holding a node alive after its owner let it go (`HolderSearch`), searched
    /// when the recording ends or a test judges its leaks.
    case held(HeldBy)
    /// The app marked a moment of its run (`GraphRecord.mark`): the end of its launch, say.
    case marked(RunMark)
    /// The recording ended: the process exiting normally. What is alive after a detach is
    /// judged against this time (`RetainedAfterDetach`); a run that died has none.
    case ended(RunEnded)
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

    /// The kind of a node of this kind's parent (`NodeCreated.parent`): a component's is a
    /// component, a module's or holder's a holder, a view component's a module, a router's a
    /// view component; "node" for kinds apps register.
    public var parentKind: NodeKind {
        switch self {
        case .component: .component
        case .holder, .module: .holder
        case .viewComponent: .module
        case .router: .viewComponent
        default: "node"
        }
    }

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
        /// A stored property holding a closure (a function type, or an Optional or tuple of one):
        /// invisible to lookup, because Swift's reflection hands such a value over at the wrong
        /// calling convention, and calling it gives garbage or crashes (swiftlang/swift#56720).
        /// Reported so a miss can say why; `@Providers` lists it and reads it through its getter.
        case storedClosure

        /// Whether a lookup can find a provider of this form.
        public var isFoundByLookup: Bool { self != .lazyVar && self != .storedClosure }
    }

    public init(name: String, type: String, form: Form) {
        self.name = name
        self.type = type
        self.form = form
    }
}
