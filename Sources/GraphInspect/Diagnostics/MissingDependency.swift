/// A dependency lookup that nothing on its walk could answer, with everything needed to fix it:
/// every component walked and what it provides, near misses, where in the tree the dependency does
/// exist, and the smallest change that would make the lookup succeed.
///
/// `try component.resolve(...)` throws it; the crashing `component.name` prints it before ending
/// the process; `graphinspect why` rebuilds it from a trace. `ReportWording` words it.
public struct MissingDependency: Error, Sendable, Equatable, Codable, CustomStringConvertible {
    /// What was asked.
    public struct Request: Sendable, Equatable, Codable {
        public var name: String
        public var type: String
        public var requester: ObjectID
        public var location: SourceLocation?
        /// When the lookup failed, on `RecordingClock`: how long before it a released provider
        /// went. Nil when times were not read.
        public var time: UInt64?

        public init(name: String, type: String, requester: ObjectID, location: SourceLocation?, time: UInt64? = nil) {
            self.name = name
            self.type = type
            self.requester = requester
            self.location = location
            self.time = time
        }
    }

    /// A component, as reports name it.
    public struct ComponentRef: Sendable, Equatable, Hashable, Codable {
        public var id: ObjectID
        public var type: String
    }

    /// One component walked.
    public struct Step: Sendable, Equatable, Codable {
        public var component: ComponentRef
        public var providers: [Provider]

        public var id: ObjectID { component.id }
        public var type: String { component.type }
    }

    /// A provider on the walk that nearly answered.
    public struct NearMiss: Sendable, Equatable, Codable {
        public enum Kind: String, Sendable, Equatable, Codable {
            /// The name matches; the type does not.
            case sameNameOtherType
            /// The name matches, but it is a `lazy var`, which lookup cannot see.
            case lazyVar
            /// The name matches, but it is a stored closure, which lookup cannot read.
            case storedClosure
            /// The name is a few edits away.
            case similarName
            /// The type matches under another name.
            case sameTypeOtherName
        }

        public var kind: Kind
        public var at: ComponentRef
        public var provider: Provider
    }

    /// A component off the walk that provides exactly what was asked.
    public struct Elsewhere: Sendable, Equatable, Codable {
        public var at: ComponentRef
        /// From the root down to `at`.
        public var path: [ComponentRef]
        /// The nearest component that is both on the walk and an ancestor of `at`: moving the
        /// provider there makes it reachable from the requester, and keeps it reachable from `at`.
        public var commonAncestor: ComponentRef
    }

    /// A component that provided exactly what was asked and was released before the lookup.
    public struct Released: Sendable, Equatable, Codable {
        public var at: ComponentRef
        /// From the root down to `at`, as it was when released.
        public var path: [ComponentRef]
        /// The nearest component that is both on the walk and an ancestor of `at`: it outlived
        /// `at`, so the provider moved there would have answered.
        public var commonAncestor: ComponentRef
        /// The holder's detach of the module `at` (or an ancestor below `commonAncestor`) was
        /// built for, which let it go; nil when no detach is known.
        public var detach: ReleasedComponents.Detach?
        /// How long before the lookup it was released, when both times are known.
        public var nanosecondsBefore: UInt64?
        /// How many events before the lookup its release was, in a recording without times.
        public var eventsBefore: Int?
    }

    /// The smallest change that would make the lookup succeed.
    public enum Fix: Sendable, Equatable, Codable {
        /// The parent chain loops back to this component.
        case breakLoop(at: ComponentRef)
        /// Declare the `lazy var` with `@Lazy`.
        case useLazy(at: ComponentRef)
        /// Mark the class holding the closure `@Providers`, which reads it through its getter.
        case listClosure(at: ComponentRef)
        /// Ask for this name instead (a typo, or the same type under another name).
        case rename(to: Provider, at: ComponentRef)
        /// Ask for the type found, or provide the type asked for.
        case changeType(found: Provider, at: ComponentRef)
        /// Move the provider up to the common ancestor (from a component released before the
        /// lookup when `from` is one of `released`).
        case move(from: ComponentRef, to: ComponentRef)
        /// Nothing anywhere: declare it in the requester or the root.
        case declare(requester: ComponentRef, root: ComponentRef?)
    }

    public var request: Request
    /// The requester's ancestors from the root down to the requester (the walk reversed, unless the
    /// chain loops).
    public var requesterPath: [ComponentRef]
    /// The components walked, requester first.
    public var walk: [Step]
    /// When the parent chain loops: the components of the loop, starting with the one it loops
    /// back to.
    public var loop: [ComponentRef]?
    public var nearMisses: [NearMiss]
    public var elsewhere: [Elsewhere]
    /// Components off the walk that provided exactly what was asked and were released before the
    /// lookup, most recent first, one per place in the tree.
    public var released: [Released]
    public var fix: Fix

    public var name: String { request.name }
    public var type: String { request.type }
    public var location: SourceLocation? { request.location }
    public var requester: Step { walk[0] }

    /// Builds the report for `request` from the components walked (in order; a loop shows as the
    /// repeated id at the end) and the tree they belong to. `event` is the failed lookup's index
    /// in a recording, which dates a release when the recording has no times.
    public init(request: Request, walk walkIDs: [ObjectID], tree: ComponentTreeView, event: Int? = nil) {
        self.request = request
        func ref(_ id: ObjectID) -> ComponentRef {
            ComponentRef(id: id, type: tree.entries[id]?.type ?? "?")
        }
        var ids = walkIDs.isEmpty ? [request.requester] : walkIDs
        if let last = ids.last, let first = ids.dropLast().firstIndex(of: last) {
            loop = ids[first..<(ids.count - 1)].map(ref)
            ids.removeLast()
        } else {
            loop = nil
        }
        walk = ids.map { Step(component: ref($0), providers: tree.entries[$0]?.providers ?? []) }
        requesterPath = loop == nil ? walk.reversed().map(\.component) : walk.map(\.component)

        nearMisses = Self.nearMisses(in: walk, name: request.name, type: request.type)
        elsewhere = loop == nil ? Self.elsewhere(in: tree, walk: ids, name: request.name, type: request.type, ref: ref) : []
        released = loop == nil ? Self.released(in: tree.released, walk: ids, request: request, event: event) : []
        fix = Self.fix(loop: loop, nearMisses: nearMisses, elsewhere: elsewhere, released: released, walk: walk, type: request.type)
    }

    private static func nearMisses(in walk: [Step], name: String, type: String) -> [NearMiss] {
        var misses: [NearMiss] = []
        for step in walk {
            for provider in step.providers {
                let kind: NearMiss.Kind?
                if provider.name == name {
                    switch provider.form {
                    case .lazyVar: kind = .lazyVar
                    case .storedClosure: kind = .storedClosure
                    default: kind = provider.type != type ? .sameNameOtherType : nil
                    }
                } else if NameDistance.isSimilar(provider.name, to: name), provider.form.isFoundByLookup {
                    kind = .similarName
                } else if provider.type == type, provider.form.isFoundByLookup {
                    kind = .sameTypeOtherName
                } else {
                    kind = nil
                }
                if let kind { misses.append(NearMiss(kind: kind, at: step.component, provider: provider)) }
            }
        }
        return misses
    }

    private static func elsewhere(
        in tree: ComponentTreeView, walk: [ObjectID], name: String, type: String, ref: (ObjectID) -> ComponentRef
    ) -> [Elsewhere] {
        let onWalk = Set(walk)
        var found: [Elsewhere] = []
        for id in tree.providing[name] ?? [] where !onWalk.contains(id) {
            guard let entry = tree.entries[id],
                  entry.providers.contains(where: { $0.name == name && $0.type == type && $0.form.isFoundByLookup })
            else { continue }
            let chain = tree.chain(from: id)
            // Components of another tree (another root) share no ancestor with the requester.
            guard let common = chain.first(where: onWalk.contains) else { continue }
            found.append(Elsewhere(at: ref(id), path: chain.reversed().map(ref), commonAncestor: ref(common)))
        }
        return found
    }

    private static func released(in released: ReleasedComponents, walk: [ObjectID], request: Request, event: Int?) -> [Released] {
        let onWalk = Set(walk)
        var found: [Released] = []
        var places: Set<[String]> = []
        for entry in released.providing(request.name) {
            guard entry.providers.contains(where: { $0.name == request.name && $0.type == request.type && $0.form.isFoundByLookup }),
                  let common = entry.ancestors.firstIndex(where: { onWalk.contains($0.id) })
            else { continue }
            let path = entry.ancestors.reversed() + [entry.component]
            // A module attached and detached again releases a component each time: each place once, the latest.
            guard places.insert(path.map(\.type)).inserted else { continue }
            // A detach counts when it let go of something below the ancestor that outlived it.
            let detachedAt = entry.detachedComponent.flatMap { id in ([entry.component] + entry.ancestors).firstIndex { $0.id == id } }
            found.append(Released(
                at: entry.component, path: path, commonAncestor: entry.ancestors[common],
                detach: detachedAt.map { $0 <= common } == true ? entry.detach : nil,
                nanosecondsBefore: request.time.flatMap { now in entry.time.map { now >= $0 ? now - $0 : 0 } },
                eventsBefore: event.flatMap { now in entry.event.map { now - $0 } }
            ))
        }
        return found
    }

    private static func fix(
        loop: [ComponentRef]?, nearMisses: [NearMiss], elsewhere: [Elsewhere], released: [Released], walk: [Step], type: String
    ) -> Fix {
        if let loop { return .breakLoop(at: loop[0]) }
        if let miss = nearMisses.first(where: { $0.kind == .lazyVar }) { return .useLazy(at: miss.at) }
        if let miss = nearMisses.first(where: { $0.kind == .storedClosure }) { return .listClosure(at: miss.at) }
        if let miss = nearMisses.first(where: { $0.kind == .similarName && $0.provider.type == type }) {
            return .rename(to: miss.provider, at: miss.at)
        }
        if let miss = nearMisses.first(where: { $0.kind == .sameNameOtherType }) {
            return .changeType(found: miss.provider, at: miss.at)
        }
        if let other = elsewhere.first { return .move(from: other.at, to: other.commonAncestor) }
        if let gone = released.first { return .move(from: gone.at, to: gone.commonAncestor) }
        if let miss = nearMisses.first(where: { $0.kind == .sameTypeOtherName }) {
            return .rename(to: miss.provider, at: miss.at)
        }
        let root = walk.count > 1 ? walk.last?.component : nil
        return .declare(requester: walk[0].component, root: root)
    }

    /// The report as plain text.
    public var description: String { report(style: .plain) }

    /// The report, worded by `ReportWording`.
    public func report(style: ReportStyle) -> String {
        ReportWording.missingDependency(self, style: style)
    }
}
