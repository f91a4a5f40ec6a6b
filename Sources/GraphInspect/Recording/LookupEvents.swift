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
    enum CodingKeys: String, CodingKey { case requester, name, type, walk, provider, cacheHit, location, repeats, time, duration, thread }

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
    /// When the lookup began, on `RecordingClock`: for a miss, so a report can say how long
    /// before it a provider of the name was released; for a walk, with `duration`, what it cost.
    /// Nil for cache hits (counted, not timed), and in traces written before it was recorded.
    public var time: UInt64?
    /// How long the walk took, in nanoseconds, the provider's getter, `@Lazy` or `shared { }`
    /// build included: what this lookup cost its caller. Nil with `time`, and for misses.
    public var duration: UInt64?
    /// The thread it ran on (`RecordingThread`), with `time`.
    public var thread: UInt32?

    public init(
        requester: ObjectID, name: String, type: String, walk: [ObjectID], provider: ObjectID?,
        cacheHit: Bool, location: SourceLocation? = nil, repeats: Int? = nil, time: UInt64? = nil,
        duration: UInt64? = nil, thread: UInt32? = nil
    ) {
        self.duration = duration
        self.thread = thread
        self.repeats = repeats
        self.time = time
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
    enum CodingKeys: String, CodingKey { case component, type, form, name, time, duration, thread }

    /// How a provider made on first use is declared.
    public enum Form: String, Sendable, Codable {
        /// Built by `shared { }` (in a getter, usually): one per type per component.
        case shared
        /// A `@Lazy` property, built by its first lookup or direct read.
        case lazy
    }

    /// The component that keeps it.
    public var component: ObjectID
    /// The type built.
    public var type: String
    /// How it is declared; nil (in traces written before it was recorded) is `shared`.
    public var form: Form?
    /// For `@Lazy`: the property's name (a `shared { }` call does not know the name it serves;
    /// the lookup that made it, on the same thread around it, does).
    public var name: String?
    /// When the build began, on `RecordingClock`; nil in traces written before it was recorded.
    public var time: UInt64?
    /// How long the build took, in nanoseconds.
    public var duration: UInt64?
    /// The thread it was built on (`RecordingThread`).
    public var thread: UInt32?

    public init(
        component: ObjectID, type: String, form: Form? = nil, name: String? = nil,
        time: UInt64? = nil, duration: UInt64? = nil, thread: UInt32? = nil
    ) {
        self.component = component
        self.type = type
        self.form = form
        self.name = name
        self.time = time
        self.duration = duration
        self.thread = thread
    }
}

/// Payload of `GraphEvent.moduleLookup`: a module or router lookup by key through the holder tree.
public struct ModuleLookup: Sendable, Equatable, Codable {
    /// The keys of its trace and snapshot fields, in the order written (`TraceLine` writes them too).
    enum CodingKeys: String, CodingKey { case requester, key, target, walk, module, holder, time, duration, thread }

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
    /// When the search began, on `RecordingClock`; nil in traces written before it was recorded.
    public var time: UInt64?
    /// How long the search took, in nanoseconds.
    public var duration: UInt64?
    /// The thread it ran on (`RecordingThread`).
    public var thread: UInt32?

    public init(
        requester: ObjectID, key: String, target: Target, walk: [ObjectID], module: ObjectID?,
        holder: ObjectID?, time: UInt64? = nil, duration: UInt64? = nil, thread: UInt32? = nil
    ) {
        self.time = time
        self.duration = duration
        self.thread = thread
        self.requester = requester
        self.key = key
        self.target = target
        self.walk = walk
        self.module = module
        self.holder = holder
    }
}
