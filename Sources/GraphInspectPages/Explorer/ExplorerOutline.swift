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
    public var json: String { json(label: { _ in nil }) }
    /// Each node's parent's index, -1 for a root: a parent chain that loops is cut where it
    /// comes back, so the page always gets a forest.
    public let parents: [Int]

    private struct Row {
        var key: String, title: String, details: String, colour: Int, state: Int
    }
    private let rows: [Row]
    private let palette: [String]

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

        var paletteIndex: [String: Int] = [:]
        var palette: [String] = []
        rows = diagram.nodes.map { node in
            let colors = node.colors
            let pair = "[" + PageJSON.literal(colors.fill) + "," + PageJSON.literal(colors.line) + "]"
            let colour = paletteIndex[pair] ?? {
                paletteIndex[pair] = palette.count
                palette.append(pair)
                return palette.count - 1
            }()
            return Row(key: node.id, title: node.title, details: node.details.joined(separator: "\n"), colour: colour,
                       state: node.released ? 1 : node.retained ? 2 : 0)
        }
        self.palette = palette
    }

    /// The JSON, each row whose title and details follow from its node's page label (`label` of
    /// its key) written `[key,extra,colour,parent,state]` (`PageShorthand.outlineExtra`): the
    /// explorer's `explorer-data.js` makes it whole again.
    func json(label: (String) -> String?) -> String {
        var out = "{\"nodes\":["
        for (index, row) in rows.enumerated() {
            if index > 0 { out += "," }
            out += "[" + PageJSON.literal(row.key) + ","
            if let label = label(row.key), let extra = PageShorthand.outlineExtra(label: label, key: row.key, title: row.title, details: row.details) {
                out += PageJSON.literal(extra)
            } else {
                out += PageJSON.literal(row.title) + "," + PageJSON.literal(row.details)
            }
            out += ",\(row.colour),\(parents[index]),\(row.state)]"
        }
        return out + "],\"palette\":[" + palette.joined(separator: ",") + "]}"
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
