import GraphInspectDiagram

/// A view too big to read in one picture, as the data the page lays out itself: every node of the
/// view's diagram with its title, detail lines, colours and the index of its parent in the tree
/// (the structural edges: a component's parent, a holder's holds, a recorded node's owner).
///
/// The page draws it as an outline that opens in place (`outline.js`): Graphviz would need
/// seconds for 10,000 nodes and 0.6 KB of SVG each, most of it for nodes nobody opens, while a
/// tree laid out in the browser costs a pass over what is open. Lookups are not edges here: the
/// page draws those of the node selected, from the node's own data.
public struct ExplorerOutline: Sendable {
    /// `{"palette":[[fill,line],...],"nodes":[[key,title,details,colour,parent,state],...]}`,
    /// `parent` an index into `nodes` or -1, `details` the lines joined by newlines, `state` 0,
    /// 1 released, 2 retained after detach (a leak, drawn as the pictures draw one).
    public let json: String
    /// Each node's parent's index, -1 for a root: a parent chain that loops is cut where it
    /// comes back, so the page always gets a forest.
    public let parents: [Int]

    public init(_ diagram: Diagram) {
        var position: [String: Int] = [:]
        for (index, node) in diagram.nodes.enumerated() { position[node.id] = index }
        var parents = Array(repeating: -1, count: diagram.nodes.count)
        for edge in diagram.edges {
            switch edge.kind {
            case .parent, .owner:
                if let child = position[edge.from], let parent = position[edge.to], parents[child] < 0 { parents[child] = parent }
            case .holds:
                if let child = position[edge.to], let parent = position[edge.from], parents[child] < 0 { parents[child] = parent }
            default:
                break
            }
        }
        Self.cutLoops(&parents)
        self.parents = parents

        var palette: [String: Int] = [:]
        var colours: [String] = []
        var out = "{\"nodes\":["
        for (index, node) in diagram.nodes.enumerated() {
            let colors = node.colors
            let pair = "[" + PageJSON.literal(colors.fill) + "," + PageJSON.literal(colors.line) + "]"
            let colour = palette[pair] ?? {
                palette[pair] = colours.count
                colours.append(pair)
                return colours.count - 1
            }()
            if index > 0 { out += "," }
            out += "[" + PageJSON.literal(node.id) + "," + PageJSON.literal(node.title) + ","
                + PageJSON.literal(node.details.joined(separator: "\n")) + ",\(colour),\(parents[index]),\(node.released ? 1 : node.retained ? 2 : 0)]"
        }
        out += "],\"palette\":[" + colours.joined(separator: ",") + "]}"
        json = out
    }

    /// Walks each chain once (states: 0 unseen, 1 on the chain being walked, 2 done) and makes
    /// the node whose parent is already on the chain a root.
    private static func cutLoops(_ parents: inout [Int]) {
        var state = Array(repeating: UInt8(0), count: parents.count)
        var chain: [Int] = []
        for start in parents.indices where state[start] == 0 {
            var current = start
            while current >= 0, state[current] == 0 {
                state[current] = 1
                chain.append(current)
                let parent = parents[current]
                if parent >= 0, state[parent] == 1 { parents[current] = -1 }
                current = parents[current]
            }
            for index in chain { state[index] = 2 }
            chain.removeAll(keepingCapacity: true)
        }
    }
}
