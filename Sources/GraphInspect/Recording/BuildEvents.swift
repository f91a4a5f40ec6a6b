/// Payload of `GraphEvent.created`.
public struct NodeCreated: Sendable, Equatable, Codable {
    /// The keys of its trace and snapshot fields, in the order written (`TraceLine` writes them too).
    enum CodingKeys: String, CodingKey { case id, kind, type, key, parent, component, providers, time, thread }

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
    /// For a component reported as it is made: when, on `RecordingClock`. That moment is the end
    /// of its construction (its stored providers are set before `Component.init` runs). Nil for
    /// other nodes, for components announced later, and in traces written before it was recorded.
    public var time: UInt64?
    /// The thread it was made on (`RecordingThread`), with `time`.
    public var thread: UInt32?

    public init(
        id: ObjectID, kind: NodeKind, type: String, key: String? = nil, parent: ObjectID? = nil,
        component: ObjectID? = nil, providers: [Provider]? = nil, time: UInt64? = nil, thread: UInt32? = nil
    ) {
        self.time = time
        self.thread = thread
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
    enum CodingKeys: String, CodingKey { case run, builder, parentComponent, holder, context, location, time, thread }

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
    /// Where the `attach(builder)` that ran it is written; nil in traces written before it was recorded.
    public var location: SourceLocation?
    /// When the run began, on `RecordingClock`; nil in traces written before it was recorded.
    public var time: UInt64?
    /// The thread the builder ran on (`RecordingThread`).
    public var thread: UInt32?

    public init(
        run: ObjectID, builder: String, parentComponent: ObjectID, holder: ObjectID, context: [String],
        location: SourceLocation? = nil, time: UInt64? = nil, thread: UInt32? = nil
    ) {
        self.location = location
        self.time = time
        self.thread = thread
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
    enum CodingKeys: String, CodingKey { case run, module, time }

    public var run: ObjectID
    /// The module the builder returned.
    public var module: ObjectID
    /// When the builder returned, on `RecordingClock`; nil in traces written before it was recorded.
    public var time: UInt64?

    public init(run: ObjectID, module: ObjectID, time: UInt64? = nil) {
        self.time = time
        self.run = run
        self.module = module
    }
}

/// Payload of `GraphEvent.moduleAttached` and `.moduleDetached`.
public struct ModuleAttachment: Sendable, Equatable, Codable {
    /// The keys of its trace and snapshot fields, in the order written (`TraceLine` writes them too).
    enum CodingKeys: String, CodingKey { case holder, module, time, thread }

    public var holder: ObjectID
    public var module: ObjectID
    /// When, on `RecordingClock` (nanoseconds on the system's monotonic clock). Nil in traces
    /// written before it was recorded, and for attaches found by a later scan of an app's own
    /// holder (not when they happened).
    public var time: UInt64?
    /// The thread it happened on (`RecordingThread`), for attaches and detaches the library's
    /// holders report as they happen.
    public var thread: UInt32?

    public init(holder: ObjectID, module: ObjectID, time: UInt64? = nil, thread: UInt32? = nil) {
        self.thread = thread
        self.holder = holder
        self.module = module
        self.time = time
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
    enum CodingKeys: String, CodingKey { case id, time }

    public var id: ObjectID
    /// When, on `RecordingClock` (nanoseconds into the run); nil in traces written before it was
    /// recorded.
    public var time: UInt64?

    public init(id: ObjectID, time: UInt64? = nil) {
        self.id = id
        self.time = time
    }
}

/// Payload of `GraphEvent.ended`: the process exited, or graphinspect is about to end it.
public struct RunEnded: Sendable, Equatable, Codable {
    /// The keys of its trace and snapshot fields, in the order written (`TraceLine` writes them too).
    enum CodingKeys: String, CodingKey { case time, status, report }

    /// When, on `RecordingClock`.
    public var time: UInt64
    /// The exit status the process exited with, where the system tells it at exit (Linux's
    /// `on_exit`); nil elsewhere, and when graphinspect ended the process.
    public var status: Int32?
    /// graphinspect's report when graphinspect itself ends the process (a missing dependency, a
    /// dependency cycle): recorded just before it does, as the run's last event.
    public var report: String?

    public init(time: UInt64, status: Int32? = nil, report: String? = nil) {
        self.time = time
        self.status = status
        self.report = report
    }
}

/// Payload of `GraphEvent.held`: what holds a node that was alive after its owner let it go.
///
/// Searched in the app, among the live objects the library knows (components, modules, holders,
/// routers and view components): the first, in id order, whose stored properties reach the node,
/// through optionals, arrays, dictionaries, sets and nested values (`HolderSearch`). `holder`
/// nil: searched, and none of them holds it; what does is outside them (a global, a closure,
/// another object).
public struct HeldBy: Sendable, Equatable, Codable {
    /// The keys of its trace and snapshot fields, in the order written (`TraceLine` writes them too).
    enum CodingKeys: String, CodingKey { case id, holder, path }

    /// The node held.
    public var id: ObjectID
    /// The known object holding it; nil when none does.
    public var holder: ObjectID?
    /// Where in `holder`: `.lastScreen`, `.screens[2]`, `.byKey["a"]`, `.state.current`.
    public var path: String?

    public init(id: ObjectID, holder: ObjectID? = nil, path: String? = nil) {
        self.id = id
        self.holder = holder
        self.path = path
    }
}
