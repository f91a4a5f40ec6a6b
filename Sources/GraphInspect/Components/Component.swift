/// A node of the dependency graph: it declares providers as stored properties and finds the ones
/// it lacks by walking up its parents.
///
/// `component.analytics` looks `analytics` up by name and by the type the call site expects: in
/// this component, then its parent, and so on to the root. The first provider with that name and
/// type answers, and the requester caches it. A miss ends the process with the walk it made; use
/// `resolve(_:as:)` to get the miss as an error instead.
///
/// Providers are stored properties (any class between yours and `Component`) or `@Lazy`
/// properties. Computed properties are invisible to lookup. A component's providers are read once,
/// at the first lookup that reaches it, so declare them with `let`.
///
/// Thread-safe: lookups, caching and `shared` may run on many threads at once.
@dynamicMemberLookup
open class Component: @unchecked Sendable {
    /// The component lookups continue at when this one lacks a provider; nil for a root.
    public let parent: Component?
    /// This component's id in events.
    public let id: ObjectID
    /// The observer in force when this component was created; it receives all its events.
    let observer: (any GraphObserver)?
    /// Number of parents above this component; bounds every walk.
    let depth: Int

    private let state = Locked(State())
    private let sharedCells = Locked<[ObjectIdentifier: OnceCell]>([:])

    private struct State {
        var index: ProviderIndex?
        var cache: [CacheKey: CachedValue] = [:]
    }

    private struct CacheKey: Hashable {
        let name: String
        let type: ObjectIdentifier
    }

    private struct CachedValue {
        let value: Any
        let provider: ObjectID
    }

    /// Creates a component below `parent` (nil makes a root).
    public init(parent: Component?) {
        self.parent = parent
        depth = parent.map { $0.depth + 1 } ?? 0
        id = .next()
        observer = GraphObservation.current
        if let observer {
            parent?.announce(to: observer)
            observer.record(.created(createdEvent))
        }
    }

    deinit {
        observer?.record(.released(Released(id: id)))
    }

    /// Looks `name` up as a `T`, walking from this component to the root; ends the process with
    /// the walk when nothing provides it. Prefer `resolve(_:as:)` where a miss can be handled.
    public subscript<T>(dynamicMember name: String) -> T {
        switch lookUp(name, as: T.self, location: nil) {
        case .success(let value): return value
        case .failure(let missing): fatalError(missing.description)
        }
    }

    /// Looks `name` up as a `T`, walking from this component to the root.
    /// - Throws: `MissingDependency`, carrying every component walked and what each provides.
    public func resolve<T>(
        _ name: String, as type: T.Type = T.self, fileID: String = #fileID, line: Int = #line
    ) throws(MissingDependency) -> T {
        try lookUp(name, as: type, location: SourceLocation(file: fileID, line: line)).get()
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
        return cell.value(
            named: "shared \(T.self) in \(Swift.type(of: self))",
            build: make,
            built: { [observer, id] _ in
                observer?.record(.sharedCreated(SharedCreated(component: id, type: TypeName.of(T.self))))
            }
        )
    }

    /// The providers this component declares, in declaration order.
    public var providers: [Provider] { index.declared }

    private var index: ProviderIndex {
        if let index = state.withLock({ $0.index }) { return index }
        // Built outside the lock: Mirror may be slow, and a racing thread builds an equal index.
        let index = ProviderIndex(of: self)
        return state.withLock { state in
            if let existing = state.index { return existing }
            state.index = index
            return index
        }
    }

    /// The value this component itself provides under `name`, if it is a `T`.
    func provided<T>(_ name: String, as type: T.Type) -> T? {
        index.value(named: name, as: type)
    }

    private func lookUp<T>(_ name: String, as type: T.Type, location: SourceLocation?) -> Result<T, MissingDependency> {
        let key = CacheKey(name: name, type: ObjectIdentifier(type))
        if let cached = state.withLock({ $0.cache[key] }), let value = cached.value as? T {
            observer?.record(.lookup(DependencyLookup(
                requester: id, name: name, type: TypeName.of(type), walk: [id],
                provider: cached.provider, cacheHit: true, location: location
            )))
            return .success(value)
        }
        var walk: [ObjectID] = []
        walk.reserveCapacity(observer == nil ? 0 : depth + 1)
        var current: Component? = self
        while let component = current {
            if observer != nil { walk.append(component.id) }
            if let value = component.provided(name, as: type) {
                state.withLock { $0.cache[key] = CachedValue(value: value, provider: component.id) }
                observer?.record(.lookup(DependencyLookup(
                    requester: id, name: name, type: TypeName.of(type), walk: walk,
                    provider: component.id, cacheHit: false, location: location
                )))
                return .success(value)
            }
            current = component.parent
        }
        let missing = MissingDependency(name: name, type: TypeName.of(type), requester: self, location: location)
        observer?.record(.lookup(DependencyLookup(
            requester: id, name: name, type: missing.type, walk: missing.walk.map(\.id),
            provider: nil, cacheHit: false, location: location
        )))
        return .failure(missing)
    }
}

/// A component with no parent: the top of a dependency graph.
open class RootComponent: Component, @unchecked Sendable {
    public init() {
        super.init(parent: nil)
    }
}
