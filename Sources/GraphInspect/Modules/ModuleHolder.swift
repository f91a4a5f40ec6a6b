/// A module that holds modules, nested holders among them, forming the module tree.
///
/// Modules and routers are found by key: in this holder's modules, then in its holder's, one level
/// up per step, to the root, so any module or router can reach one above it without having it
/// injected. (The seed's loop never moved up a level; this one does, and stops after the root.)
@dynamicMemberLookup
open class ModuleHolder: Module, @unchecked Sendable {
    /// State passed to the builders of this holder's modules.
    public let context: any ModuleHolderContext

    private let held = Locked<[Module]>([])

    public init(key: ModuleKey, holder: ModuleHolder?, context: any ModuleHolderContext, component: Component) {
        self.context = context
        super.init(key: key, holder: holder, component: component)
        Registries.holders.add(id, self)
    }

    deinit {
        Registries.holders.remove(id)
    }

    /// The modules this holder holds, in the order they were attached.
    public var modules: [Module] { held.withLock { $0 } }

    /// Runs `builder` for this holder and holds the module it returns.
    /// - Parameters:
    ///   - parentComponent: the component to build below; this holder's component by default.
    ///   - context: the context to pass; this holder's by default.
    @discardableResult
    public func attach<Builder: ModuleBuilder>(
        _ builder: Builder,
        parentComponent: Component? = nil,
        context: (any ModuleHolderContext)? = nil
    ) -> Builder.Built {
        let parent = parentComponent ?? component
        let context = context ?? self.context
        let run = ObjectID.next()
        let observer = actionObserver()
        if let observer {
            parent.announce(to: observer)
            observer.record(.builderStarted(BuilderStarted(
                run: run, builder: TypeName.of(Builder.self), parentComponent: parent.id, holder: id,
                context: context.chainTypeNames
            )))
        }
        let module = builder.build(parentComponent: parent, holder: self, context: context)
        if let observer {
            module.announce(to: observer)
            observer.record(.builderFinished(BuilderFinished(run: run, module: module.id)))
        }
        attach(module)
        return module
    }

    /// Holds `module`, making it findable by key from this holder and the holders below it.
    public func attach(_ module: Module) {
        held.withLock { $0.append(module) }
        if let observer = actionObserver() {
            module.announce(to: observer)
            observer.record(.moduleAttached(ModuleAttachment(holder: id, module: module.id)))
        }
    }

    /// Stops holding the module with `key`, if any, and returns it. Once nothing else keeps it,
    /// it is released with its router and component.
    @discardableResult
    public func detach(_ key: ModuleKey) -> Module? {
        let removed: Module? = held.withLock { modules in
            guard let index = modules.firstIndex(where: { $0.key == key }) else { return nil }
            return modules.remove(at: index)
        }
        if let removed, let observer = actionObserver() {
            removed.announce(to: observer)
            observer.record(.moduleDetached(ModuleAttachment(holder: id, module: removed.id)))
        }
        return removed
    }

    /// The module with `key` if it is a `T`, searching this holder, then each holder above.
    public func module<T>(for key: ModuleKey, as type: T.Type = T.self) -> T? {
        (try? findModule(key, target: .module).module) as? T
    }

    /// The router of the module with `key` if it is a `T`, searching like `module(for:as:)`.
    public func router<T>(for key: ModuleKey, as type: T.Type = T.self) -> T? {
        (try? findModule(key, target: .router).module)?.router as? T
    }

    /// Seed-style lookup with an enum key.
    public func module<T, Key: RawRepresentable>(for key: Key, as type: T.Type = T.self) -> T?
    where Key.RawValue == String {
        module(for: ModuleKey(key), as: type)
    }

    /// Seed-style lookup with an enum key.
    public func router<T, Key: RawRepresentable>(for key: Key, as type: T.Type = T.self) -> T?
    where Key.RawValue == String {
        router(for: ModuleKey(key), as: type)
    }

    /// `holder.settings`: the module with key "settings", searching like `module(for:as:)`.
    public subscript<T>(dynamicMember key: String) -> T? {
        module(for: ModuleKey(key), as: T.self)
    }

    /// Finds the module with `key`, searching this holder, then each holder above, to the root.
    /// - Throws: `MissingModule`, listing every holder searched and the keys it held.
    public func findModule(_ key: ModuleKey, target: ModuleLookup.Target = .module) throws(MissingModule) -> (module: Module, holder: ModuleHolder) {
        // The walk is only collected for an observer; a miss collects it again for its report.
        var walk: [ObjectID] = []
        var current: ModuleHolder? = self
        while let holder = current {
            if observer != nil { walk.append(holder.id) }
            if let found = holder.held.withLock({ $0.first { $0.key == key } }) {
                observer?.record(.moduleLookup(ModuleLookup(
                    requester: id, key: key.rawValue, target: target, walk: walk, module: found.id,
                    holder: holder.id
                )))
                return (found, holder)
            }
            current = holder.holder
        }
        walk = []
        current = self
        while let holder = current {
            walk.append(holder.id)
            current = holder.holder
        }
        observer?.record(.moduleLookup(ModuleLookup(
            requester: id, key: key.rawValue, target: target, walk: walk, module: nil, holder: nil
        )))
        throw MissingModule(
            request: .init(key: key.rawValue, target: target, requester: id), walk: walk, tree: .live()
        )
    }
}
