/// Module and router lookups on any holder, recorded: by `ModuleKey`, by the app's own key enum
/// (leading-dot syntax works where the module's type is known: `holder.module(for: .settings) as
/// SettingsModule?`, `holder.router(for: .settings, moduleType: SettingsModule.self)`), or by name
/// (`holder.settings`).
extension ModuleHolder {
    /// `holder.settings`: the module with key "settings", searching like `module(for:as:)`.
    public subscript<T>(dynamicMember key: String) -> T? {
        lookUp(key, target: .module) as? T
    }

    /// The module with `key` if it is a `T`, searching this holder, then each holder above.
    public func module<T>(for key: ModuleKey, as type: T.Type = T.self) -> T? {
        lookUp(key.rawValue, target: .module) as? T
    }

    /// The module with `key`, an app's own key (`SupportedModules.settings`), if it is a `T`.
    public func module<T, Key: RawRepresentable>(for key: Key, as type: T.Type = T.self) -> T?
    where Key.RawValue == String {
        lookUp(key.rawValue, target: .module) as? T
    }

    /// The module of type `M` with `key`, written with a leading dot in `M`'s key type
    /// (`let settings: SettingsModule? = holder.module(for: .settings)`).
    @_disfavoredOverload
    public func module<M: Module>(for key: M.Key, as type: M.Type = M.self) -> M? {
        lookUp(key.rawValue, target: .module) as? M
    }

    /// The router of the module with `key` if it is a `T`, searching like `module(for:as:)`.
    public func router<T>(for key: ModuleKey, as type: T.Type = T.self) -> T? {
        routerOf(lookUp(key.rawValue, target: .router)) as? T
    }

    /// The router of the module with `key`, an app's own key, if it is a `T`.
    public func router<T, Key: RawRepresentable>(for key: Key, as type: T.Type = T.self) -> T?
    where Key.RawValue == String {
        routerOf(lookUp(key.rawValue, target: .router)) as? T
    }

    /// The article's call: the router of the module of type `M` with `key`, a leading-dot key of `M`'s
    /// key type (`holder.router(for: .settings, moduleType: SettingsModule.self)`).
    public func router<T, M: Module>(for key: M.Key, moduleType: M.Type) -> T? {
        routerOf(lookUp(key.rawValue, target: .router)) as? T
    }

    /// Finds the module with `key`, searching this holder, then each holder above, to the root.
    /// - Throws: `MissingModule`, listing every holder searched and the keys it held.
    public func findModule(_ key: ModuleKey, target: ModuleLookup.Target = .module) throws(MissingModule) -> (module: any Module, holder: any ModuleHolder) {
        try ModuleSearch(from: self, key: key.rawValue, target: target).run()
    }

    private func lookUp(_ key: String, target: ModuleLookup.Target) -> (any Module)? {
        try? ModuleSearch(from: self, key: key, target: target).run().module
    }

    private func routerOf(_ module: (any Module)?) -> Any? {
        guard let module else { return nil }
        return module.router as Any?
    }
}

/// One module lookup: the walk from a holder up to the root, recorded.
struct ModuleSearch {
    let start: any ModuleHolder
    let key: String
    let target: ModuleLookup.Target

    init(from start: any ModuleHolder, key: String, target: ModuleLookup.Target) {
        self.start = start
        self.key = key
        self.target = target
    }

    /// The walk over a chain of library holders with nothing to record: node to node, with no
    /// dynamic cast or weak load per step. Nil when it finds nothing or meets an app's own holder;
    /// the general walk then runs (and reports a miss).
    private static func walkLibraryHolders(from start: ModuleHolderObject, key: HeldKey) -> (module: any Module, holder: any ModuleHolder)? {
        guard let (found, node) = start.node.moduleAbove(key) else { return nil }
        // The node is alive: the start's node keeps every node above it.
        guard let holder = node._withUnsafeGuaranteedRef({ $0.holder }) else { return nil }
        return (found.module, holder)
    }

    /// What a library holder's unrecorded lookup finds: the module alone (no holder to retain),
    /// with the module's `ModuleObject` self when it is one. Nil when something observes the
    /// holder or the walk finds nothing; the general search then runs.
    @inline(__always)
    static func unobservedModule(from start: ModuleHolderObject, key: String) -> HolderNode.Found? {
        guard start.observer == nil else { return nil }
        return start.node.moduleAbove(HeldKey(key))?.found
    }

    /// The module `holder` holds under `key`. A library holder is searched in place, under its
    /// lock; an app's own through its `supportedModules`.
    @inline(__always)
    private static func module(keyed key: HeldKey, in holder: any ModuleHolder) -> (any Module)? {
        if let object = holder as? ModuleHolderObject {
            if case .found(let found) = object.node.step(key) { return found.module }
            return nil
        }
        return holder.supportedModules.first { $0.keyName == key.name }
    }

    /// Steps walked before checking for a loop (chains are short; only an app's own `holder`
    /// property can make one loop).
    private static let unguardedSteps = 256

    func run() throws(MissingModule) -> (module: any Module, holder: any ModuleHolder) {
        let probe = HeldKey(key)
        // A library holder reports to the observer it was made under; an app's own, to the one
        // in force now.
        let observer: (any GraphObserver)?
        if let object = start as? ModuleHolderObject {
            observer = object.observer
            // Unobserved walks over library holders, the common case, take the short road.
            if observer == nil, let found = Self.walkLibraryHolders(from: object, key: probe) { return found }
        } else {
            observer = GraphObservation.current
            if let observer, !ModuleTreeTracking.isReported(start, to: observer) {
                ModuleTreeTracking.announce(start, to: observer)
            }
        }
        let started = observer == nil ? nil : RecordingClock.stamp()
        var walk: [ObjectID] = []
        var seen: Set<ObjectIdentifier> = []
        var current: (any ModuleHolder)? = start
        var steps = 0
        while let holder = current {
            steps += 1
            if steps > Self.unguardedSteps, !seen.insert(ObjectIdentifier(holder)).inserted { break }
            if observer != nil { walk.append(ModuleTreeTracking.id(of: holder)) }
            if let found = Self.module(keyed: probe, in: holder) {
                if let observer {
                    if !ModuleTreeTracking.isReported(found, to: observer) { ModuleTreeTracking.announce(found, to: observer) }
                    observer.record(.moduleLookup(ModuleLookup(
                        requester: ModuleTreeTracking.id(of: start), key: key, target: target, walk: walk,
                        module: ModuleTreeTracking.id(of: found), holder: ModuleTreeTracking.id(of: holder),
                        time: started, duration: RecordingClock.elapsed(since: started), thread: started.map { _ in RecordingThread.current }
                    )))
                }
                return (found, holder)
            }
            current = holder.holder
        }
        walk = []
        seen = []
        current = start
        while let holder = current, seen.insert(ObjectIdentifier(holder)).inserted {
            walk.append(ModuleTreeTracking.id(of: holder))
            current = holder.holder
        }
        let requester = ModuleTreeTracking.id(of: start)
        observer?.record(.moduleLookup(ModuleLookup(
            requester: requester, key: key, target: target, walk: walk, module: nil, holder: nil,
            time: started, duration: RecordingClock.elapsed(since: started), thread: started.map { _ in RecordingThread.current }
        )))
        throw MissingModule(request: .init(key: key, target: target, requester: requester), walk: walk, tree: .live())
    }
}
