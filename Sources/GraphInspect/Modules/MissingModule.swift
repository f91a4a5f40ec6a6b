/// A module or router lookup that no holder from the requester to the root could answer.
public struct MissingModule: Error, Sendable, Equatable, CustomStringConvertible {
    /// One holder searched.
    public struct Step: Sendable, Equatable {
        public var id: ObjectID
        /// The holder's module-qualified type.
        public var type: String
        /// The holder's own key.
        public var key: String
        /// The keys of the modules it held, in order.
        public var heldKeys: [String]

        public init(id: ObjectID, type: String, key: String, heldKeys: [String]) {
            self.id = id
            self.type = type
            self.key = key
            self.heldKeys = heldKeys
        }
    }

    public var key: String
    public var target: ModuleLookup.Target
    /// The holders searched, requester first, root last.
    public var walk: [Step]

    public init(key: String, target: ModuleLookup.Target, walk: [Step]) {
        self.key = key
        self.target = target
        self.walk = walk
    }

    init(key: String, target: ModuleLookup.Target, from requester: ModuleHolder) {
        var walk: [Step] = []
        var current: ModuleHolder? = requester
        while let holder = current {
            walk.append(Step(
                id: holder.id, type: TypeName.of(type(of: holder)), key: holder.key.rawValue,
                heldKeys: holder.modules.map(\.key.rawValue)
            ))
            current = holder.holder
        }
        self.init(key: key, target: target, walk: walk)
    }

    public var description: String {
        var lines = ["graphinspect: no \(target.rawValue) with key \"\(key)\" from \(ShortTypeName.of(walk[0].type)) to the root; searched:"]
        for step in walk {
            let held = step.heldKeys.map { "\"\($0)\"" }.joined(separator: ", ")
            lines.append("  \(ShortTypeName.of(step.type)) (\"\(step.key)\") holds [\(held)]")
        }
        return lines.joined(separator: "\n")
    }
}
