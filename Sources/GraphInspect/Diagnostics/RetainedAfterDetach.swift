/// A module or holder still alive after its holder let it go (detached, or held by a holder that
/// was itself released), or a part of one (its component, router, view component) still alive
/// after the module or holder it belonged to was released. After a grace period (1 s by default)
/// that is a leak, with everything below it that is still alive: its component and theirs, its view
/// component and router, the modules it holds; and, where the app searched its live objects when
/// the recording ended (`held` events), what holds it. Found from the events alone (`find`), so a running app, a trace, a snapshot's JSON and a
/// baseline give the same answer; a recording that ends before the grace has passed says how long
/// before rather than guessing.
public struct RetainedAfterDetach: Sendable, Equatable {
    /// How its holder let it go.
    public enum Cause: Sendable, Equatable {
        /// `detach` removed it from `holder`.
        case detached(holder: ObjectID)
        /// `holder`, which held it, was released; it was not.
        case holderReleased(holder: ObjectID)
        /// `owner`, the module or holder (or router) it was a part of, was released; it was not.
        case ownerReleased(owner: ObjectID)

        /// The node that let it go: the holder, or the owner.
        public var holder: ObjectID {
            switch self {
            case .detached(let holder), .holderReleased(let holder), .ownerReleased(let holder): holder
            }
        }
    }

    /// The module or holder.
    public var node: ObjectID
    public var cause: Cause
    /// When it was let go, on `RecordingClock`; nil in a trace without times.
    public var time: UInt64?
    /// How long it had been alive since, when the recording ended; nil when either end is unknown.
    public var aliveFor: UInt64?
    /// Whether the grace had passed: a leak. False when the recording ended first (or has no
    /// times): alive at the end, not known to leak.
    public var isLeak: Bool
    /// Every node below it still alive, by id.
    public var aliveBelow: [ObjectID]
    /// Components outside it that resolved something from it or from below it (they may hold it).
    public var resolvedFromIt: [ObjectID]
    /// What the app found holding it when it searched its live objects (`HolderSearch`); nil
    /// when it did not search (a run that died, a recording made without it). A `HeldBy` with no
    /// holder: searched, and none of the objects the library knows holds it.
    public var heldBy: HeldBy?

    /// One second, as RIBs' LeakDetector waits.
    public static let defaultGrace: UInt64 = 1_000_000_000

    /// The grace `GRAPHINSPECT_LEAK_GRACE` sets (milliseconds), else `defaultGrace`; nil with a
    /// reason when the variable is set but not a number of milliseconds.
    public static func grace(fromEnvironment value: String?) -> (grace: UInt64, problem: String?) {
        guard let value, !value.isEmpty else { return (defaultGrace, nil) }
        guard let milliseconds = UInt64(value) else {
            return (defaultGrace, "GRAPHINSPECT_LEAK_GRACE=\(value) is not a whole number of milliseconds; using 1000")
        }
        return (milliseconds * 1_000_000, nil)
    }

    /// Every module or holder let go and not released in `snapshot`, in id order. `now` is the end
    /// of the recording when it is still going (a test, a live page); otherwise its `ended` event,
    /// or for a run that died, its last timed event.
    public static func find(in snapshot: GraphSnapshot, grace: UInt64 = defaultGrace, now: UInt64? = nil) -> [RetainedAfterDetach] {
        var attachedTo: [ObjectID: ObjectID] = [:]
        // The same, holder to modules, so a holder's release finds its modules without a scan.
        var holding: [ObjectID: Set<ObjectID>] = [:]
        var letGo: [ObjectID: (cause: Cause, time: UInt64?)] = [:]
        var released: Set<ObjectID> = []
        var held: [ObjectID: HeldBy] = [:]
        var ended: UInt64?
        var lastTime: UInt64?
        let below = Below(snapshot)
        func saw(_ time: UInt64?) { if let time { lastTime = max(lastTime ?? 0, time) } }
        func unattach(_ module: ObjectID) {
            if let holder = attachedTo.removeValue(forKey: module) { holding[holder]?.remove(module) }
        }
        for event in snapshot.events {
            switch event {
            case .moduleAttached(let attachment):
                unattach(attachment.module)
                attachedTo[attachment.module] = attachment.holder
                holding[attachment.holder, default: []].insert(attachment.module)
                letGo[attachment.module] = nil
            case .moduleDetached(let attachment):
                saw(attachment.time)
                unattach(attachment.module)
                if !released.contains(attachment.module) { letGo[attachment.module] = (.detached(holder: attachment.holder), attachment.time) }
            case .released(let release):
                saw(release.time)
                released.insert(release.id)
                letGo[release.id] = nil
                unattach(release.id)
                // Its modules go with it, unless something else holds them.
                for module in holding.removeValue(forKey: release.id) ?? [] {
                    attachedTo[module] = nil
                    letGo[module] = (.holderReleased(holder: release.id), release.time)
                }
                // Its parts go with it: those still alive at the end were kept by something else.
                for part in below.parts(of: release.id) where !released.contains(part) && letGo[part] == nil {
                    letGo[part] = (.ownerReleased(owner: release.id), release.time)
                }
            case .held(let found):
                held[found.id] = found
            case .ended(let end):
                ended = end.time
            default:
                break
            }
        }
        // A component still alive as the parent of a live component is kept by that child (a
        // component holds its parent), and a view component by its live router (a router holds the
        // view component it was built with): explained, not leaks of their own.
        var parentsOfLive: Set<ObjectID> = []
        for node in snapshot.nodes where (node.kind == .component || node.kind == .router) && !released.contains(node.id) {
            if let parent = node.parent { parentsOfLive.insert(parent) }
        }
        let alive = letGo.filter { id, entry in
            guard snapshot.node(id) != nil else { return false }
            if case .ownerReleased = entry.cause, parentsOfLive.contains(id) { return false }
            return true
        }.keys.sorted()
        guard !alive.isEmpty else { return [] }
        let end = now ?? ended ?? lastTime
        let lookups = snapshot.lookups
        return alive.compactMap { id in
            guard let (cause, time) = letGo[id] else { return nil }
            let aliveFor = time.flatMap { time in end.map { $0 >= time ? $0 - time : 0 } }
            let subtree = below.subtree(of: id)
            let components = Set(subtree.filter { snapshot.node($0)?.kind == .component })
            var requesters: Set<ObjectID> = []
            for lookup in lookups {
                if let provider = lookup.provider, components.contains(provider), !subtree.contains(lookup.requester) {
                    requesters.insert(lookup.requester)
                }
            }
            // With no times (a snapshot's JSON), the verdict written with it, if any.
            let isLeak = aliveFor.map { $0 >= grace } ?? (snapshot.node(id)?.retained == .leak)
            return RetainedAfterDetach(
                node: id, cause: cause, time: time, aliveFor: aliveFor, isLeak: isLeak,
                aliveBelow: subtree.filter { $0 != id && snapshot.node($0)?.released == false }.sorted(),
                resolvedFromIt: requesters.sorted(),
                heldBy: held[id]
            )
        }
    }

    /// What in `snapshot`'s events does not add up for the rule, one line each, in event order: a
    /// detach by a holder already released, a detach by another holder than the one the module
    /// was attached to. The rule still judges such a run (a module detached is let go whoever says
    /// so), so neither makes a leak of something released. Not warned: a detach with no attach
    /// before it (an observer installed after the attach sees exactly that), and a release of a
    /// node never created, which the trace reader refuses and a late observer sees legitimately.
    public static func inconsistencies(in snapshot: GraphSnapshot) -> [String] {
        var attachedTo: [ObjectID: ObjectID] = [:]
        var released: Set<ObjectID> = []
        var lines: [String] = []
        func name(_ id: ObjectID) -> String { label(id, in: snapshot) }
        for (index, event) in snapshot.events.enumerated() {
            let at = "event \(index + 1)"
            switch event {
            case .moduleAttached(let attachment):
                attachedTo[attachment.module] = attachment.holder
            case .moduleDetached(let attachment):
                if released.contains(attachment.holder) {
                    lines.append("\(at): \(name(attachment.holder)) detached \(name(attachment.module)) after it was itself released; the module is taken as let go then")
                } else if let holder = attachedTo[attachment.module], holder != attachment.holder {
                    lines.append("\(at): \(name(attachment.holder)) detached \(name(attachment.module)), which was attached to \(name(holder)); the module is taken as let go then")
                }
                attachedTo[attachment.module] = nil
            case .released(let release):
                released.insert(release.id)
            default:
                break
            }
        }
        return lines
    }

    /// What is below each node: its children by `parent`, and a module's or holder's own component
    /// with the components below it.
    private struct Below {
        let snapshot: GraphSnapshot
        var children: [ObjectID: [ObjectID]] = [:]

        init(_ snapshot: GraphSnapshot) {
            self.snapshot = snapshot
            for node in snapshot.nodes {
                if let parent = node.parent { children[parent, default: []].append(node.id) }
                // A module's own component (not the one it shares with its holder) is below it.
                if let component = node.component, node.kind != .component,
                   component != node.parent.flatMap({ snapshot.node($0)?.component }) {
                    children[node.id, default: []].append(component)
                }
            }
        }

        /// The parts of a module, holder, router or view component that go with it: its own
        /// component, and the routers and view components below it, theirs too. Not its modules
        /// (a holder's release lets those go itself), nothing below a component, and no node of a
        /// kind the app registers (the runtime does not see those released).
        func parts(of id: ObjectID) -> [ObjectID] {
            guard let node = snapshot.node(id), node.kind != .component else { return [] }
            var found: [ObjectID] = []
            var queue = [id]
            while let next = queue.popLast() {
                for child in children[next] ?? [] {
                    guard let kind = snapshot.node(child)?.kind, kind == .component || kind == .router || kind == .viewComponent else { continue }
                    found.append(child)
                    if kind != .component { queue.append(child) }
                }
            }
            return found
        }

        /// `id` and everything below it, each once.
        func subtree(of id: ObjectID) -> Set<ObjectID> {
            var seen: Set<ObjectID> = [id]
            var queue = [id]
            while let next = queue.popLast() {
                for child in children[next] ?? [] where seen.insert(child).inserted { queue.append(child) }
            }
            return seen
        }
    }
}
