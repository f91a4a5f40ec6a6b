/// A ready-made `ModuleHolder`: a `ModuleObject` that holds modules, with thread-safe `attach` and
/// `detach` that record each change, and builder runs, as they happen.
open class ModuleHolderObject: ModuleObject, ModuleHolder {
    /// State passed to the builders of this holder's modules.
    public let context: any ModuleHolderContext

    /// The modules held, and this holder's place in the tree as lookups walk it.
    let node: HolderNode
    /// What the node held when this holder went: released with the holder's stored properties,
    /// after its own release is recorded.
    private var heldAtDeinit: [HolderNode.Entry] = []

    public init(key: ModuleKey, holder: ModuleHolder?, context: any ModuleHolderContext, component: Component) {
        self.context = context
        node = HolderNode(parent: (holder as? ModuleHolderObject)?.node)
        super.init(key: key, holder: holder, component: component)
    }

    deinit {
        heldAtDeinit = node.close()
    }

    /// The modules this holder holds, in the order they were attached.
    public var supportedModules: [any Module] { node.modules }

    /// Runs `builder` for this holder and holds the module it returns.
    /// - Parameters:
    ///   - parentComponent: the component to build below; this holder's component by default.
    ///   - context: the context to pass.
    ///   - fileID, line: where the attach is written, recorded with the builder's run.
    @discardableResult
    public func attach<Builder: ModuleBuilder>(
        _ builder: Builder,
        parentComponent: Component? = nil,
        context: Builder.Context,
        fileID: String = #fileID,
        line: Int = #line
    ) -> Builder.Built {
        let parent = parentComponent ?? component
        let run = ObjectID.next()
        let observer = actionObserver()
        if let observer {
            parent.announce(to: observer)
            let (time, thread) = RecordingClock.stampWithThread()
            observer.record(.builderStarted(BuilderStarted(
                run: run, builder: TypeName.of(Builder.self), parentComponent: parent.id, holder: id,
                context: (context as? any ModuleHolderContext)?.chainTypeNames ?? [TypeName.of(Builder.Context.self)],
                location: SourceLocation(file: fileID, line: line), time: time, thread: thread
            )))
        }
        let module = builder.build(parentComponent: parent, holder: self as? Builder.Holder, context: context)
        if let observer {
            // The end is read before announcing what was built: the announcing is graphinspect's work.
            let finished = RecordingClock.stamp()
            ModuleTreeTracking.announce(module, to: observer)
            observer.record(.builderFinished(BuilderFinished(run: run, module: ModuleTreeTracking.id(of: module), time: finished)))
        }
        attach(module)
        return module
    }

    /// Runs `builder` with this holder's context.
    @discardableResult
    public func attach<Builder: ModuleBuilder>(
        _ builder: Builder, parentComponent: Component? = nil, fileID: String = #fileID, line: Int = #line
    ) -> Builder.Built where Builder.Context == any ModuleHolderContext {
        attach(builder, parentComponent: parentComponent, context: context, fileID: fileID, line: line)
    }

    /// Runs `builder` with this holder's context, for a builder that names the context type it
    /// reads (`context: AppContext`, as the article writes builders). The holder's context must be
    /// of that type: anything else is a defect in the app's wiring, and ends the process with a
    /// report saying which types met (as a missing dependency does).
    @discardableResult
    public func attach<Builder: ModuleBuilder>(
        _ builder: Builder, parentComponent: Component? = nil, fileID: String = #fileID, line: Int = #line
    ) -> Builder.Built where Builder.Context: ModuleHolderContext {
        guard let typed = context as? Builder.Context else {
            let message = "error: \(ShortTypeName.of(TypeName.of(type(of: self)))) \(Quoted.string(key.rawValue)) attached \(ShortTypeName.of(TypeName.of(Builder.self))), "
                + "which reads a context of type \(ShortTypeName.of(TypeName.of(Builder.Context.self))), but the holder's context is of type \(ShortTypeName.of(TypeName.of(type(of: context))))\n"
                + "  fix: pass the context it reads, `attach(builder, context: ...)`, or declare its `context: any ModuleHolderContext`"
            Termination.end(report: message, message: message)
        }
        return attach(builder, parentComponent: parentComponent, context: typed, fileID: fileID, line: line)
    }

    /// Holds `module`, making it findable by key from this holder and the holders below it.
    public func attach(_ module: any Module) {
        node.append(module)
        // Attached again after a detach: its component's release is no longer that detach's doing.
        if Registries.released.withLock({ $0.awaitsRelease }), let component = ModuleTreeTracking.componentOf(module) {
            Registries.released.withLock { $0.moduleAttached(component: component.id) }
        }
        if let observer = actionObserver() {
            ModuleTreeTracking.announce(module, to: observer)
            let (time, thread) = RecordingClock.stampWithThread()
            observer.record(.moduleAttached(ModuleAttachment(holder: id, module: ModuleTreeTracking.id(of: module), time: time, thread: thread)))
        }
    }

    /// Stops holding the module with `key`, if any, and returns it. Once nothing else keeps it,
    /// it is released with its router and component.
    @discardableResult
    public func detach<Key: RawRepresentable>(_ key: Key) -> (any Module)? where Key.RawValue == String {
        detach(named: key.rawValue)
    }

    /// `detach` with a `ModuleKey` constant (`.settings`).
    @discardableResult
    public func detach(_ key: ModuleKey) -> (any Module)? {
        detach(named: key.rawValue)
    }

    private func detach(named key: String) -> (any Module)? {
        let removed = node.remove(HeldKey(key))
        // Kept for a missing-dependency report, which names the detach that released a provider.
        if let removed, let component = ModuleTreeTracking.componentOf(removed) {
            let detach = ReleasedComponents.Detach(
                holder: .init(type: TypeName.of(type(of: self)), key: self.key.rawValue),
                module: .init(type: TypeName.of(type(of: removed)), key: removed.keyName)
            )
            Registries.released.withLock { $0.moduleDetached(component: component.id, detach) }
        }
        if let removed, let observer = actionObserver() {
            ModuleTreeTracking.announce(removed, to: observer)
            let (time, thread) = RecordingClock.stampWithThread()
            observer.record(.moduleDetached(ModuleAttachment(holder: id, module: ModuleTreeTracking.id(of: removed), time: time, thread: thread)))
        }
        return removed
    }
}

/// Module and router lookups by `ModuleKey` on the library's holders: the same answers and events as
/// `ModuleHolder`'s (which these shadow where the holder's type is known), without the generic
/// search's dynamic casts of the holder. Callgrind: 3,073 instructions a lookup three holders up
/// through the protocol's, see docs/performance.md.
extension ModuleHolderObject {
    /// The module with `key` if it is a `T`, searching this holder, then each holder above.
    public func module<T>(for key: ModuleKey, as type: T.Type = T.self) -> T? {
        guard let (module, _) = find(key, target: .module) else { return nil }
        if let found = exactly(module, as: T.self) { return found }
        return module as? T
    }

    /// The router of the module with `key` if it is a `T`, searching like `module(for:as:)`.
    public func router<T>(for key: ModuleKey, as type: T.Type = T.self) -> T? {
        guard let (module, object) = find(key, target: .router) else { return nil }
        if let object {
            guard let router = object.router else { return nil }
            if let found = exactly(router, as: T.self) { return found }
            return router as? T
        }
        return module.router as Any? as? T
    }

    /// `module(for:as:)` for a class: the module moves out as the `T` it is, with no copy.
    public func module<T: AnyObject>(for key: ModuleKey, as type: T.Type = T.self) -> T? {
        guard let (module, _) = find(key, target: .module) else { return nil }
        let object: AnyObject = module
        if ObjectIdentifier(Swift.type(of: object)) == ObjectIdentifier(T.self) { return unsafeDowncast(object, to: T.self) }
        return module as? T
    }

    /// `router(for:as:)` for a class, moved out like `module(for:as:)`'s.
    public func router<T: AnyObject>(for key: ModuleKey, as type: T.Type = T.self) -> T? {
        guard let (module, object) = find(key, target: .router) else { return nil }
        if let object {
            guard let router = object.router else { return nil }
            let routerObject: AnyObject = router
            if ObjectIdentifier(Swift.type(of: routerObject)) == ObjectIdentifier(T.self) { return unsafeDowncast(routerObject, to: T.self) }
            return router as? T
        }
        return module.router as Any? as? T
    }

    /// The module with `key`, and its `ModuleObject` self when it is one (known from the holder's
    /// entry on the unrecorded walk, so a router lookup makes no dynamic cast).
    @inline(__always)
    private func find(_ key: ModuleKey, target: ModuleLookup.Target) -> (module: any Module, object: ModuleObject?)? {
        if let found = ModuleSearch.unobservedModule(from: self, key: key.rawValue) { return (found.module, found.object) }
        guard let module = try? ModuleSearch(from: self, key: key.rawValue, target: target).run().module else { return nil }
        return (module, module as? ModuleObject)
    }
}

/// `object` as a `T` when `T` is its own class, the usual way modules and routers are asked for,
/// without the runtime's general cast (about 370 instructions, more than a module lookup's
/// walk of three holders); nil otherwise, and the caller casts.
@inline(__always)
private func exactly<T>(_ object: AnyObject, as _: T.Type) -> T? {
    guard ObjectIdentifier(type(of: object)) == ObjectIdentifier(T.self) else { return nil }
    return unsafeBitCast(object, to: T.self)
}

