import GraphInspect

/// The snapshot's nodes by id: an array read by a dense index, since ids are numbered from 1 in
/// creation order (a run's and a static reading's alike), with a dictionary for any id past
/// twice the node count. Every walk up a chain reads it once a step.
struct NodeTable: Sendable {
    private let nodes: [GraphNode]
    /// Position in `nodes` by raw id, -1 for none.
    private let dense: [Int32]
    private let sparse: [ObjectID: Int]

    init(_ nodes: [GraphNode]) {
        self.nodes = nodes
        let limit = nodes.count * 2 + 1
        var dense = [Int32](repeating: -1, count: limit + 1)
        var sparse: [ObjectID: Int] = [:]
        for (index, node) in nodes.enumerated() {
            if node.id.rawValue <= UInt64(limit) { dense[Int(node.id.rawValue)] = Int32(index) } else { sparse[node.id] = index }
        }
        self.dense = dense
        self.sparse = sparse
    }

    subscript(id: ObjectID) -> GraphNode? {
        position(of: id).map { nodes[$0] }
    }

    /// The node's place in the snapshot's node list, nil for an id no node has.
    func position(of id: ObjectID) -> Int? {
        if id.rawValue < UInt64(dense.count) {
            let index = dense[Int(id.rawValue)]
            return index < 0 ? nil : Int(index)
        }
        return sparse[id]
    }

    /// One field of a node, read in place: a whole node copied out retains each of its fields,
    /// which a pass over every lookup paid for every one.
    func providers(of id: ObjectID) -> [Provider]? { position(of: id).flatMap { nodes[$0].providers } }

    /// A node's module-qualified type, read in place (every step of `impact`'s climbs asks it).
    func type(of id: ObjectID) -> String? { position(of: id).map { nodes[$0].type } }

    func parent(at position: Int) -> ObjectID? { nodes[position].parent }

    /// A value for each node, in the table's order (what `position(of:)` indexes).
    func map<T>(_ transform: (GraphNode) -> T) -> [T] { nodes.map(transform) }
}
