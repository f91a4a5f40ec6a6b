/// `start` and its ancestors by `parent`, nearest first, stopping before any id seen twice: the
/// walk both tree views need, safe on a chain that loops.
func ancestorChain(from start: ObjectID, parent: (ObjectID) -> ObjectID?) -> [ObjectID] {
    var chain: [ObjectID] = []
    var seen: Set<ObjectID> = []
    var current: ObjectID? = start
    while let next = current, seen.insert(next).inserted {
        chain.append(next)
        current = parent(next)
    }
    return chain
}
