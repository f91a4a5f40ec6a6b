/// A module or router lookup that no holder from the requester to the root could answer, with the
/// holders searched and the keys each held, similar keys, the holders elsewhere in the tree that do
/// hold the key, and the fix. Worded by `ReportWording`.
public struct MissingModule: Error, Sendable, Equatable, Codable, CustomStringConvertible {
    public struct Request: Sendable, Equatable, Codable {
        public var key: String
        public var target: ModuleLookup.Target
        public var requester: ObjectID

        public init(key: String, target: ModuleLookup.Target, requester: ObjectID) {
            self.key = key
            self.target = target
            self.requester = requester
        }
    }

    /// A holder, as reports name it.
    public struct HolderRef: Sendable, Equatable, Hashable, Codable {
        public var id: ObjectID
        public var type: String
        public var key: String
    }

    /// One holder searched.
    public struct Step: Sendable, Equatable, Codable {
        public var holder: HolderRef
        public var heldKeys: [String]

        public var key: String { holder.key }
    }

    /// A key held on the walk that is a few edits from the one asked for.
    public struct NearMiss: Sendable, Equatable, Codable {
        public var key: String
        public var at: HolderRef
    }

    /// A holder off the walk that holds the key.
    public struct Elsewhere: Sendable, Equatable, Codable {
        public var holder: HolderRef
        /// From the root holder down to `holder`.
        public var path: [HolderRef]
        /// The nearest holder on the walk above `holder`.
        public var commonAncestor: HolderRef
    }

    public enum Fix: Sendable, Equatable, Codable {
        /// Ask for this key instead.
        case rename(to: String, at: HolderRef)
        /// Attach the module to the common ancestor instead of the holder that has it.
        case move(from: HolderRef, to: HolderRef)
        /// Nothing holds it: attach it to a holder on the walk.
        case attach(requester: HolderRef, root: HolderRef?)
    }

    public var request: Request
    /// From the root holder down to the requester.
    public var requesterPath: [HolderRef]
    /// The holders searched, requester first.
    public var walk: [Step]
    public var nearMisses: [NearMiss]
    public var elsewhere: [Elsewhere]
    public var fix: Fix

    public var key: String { request.key }
    public var target: ModuleLookup.Target { request.target }

    public init(request: Request, walk walkIDs: [ObjectID], tree: HolderTreeView) {
        self.request = request
        func ref(_ id: ObjectID) -> HolderRef {
            let entry = tree.entries[id]
            return HolderRef(id: id, type: entry?.type ?? "?", key: entry?.key ?? "?")
        }
        let ids = walkIDs.isEmpty ? [request.requester] : walkIDs
        walk = ids.map { Step(holder: ref($0), heldKeys: tree.entries[$0]?.heldKeys ?? []) }
        requesterPath = walk.reversed().map(\.holder)
        nearMisses = walk.flatMap { step in
            step.heldKeys.filter { NameDistance.isSimilar($0, to: request.key) }.map { NearMiss(key: $0, at: step.holder) }
        }
        let onWalk = Set(ids)
        elsewhere = tree.order.compactMap { id -> Elsewhere? in
            guard !onWalk.contains(id), tree.entries[id]?.heldKeys.contains(request.key) == true else { return nil }
            let chain = tree.chain(from: id)
            guard let common = chain.first(where: onWalk.contains) else { return nil }
            return Elsewhere(holder: ref(id), path: chain.reversed().map(ref), commonAncestor: ref(common))
        }
        if let miss = nearMisses.first {
            fix = .rename(to: miss.key, at: miss.at)
        } else if let other = elsewhere.first {
            fix = .move(from: other.holder, to: other.commonAncestor)
        } else {
            fix = .attach(requester: walk[0].holder, root: walk.count > 1 ? walk.last?.holder : nil)
        }
    }

    public var description: String { report(style: .plain) }

    public func report(style: ReportStyle) -> String {
        ReportWording.missingModule(self, style: style)
    }
}
