import CGraphInspectAtomics

/// A node of the dependency graph: it declares providers as stored properties and finds the ones
/// it lacks by walking up its parents.
///
/// `component.analytics` looks `analytics` up by name and by the type the call site expects: in
/// this component, then its parent, and so on to the root. The first provider with that name and
/// type answers, and the requester caches it. A miss ends the process with the walk it made; use
/// `resolve(_:as:)` to get the miss as an error instead.
///
/// Providers are stored properties (any class between yours and `Component`), `@Lazy` properties,
/// and computed properties of classes marked `@Providers` (GraphInspectMacros), which lists them at
/// compile time; without it computed properties are invisible to lookup. A component's providers are read once,
/// when `Component.init` runs (after your stored properties are set, before your `init` body goes
/// on), so set them before calling `super.init` and declare them with `let`.
///
/// Thread-safe: lookups, caching and `shared` may run on many threads at once. Not declared
/// `Sendable`: Swift 6 would then make every subclass restate `@unchecked Sendable`, which the
/// article's components do not. Mark your own final components `@unchecked Sendable` to share them
/// across isolation domains.
@dynamicMemberLookup
open class Component {
    /// The component lookups continue at when this one lacks a provider; nil for a root.
    ///
    /// The one given to `init`. Subclasses may override it (the article declares it as a protocol
    /// requirement); a chain that then loops is detected by every walk and named in the error.
    open var parent: Component? { initialParent }
    /// The parent given to `init`: what events record and reports draw the tree from.
    let initialParent: Component?
    /// This component's id in events.
    public let id: ObjectID
    /// The observer in force when this component was created; it receives all its events.
    let observer: (any GraphObserver)?
    /// Where cache hits go when `observer` is one of the library's: called with no reference
    /// count change (a call through `observer` retains and releases it around each hit).
    private let hitEntry: CacheHitEntry?

    /// This component's providers, read with `Mirror` once, at the end of `init`: before any other
    /// thread can see the component, so later reads need no lock and never race with it.
    private var index = ProviderIndex.empty
    /// What this component resolved, read without locks (see `LookupCache`).
    private let cache = LookupCache<CachedValue>()
    private let sharedCells = Locked<[ObjectIdentifier: OnceCell]>([:])

    /// What the cache keeps for one (name, type): the value, who provided it, and the event of
    /// its first cache hit per call site, which repeated hits are counted against.
    ///
    /// The value sits in raw memory as a `T` (the cache is keyed by T's identity, so the reader
    /// knows it). Not a generic class: a hit in unspecialised code would then look up the class's
    /// metadata in the runtime's shared cache on every call, which serialised threads.
    private final class CachedValue: @unchecked Sendable {
        let provider: ObjectID
        /// One `CacheHit` per call site that hit this entry (most entries see one or two).
        let hits = Locked<[(location: SourceLocation?, hit: CacheHit)]>([])
        /// The hit reported last (unretained; `hits` keeps it): a repeat from the same call site
        /// finds it without the lock.
        let recentHit: UnsafeMutablePointer<UnsafeRawPointer?>
        /// The value, initialised as a `T`.
        let storage: UnsafeMutableRawPointer
        private let destroy: (UnsafeMutableRawPointer) -> Void

        init<T>(_ value: T, provider: ObjectID) {
            self.provider = provider
            recentHit = .allocate(capacity: 1)
            recentHit.initialize(to: nil)
            storage = .allocate(byteCount: max(1, MemoryLayout<T>.size), alignment: MemoryLayout<T>.alignment)
            storage.initializeMemory(as: T.self, repeating: value, count: 1)
            destroy = { $0.assumingMemoryBound(to: T.self).deinitialize(count: 1) }
        }

        deinit {
            destroy(storage)
            storage.deallocate()
            recentHit.deallocate()
        }
    }

    /// Creates a component below `parent` (nil makes a root).
    public init(parent: Component?) {
        initialParent = parent
        id = .next()
        observer = GraphObservation.current
        hitEntry = observer.flatMap(CacheHitEntry.init)
        index = ProviderIndex(of: self)
        if let observer { index.adoptLazyProviders(component: id, observer: observer) }
        Registries.components.add(id, LiveComponent(type: type(of: self), address: UInt(bitPattern: Unmanaged.passUnretained(self).toOpaque()), parent: parent?.id, providers: index.declared))
        if let observer {
            parent?.announce(to: observer)
            var created = createdEvent
            (created.time, created.thread) = RecordingClock.stampWithThread()
            observer.record(.created(created))
        }
    }

    deinit {
        let time = RecordingClock.stamp()
        Registries.release(id, time: time)
        ModuleTreeTracking.unregister(self, id: id, creationObserver: observer)
        observer?.record(.released(Released(id: id, time: time)))
    }

    /// Looks `name` up as a `T`, walking from this component to the root; ends the process with
    /// the walk when nothing provides it, and the lookup's file and line read from the stack
    /// (`LookupCallSite`). Prefer `resolve(_:as:)` where a miss can be handled.
    public subscript<T>(dynamicMember name: String) -> T {
        if let entry = cache.entry(name, ObjectIdentifier(T.self)) { return hitValue(entry, name, as: T.self, location: nil) }
        return lookUpOrDie(name, as: T.self)
    }

    /// The dynamic-member lookup's miss path, out of line like `resolveByWalking`.
    @inline(never)
    private func lookUpOrDie<T>(_ name: String, as type: T.Type) -> T {
        switch walkUp(name, as: type, location: nil) {
        case .success(let value): return value
        case .failure(let missing):
            // The report goes out first, whole; the failed lookup is already in any trace, which
            // is cut to its written length (no NUL padding) since the process is about to end.
            Termination.flushAppOutput()
            StandardError.write(missing.report(style: .forStandardError) + "\n")
            ModuleTreeTracking.sync()
            (observer as? TraceFileWriter)?.finish()
            TraceFileWriter.fromEnvironment?.finish()
            Termination.end(
                report: missing.report(style: .plain),
                message: "graphinspect: missing dependency `\(name): \(ShortTypeName.of(missing.request.type))`, reported above"
            )
        }
    }

    /// Looks `name` up as a `T`, walking from this component to the root.
    /// - Throws: `MissingDependency`, carrying every component walked and what each provides.
    public func resolve<T>(
        _ name: String, as type: T.Type = T.self, fileID: String = #fileID, line: Int = #line
    ) throws(MissingDependency) -> T {
        let location = SourceLocation(file: fileID, line: line)
        if let entry = cache.entry(name, ObjectIdentifier(type)) { return hitValue(entry, name, as: type, location: location) }
        return try resolveByWalking(name, as: type, location: location)
    }

    /// The instance of `T` this component keeps, built by `make` on first use.
    ///
    /// Keyed by the type's identity, so two types with the same name in different modules do not
    /// collide. Concurrent first calls build once; the others wait and get the same instance.
    public func shared<T>(_ make: () -> T) -> T {
        let key = ObjectIdentifier(T.self)
        let cell = sharedCells.withLock { cells in
            if let cell = cells[key] { return cell }
            let cell = OnceCell()
            cells[key] = cell
            return cell
        }
        // Timed only when recorded: the clock is read around the build, never on a later call.
        var started: UInt64?
        return cell.value(
            named: "shared \(T.self) in \(Swift.type(of: self))",
            build: {
                if observer != nil { started = RecordingClock.stamp() }
                return make()
            },
            built: { [observer, id] _ in
                observer?.record(.sharedCreated(SharedCreated(
                    component: id, type: TypeName.of(T.self), form: .shared, time: started,
                    duration: RecordingClock.elapsed(since: started), thread: started.map { _ in RecordingThread.current }
                )))
            }
        )
    }

    /// A lookup that neither reads nor fills the cache: what the first lookup of a name costs. For
    /// the benchmark (`@_spi(Benchmarks) import GraphInspect`).
    @_spi(Benchmarks)
    public func uncachedLookup<T>(_ name: String, as type: T.Type) -> T? {
        var current: Component? = self
        while let component = current {
            if let value = component.provided(name, as: type) { return value }
            current = component.parent
        }
        return nil
    }

    /// The providers this component declares, in declaration order.
    public var providers: [Provider] { index.declared }

    /// The value this component itself provides under `name`, if it is a `T`.
    func provided<T>(_ name: String, as type: T.Type) -> T? {
        index.value(named: name, as: type, of: self)
    }

    /// The value of a cache hit; reports it. Touches no generic type's metadata (not even
    /// `Optional<T>`; only T's, which the caller passes), so threads hitting at once share no
    /// runtime lock.
    @inline(__always)
    private func hitValue<T>(_ entry: Unmanaged<CachedValue>, _ name: String, as type: T.Type, location: SourceLocation?) -> T {
        entry._withUnsafeGuaranteedRef { cached in
            if observer != nil { reportCacheHit(cached, name: name, type: type, location: location) }
            // Stored under T's identity as a T: reading it as one is exact.
            return cached.storage.assumingMemoryBound(to: T.self).pointee
        }
    }

    /// `resolve`'s miss path, out of line: its `Result<T, _>` needs that generic type's metadata,
    /// which the hit path must not look up.
    @inline(never)
    private func resolveByWalking<T>(_ name: String, as type: T.Type, location: SourceLocation?) throws(MissingDependency) -> T {
        try walkUp(name, as: type, location: location).get()
    }

    /// The walk from this component to the root; caches and reports what it finds.
    private func walkUp<T>(_ name: String, as type: T.Type, location: SourceLocation?) -> Result<T, MissingDependency> {
        let typeID = ObjectIdentifier(type)
        var walk: [ObjectID] = []
        var current: Component? = self
        var steps = 0
        var seen: Set<ObjectIdentifier> = []
        let started = observer == nil ? nil : RecordingClock.stamp()
        while let component = current {
            steps += 1
            // Chains are short and cannot loop unless `parent` is overridden; only a long walk
            // pays for loop detection. The failure path below names the loop exactly.
            if steps > Self.unguardedSteps, !seen.insert(ObjectIdentifier(component)).inserted { break }
            if observer != nil { walk.append(component.id) }
            if let value = component.provided(name, as: type) {
                cache.insert(name, typeID, CachedValue(value, provider: component.id))
                observer?.record(.lookup(DependencyLookup(
                    requester: id, name: name, type: TypeName.of(type), walk: walk,
                    provider: component.id, cacheHit: false, location: location,
                    time: started, duration: RecordingClock.elapsed(since: started), thread: started.map { _ in RecordingThread.current }
                )))
                return .success(value)
            }
            current = component.parent
        }
        let chain = ParentWalk(from: self)
        var walkIDs = chain.components.map(\.id)
        if let loop = chain.loopsBackTo { walkIDs.append(loop.id) }
        let time = started ?? RecordingClock.stamp()
        // Only `component.name` comes without its call site (`resolve` passes one), and its miss
        // ends the process: the stack says where it was written.
        let location = location ?? LookupCallSite.ofMiss()
        observer?.record(.lookup(DependencyLookup(
            requester: id, name: name, type: TypeName.of(type), walk: walkIDs,
            provider: nil, cacheHit: false, location: location, time: time,
            thread: observer == nil || !RecordingClock.isRead ? nil : RecordingThread.current
        )))
        return .failure(MissingDependency(
            request: .init(name: name, type: TypeName.of(type), requester: id, location: location, time: time),
            walk: walkIDs, tree: .live()
        ))
    }

    /// Reports a cache hit. Hits of one entry from one call site share a `CacheHit`, made on the
    /// first, so observers can count repeats by its identity instead of storing each.
    private func reportCacheHit<T>(_ cached: CachedValue, name: String, type: T.Type, location: SourceLocation?) {
        if let recent = graphinspect_load_acquire(cached.recentHit) {
            let reported = Unmanaged<CacheHit>.fromOpaque(recent)._withUnsafeGuaranteedRef { hit in
                guard hit.lookup.location == location else { return false }
                send(hit)
                return true
            }
            if reported { return }
        }
        let hit = cached.hits.withLock { hits in
            if let known = hits.first(where: { $0.location == location }) { return known.hit }
            let made = CacheHit(lookup: DependencyLookup(
                requester: id, name: name, type: TypeName.of(type), walk: [id], provider: cached.provider, cacheHit: true, location: location
            ))
            hits.append((location, made))
            return made
        }
        graphinspect_store_release(cached.recentHit, UnsafeRawPointer(Unmanaged.passUnretained(hit).toOpaque()))
        send(hit)
    }

    @inline(__always)
    private func send(_ hit: CacheHit) {
        if let hitEntry {
            hitEntry.send(hit)
        } else {
            observer.unsafelyUnwrapped.recordCacheHit(hit)
        }
    }

    /// Steps a lookup walks before it starts checking for a loop.
    private static let unguardedSteps = 256
}
