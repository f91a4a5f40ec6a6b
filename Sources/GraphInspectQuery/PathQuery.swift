import GraphInspect

/// `query path FROM TO`: the chain between two nodes, climbing parents (a component's parent
/// component, a holder's or module's holder, a router's view component and module) and from a
/// holder or module to the component it was built with.
public struct PathAnswer: Sendable, Equatable, Codable {
    public var query = "path"
    public var from: String
    public var to: String
    /// Whether `to` is above `from` (`up`) or below it (`down`, each path then read from `to` up).
    public var direction: String?
    /// The distinct paths, each from the lower node up to the higher, at most `limit`.
    public var paths: [[Step]]
    /// Distinct paths found beyond those listed.
    public var more: Int

    public struct Step: Sendable, Hashable, Codable {
        public var type: String
        public var kind: String
        /// Where the type is declared (from the sources).
        public var file: String?
        public var line: Int?
    }

    /// Paths listed; more are counted.
    public static let limit = 20
}

extension QueryGraph {
    public func path(from typedFrom: String, to typedTo: String) throws(QueryError) -> PathAnswer {
        let from = try nodeType(typedFrom)
        let to = try nodeType(typedTo)
        var direction: String?
        var found: [[ObjectID]] = paths(from: from, up: to)
        if !found.isEmpty {
            direction = "up"
        } else {
            found = paths(from: to, up: from)
            if !found.isEmpty { direction = "down" }
        }
        var seen: Set<[PathAnswer.Step]> = []
        var listed: [[PathAnswer.Step]] = []
        for path in found {
            let steps = path.map { id in
                let node = nodes[id]
                let declared = node.flatMap { places?.types[$0.type] }
                return PathAnswer.Step(type: name(of: id), kind: node?.kind.rawValue ?? "?", file: declared?.file, line: declared?.line)
            }
            if seen.insert(steps).inserted { listed.append(steps) }
        }
        let ordered = listed.sorted { $0.count != $1.count ? $0.count < $1.count : $0.map(\.type).lexicographicallyPrecedes($1.map(\.type)) }
        return PathAnswer(
            from: names.display(from), to: names.display(to), direction: direction,
            paths: Array(ordered.prefix(PathAnswer.limit)), more: max(0, ordered.count - PathAnswer.limit)
        )
    }

    /// The nearest way up from each node of type `from` to a node of type `to` (breadth first,
    /// so the shortest; each node visited once, so a loop ends).
    func paths(from: String, up to: String) -> [[ObjectID]] {
        var result: [[ObjectID]] = []
        for start in snapshot.nodes where start.type == from {
            var cameFrom: [ObjectID: ObjectID] = [start.id: start.id]
            var queue = [start.id]
            var head = 0
            while head < queue.count {
                let id = queue[head]
                head += 1
                if id != start.id, nodes[id]?.type == to {
                    var path = [id]
                    var current = id
                    while let previous = cameFrom[current], previous != current {
                        path.append(previous)
                        current = previous
                    }
                    result.append(path.reversed())
                    break
                }
                for next in above(id) where cameFrom[next] == nil {
                    cameFrom[next] = id
                    queue.append(next)
                }
            }
        }
        return result
    }

    /// What a node hangs from: its parent, and for a holder or module the component it was built with.
    func above(_ id: ObjectID) -> [ObjectID] {
        guard let node = nodes[id] else { return [] }
        return [node.parent, node.kind == .component ? nil : node.component].compactMap { $0 }.filter { nodes[$0] != nil }
    }
}
