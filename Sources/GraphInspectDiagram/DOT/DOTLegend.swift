/// The legend: a sample of every kind of node and edge a picture uses, each saying what it means,
/// in a cluster hung below the picture (to its right when it reads left to right).
///
/// Every caption is a node's own label, so Graphviz keeps them apart: an edge sample is a point
/// joined to its caption by an unlabelled edge in the edge's style. Entries are packed into rows
/// of about `rowWidth` points, each row one rank.
struct DOTLegend {
    enum Entry {
        /// A node drawn in `style` with the caption inside.
        case node(style: [String: String], caption: String)
        /// A point and a caption joined by an edge in `style`.
        case edge(style: [String: String], caption: String)

        var caption: String {
            switch self { case .node(_, let caption), .edge(_, let caption): caption }
        }

        /// Rough width in points at the legend's 10 pt font: enough to pack rows, not to lay out.
        var estimatedWidth: Int {
            switch self {
            case .node: caption.count * 6 + 50
            case .edge: caption.count * 6 + 60
            }
        }
    }

    static let rowWidth = 520

    var entries: [Entry] = []
    var leftToRight: Bool

    init(diagram: Diagram) {
        leftToRight = diagram.leftToRight
        for (kind, meaning) in DOTStyle.nodeMeanings(for: diagram) {
            entries.append(.node(style: DOTStyle.node(kind), caption: meaning))
        }
        for kind in Set(diagram.nodes.compactMap(\.customKind)).sorted() {
            entries.append(.node(style: RecordedKindStyle.node(kind), caption: kind))
        }
        let changes = Set(diagram.nodes.compactMap(\.change) + diagram.edges.compactMap(\.change))
        for change in Diagram.Change.allCases where changes.contains(change) {
            let caption = change == .removed ? "removed: only in the old run" : change == .added ? "added: only in the new run" : "changed: moved, or another provider"
            entries.append(.node(style: DOTStyle.node(.module).merging(DOTStyle.change(change)) { $1 }, caption: caption))
        }
        if diagram.nodes.contains(where: \.retained) {
            entries.append(.node(style: DOTStyle.node(.module).merging(DOTStyle.retained) { $1 }, caption: "retained after detach: a leak"))
        }
        if diagram.isReplay {
            entries.append(.node(style: DOTStyle.node(.module).merging(DOTStyle.highlight) { $1 }, caption: "the newest step"))
        } else {
            entries += Self.releasedSamples(diagram)
        }
        for (kind, meaning) in DOTStyle.edgeMeanings(for: diagram) {
            var style = DOTStyle.edge(kind)
            style["dir"] = nil
            entries.append(.edge(style: style, caption: meaning))
        }
        for kind in Set(diagram.edges.compactMap(\.customKind)).sorted() {
            entries.append(.edge(style: RecordedKindStyle.edge(kind), caption: kind))
        }
    }

    /// "released" drawn as what was released: a sample per kind of node the picture shows released
    /// (its shape and fill, greyed and dashed), named by kind when there are several.
    static func releasedSamples(_ diagram: Diagram) -> [Entry] {
        let released = diagram.nodes.filter(\.released)
        var samples = DOTStyle.nodeMeanings(for: diagram).filter { kind, _ in released.contains { $0.kind == kind } }
            .map { kind, meaning in (style: DOTStyle.node(kind), name: String(meaning.prefix { $0 != ":" })) }
        samples += Set(released.compactMap(\.customKind)).sorted().map { (style: RecordedKindStyle.node($0), name: $0) }
        return samples.map { sample in
            .node(style: DOTStyle.released(sample.style), caption: samples.count == 1 ? "released" : "released " + sample.name)
        }
    }

    /// The legend's cluster, tied below `anchor` by an invisible edge.
    func cluster(below anchor: String?) -> String {
        guard !entries.isEmpty else { return "" }
        var out = "  subgraph \"cluster_legend\" {\n"
        out += "    graph " + DOTSyntax.attributes(["color": "#cccccc", "fontcolor": "#666666", "fontsize": "10", "label": "legend", "style": "rounded"]) + "\n"
        var links: [String] = []
        var rows: [[Int]] = [[]]
        var width = 0
        for (index, entry) in entries.enumerated() {
            if leftToRight || (width + entry.estimatedWidth > Self.rowWidth && !rows[rows.count - 1].isEmpty) {
                rows.append([])
                width = 0
            }
            rows[rows.count - 1].append(index)
            width += entry.estimatedWidth
        }
        rows.removeAll { $0.isEmpty }
        let invisible = DOTSyntax.attributes(["style": "invis"])
        for (rowIndex, row) in rows.enumerated() {
            // Left to right, every entry hangs off the anchor in the same two ranks, so they stack;
            // top to bottom, a row is one rank, ordered by invisible flat edges.
            out += leftToRight ? "" : "    {\n      graph [rank=\"same\"]\n"
            let indent = leftToRight ? "    " : "      "
            for index in row {
                out += indent + node(index) + "\n"
                if case .edge = entries[index] { out += indent + caption(index) + "\n" }
            }
            out += leftToRight ? "" : "    }\n"
            for index in row {
                if case .edge(let style, _) = entries[index] {
                    var attrs = style
                    attrs["constraint"] = nil
                    links.append(DOTSyntax.quoted(first(index)) + " -> " + DOTSyntax.quoted(last(index)) + " " + DOTSyntax.attributes(attrs))
                }
            }
            if leftToRight { continue }
            for (left, right) in zip(row, row.dropFirst()) {
                links.append(DOTSyntax.quoted(last(left)) + " -> " + DOTSyntax.quoted(first(right)) + " " + invisible)
            }
            if rowIndex > 0 {
                links.append(DOTSyntax.quoted(first(rows[rowIndex - 1][0])) + " -> " + DOTSyntax.quoted(first(row[0])) + " " + invisible)
            }
        }
        for link in links { out += "    " + link + "\n" }
        out += "  }\n"
        if let anchor {
            let tops = leftToRight ? Array(entries.indices) : [rows[0][0]]
            for top in tops { out += "  " + DOTSyntax.quoted(anchor) + " -> " + DOTSyntax.quoted(first(top)) + " " + invisible + "\n" }
        }
        return out
    }

    private func first(_ index: Int) -> String { "legend_\(index)" }

    private func last(_ index: Int) -> String {
        if case .edge = entries[index] { return "legend_\(index)_caption" }
        return first(index)
    }

    private func node(_ index: Int) -> String {
        switch entries[index] {
        case .node(var style, let caption):
            style["fontsize"] = "10"
            style["label"] = DOTLabel.literal(caption)
            return DOTSyntax.quoted(first(index)) + " " + DOTSyntax.attributes(style)
        case .edge:
            return DOTSyntax.quoted(first(index)) + " " + DOTSyntax.attributes(["height": "0.05", "label": "", "shape": "point", "width": "0.05"])
        }
    }

    private func caption(_ index: Int) -> String {
        DOTSyntax.quoted(last(index)) + " " + DOTSyntax.attributes([
            "fontsize": "10", "label": DOTLabel.literal(entries[index].caption), "margin": "0.05,0", "shape": "plaintext",
        ])
    }
}
