/// The holder tree at one moment, as a missing-module report needs it: each holder's type, key,
/// parent holder and the keys of the modules it holds. Built live or from a recording.
public struct HolderTreeView: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public var type: String
        public var key: String
        public var parent: ObjectID?
        public var heldKeys: [String]

        public init(type: String, key: String, parent: ObjectID?, heldKeys: [String]) {
            self.type = type
            self.key = key
            self.parent = parent
            self.heldKeys = heldKeys
        }
    }

    public var entries: [ObjectID: Entry]
    /// Ids in creation order.
    public var order: [ObjectID]

    public init(entries: [ObjectID: Entry], order: [ObjectID]) {
        self.entries = entries
        self.order = order
    }

    /// The holders of a snapshot, as they stand at its end.
    public init(snapshot: GraphSnapshot) {
        var entries: [ObjectID: Entry] = [:]
        var order: [ObjectID] = []
        for node in snapshot.nodes where node.kind == .holder && !node.released {
            let keys = (node.modules ?? []).compactMap { snapshot.node($0)?.key }
            entries[node.id] = Entry(type: node.type, key: node.key ?? "", parent: node.parent, heldKeys: keys)
            order.append(node.id)
        }
        self.init(entries: entries, order: order)
    }

    /// Every holder alive in this process now that the library has met.
    static func live() -> HolderTreeView {
        var entries: [ObjectID: Entry] = [:]
        var order: [ObjectID] = []
        for (id, live) in ModuleTreeTracking.liveHolders() {
            switch live {
            case .library(let node):
                // Read from the node: the holder itself is never retained here.
                guard let (identity, parent, keys) = node.reportedHolder() else { continue }
                entries[id] = Entry(type: TypeName.of(identity.type), key: identity.key, parent: parent, heldKeys: keys)
            case .app(let holder):
                entries[id] = Entry(
                    type: TypeName.of(type(of: holder)), key: (holder as? any Module)?.keyName ?? "",
                    parent: holder.holder.map { ModuleTreeTracking.id(of: $0) },
                    heldKeys: holder.supportedModules.map(\.keyName)
                )
            }
            order.append(id)
        }
        return HolderTreeView(entries: entries, order: order)
    }

    /// `id` and the holders above it, nearest first.
    func chain(from id: ObjectID) -> [ObjectID] {
        ancestorChain(from: id) { entries[$0]?.parent }
    }
}
