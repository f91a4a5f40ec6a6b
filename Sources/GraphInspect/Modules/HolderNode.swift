/// A library holder's modules, and its place in the holder tree as module lookups walk it.
///
/// Each node holds the node of the holder above it strongly, so a walk from a node its caller
/// keeps alive reads every node above without a reference-count change per step. (Holders link to
/// their holder weakly, as in the article, and loading a weak reference retains through the target's
/// side table: 25 ns a step on this project's machine, more than the rest of the step;
/// docs/performance.md.) A node never holds its holder, so there is no cycle: the holder empties
/// its node when it goes, which releases the modules it held, nested holders among them.
///
/// A walk stops at an emptied node, as it stopped at a released holder, and at a holder whose
/// own holder is not a library holder (the general walk takes over there).
final class HolderNode: @unchecked Sendable {
    /// The node of the library holder this one's holder is; nil at the root, or under an app's
    /// own holder. Owned here; walks read `parentLink`.
    let parent: HolderNode?
    /// `parent`, unretained: a walk steps up with no reference-count change (each is an atomic
    /// read-modify-write, as dear as the rest of the step).
    private let parentLink: Unmanaged<HolderNode>?

    /// One module held: its key read once, so a step compares hashes and touches no module, and
    /// whether it is a `ModuleObject`, checked once, so a router lookup reads its router with no
    /// dynamic cast.
    struct Entry {
        let key: HeldKey
        let module: any Module
        let isObject: Bool

        init(_ module: any Module) {
            key = HeldKey(module.keyName)
            self.module = module
            isObject = module is ModuleObject
        }
    }

    /// What a lookup found: the module, retained once, and whether it is a `ModuleObject`.
    struct Found {
        let module: any Module
        let isObject: Bool

        /// The module as the library's `ModuleObject`, when it is one.
        @inline(__always)
        var object: ModuleObject? {
            isObject ? unsafeDowncast(module as AnyObject, to: ModuleObject.self) : nil
        }
    }

    private struct Held {
        var entries: [Entry] = []
        /// False once the holder has gone: lookups end here.
        var open = true
        /// The holder this node belongs to, set once it is made; nil once it has begun to go.
        weak var holder: ModuleHolderObject?
        /// What a report says of the holder, set with it (so a report never touches the holder).
        var identity: Identity?
        /// The holder's holder when it is an app's own (no node to link to).
        weak var appParent: (any ModuleHolder)?
    }

    /// A holder as a missing-module report names it.
    struct Identity {
        let id: ObjectID
        let type: Any.Type
        let key: String
    }

    private let held = Locked(Held())

    init(parent: HolderNode?) {
        self.parent = parent
        parentLink = parent.map { Unmanaged.passUnretained($0) }
    }

    /// Ties the node to its holder, from the holder's init, before the holder is registered.
    func bind(to holder: ModuleHolderObject, id: ObjectID, key: String, appParent: (any ModuleHolder)?) {
        let identity = Identity(id: id, type: type(of: holder), key: key)
        held.withLock { held in
            held.holder = holder
            held.identity = identity
            held.appParent = appParent
        }
    }

    /// The holder this node belongs to; nil until its init has run, and once it has begun to go.
    var holder: ModuleHolderObject? { held.withLock { $0.holder } }

    /// The holder as a report describes it, read from the node alone: it never retains the
    /// holder, so a report built on one thread cannot keep another thread's holder alive past its
    /// last reference (nor release it, and all it holds, on the report's thread). Nil once the
    /// holder has gone.
    func reportedHolder() -> (identity: Identity, parent: ObjectID?, heldKeys: [String])? {
        let read: (Identity, (any ModuleHolder)?, [String])? = held.withLock { held in
            guard held.open, let identity = held.identity else { return nil }
            return (identity, held.appParent, held.entries.map(\.key.name))
        }
        guard let (identity, appParent, keys) = read else { return nil }
        // A parent that has gone is no parent, as its weak `holder` link says.
        let parentID = parent?.held.withLock { $0.open ? $0.identity?.id : nil } ?? appParent.map { ModuleTreeTracking.id(of: $0) }
        return (identity, parentID, keys)
    }

    /// The modules held, in the order they were attached.
    var modules: [any Module] { held.withLock { $0.entries.map(\.module) } }

    func append(_ module: any Module) {
        let entry = Entry(module)
        held.withLock { $0.entries.append(entry) }
    }

    /// Removes the first module held under `key` and returns it.
    func remove(_ key: HeldKey) -> (any Module)? {
        held.withLock { held in
            guard let index = held.entries.firstIndex(where: { $0.key.matches(key) }) else { return nil }
            return held.entries.remove(at: index).module
        }
    }

    /// Empties the node when its holder goes and returns what it held, for the holder to release
    /// after its own release is recorded (the order events have always come in).
    func close() -> [Entry] {
        held.withLock { held in
            held.open = false
            defer { held.entries = [] }
            return held.entries
        }
    }

    /// What one step of a walk finds at a node.
    enum Step {
        case found(Found)
        /// Not held here; go on to the parent.
        case notHere
        /// The holder has gone: the walk ends.
        case closed
    }

    /// The module held here under `key`, retained once, under the lock (a module read without
    /// it could be detached and released before it was retained).
    @inline(__always)
    func step(_ key: HeldKey) -> Step {
        held.withLock { held in
            guard held.open else { return .closed }
            for index in held.entries.indices where held.entries[index].key.matches(key) {
                return .found(Found(module: held.entries[index].module, isObject: held.entries[index].isObject))
            }
            return .notHere
        }
    }

    /// The module under `key` in this node or the nearest node above, and the node holding it;
    /// nil if the walk reaches the root, an emptied node, or an app's own holder first.
    func moduleAbove(_ key: HeldKey) -> (found: Found, node: Unmanaged<HolderNode>)? {
        // Every node above is kept alive by the one below it, and `self` by the caller: the walk
        // reads them unretained.
        var current = Unmanaged.passUnretained(self)
        while true {
            let (step, parent) = current._withUnsafeGuaranteedRef { ($0.step(key), $0.parentLink) }
            switch step {
            case .found(let found): return (found, current)
            case .closed: return nil
            case .notHere:
                guard let parent else { return nil }
                current = parent
            }
        }
    }
}
