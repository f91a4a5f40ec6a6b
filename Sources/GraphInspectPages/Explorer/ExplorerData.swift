import GraphInspect
import GraphInspectText

/// What the explorer page knows about a graph, as script-safe JSON: every node (drawn or not) with
/// what its panel shows, the edges of each drawn view by kind, and every failed lookup with its
/// report and walk. Names stay data: the page shows them with `textContent`.
public struct ExplorerData: Sendable {
    /// One drawn picture: its name, its SVG (drawn with `edgeID` on every edge, so the page
    /// knows each edge's kind), and what it draws.
    public struct View: Sendable {
        public var name: String
        public var svg: String
        public var diagram: Diagram

        public init(name: String, svg: String, diagram: Diagram) {
            self.name = name
            self.svg = svg
            self.diagram = diagram
        }
    }

    public var json: String

    /// The views a page shows: the one `options` chooses first, then the other tree the graph
    /// has (both trees in one picture only when chosen), each drawn with `options`' filters, its
    /// edges given `edgeID`s, and turned into SVG by `render` (DOT and its diagram in, SVG out).
    public static func views(
        of snapshot: GraphSnapshot, options: DiagramOptions, ranked: Bool = true,
        render: (_ dot: String, _ diagram: Diagram) throws -> String
    ) throws -> [View] {
        let chosen = options.view(for: snapshot)
        let others: [(DiagramOptions.View, String)] = [(.dependencies, "dependency graph"), (.modules, "module tree")]
        let names = [(chosen, chosen == .all ? "both trees" : chosen == .modules ? "module tree" : "dependency graph")] + others.filter { $0.0 != chosen }
        var views: [View] = []
        for (view, name) in names {
            var drawn = options
            drawn.view = view
            let diagram = try DiagramBuilder(options: drawn).build(snapshot).foldingLookups(above: DOTWriter.lookupEdgesUpTo)
            guard !diagram.nodes.isEmpty else { continue }
            let dot = DOTWriter().write(diagram, legend: drawn.legend, ranked: ranked, edgeIDs: edgeID)
            views.append(View(name: name, svg: try render(dot, diagram), diagram: diagram))
        }
        return views
    }

    /// The `id` the explorer's pictures give each edge: `e3-lookup`, its kind after the dash.
    public static let edgeID: @Sendable (Int, Diagram.Edge) -> String = { index, edge in "e\(index)-\(edge.kind.rawValue)" }

    public init(snapshot: GraphSnapshot, views: [View], title: String) {
        let index = Index(snapshot)
        var out = "{\"title\":" + Self.string(title) + ",\"nodes\":{"
        out += snapshot.nodes.map { node in Self.string(DiagramBuilder.nodeID(node)) + ":" + Self.node(node, index) }.joined(separator: ",")
        out += "},\"views\":["
        out += views.map { view in
            "{\"name\":" + Self.string(view.name) + ",\"svg\":" + Self.string(PageDocument.inlineSVG(view.svg))
                + ",\"summary\":" + (view.diagram.summary.map(Self.string) ?? "null")
                + ",\"drawn\":[" + view.diagram.nodes.map { Self.string($0.id) }.joined(separator: ",") + "]}"
        }.joined(separator: ",")
        out += "],\"failures\":["
        out += snapshot.failures().map { failure in
            let walk: [String]
            let requester: String
            switch failure {
            case .dependency(let report, _):
                walk = report.walk.map { DiagramBuilder.nodeID(kind: .component, $0.id) }
                requester = DiagramBuilder.nodeID(kind: .component, report.requester.id)
            case .module(let report, _):
                walk = report.walk.map { DiagramBuilder.nodeID(kind: .holder, $0.holder.id) }
                requester = walk.first ?? ""
            }
            let report = failure.report(style: .plain)
            let headline = report.split(separator: "\n").first.map(String.init) ?? ""
            return "{\"headline\":" + Self.string(headline) + ",\"report\":" + Self.string(report) + ",\"requester\":" + Self.string(requester)
                + ",\"walk\":[" + walk.map(Self.string).joined(separator: ",") + "]}"
        }.joined(separator: ",")
        out += "]}"
        json = out
    }

    /// Lookups and relations by node, computed once for the whole page.
    private struct Index {
        let snapshot: GraphSnapshot
        var lookupsBy: [ObjectID: [DependencyLookup]] = [:]
        var lookupsFrom: [ObjectID: [DependencyLookup]] = [:]
        var moduleOf: [ObjectID: ObjectID] = [:]

        init(_ snapshot: GraphSnapshot) {
            self.snapshot = snapshot
            for lookup in snapshot.lookups {
                lookupsBy[lookup.requester, default: []].append(lookup)
                if let provider = lookup.provider { lookupsFrom[provider, default: []].append(lookup) }
            }
            for node in snapshot.nodes where node.kind == .module {
                if let component = node.component { moduleOf[component] = node.id }
            }
        }

        func label(_ id: ObjectID?) -> String {
            guard let id, let node = snapshot.node(id) else { return "?" }
            return Quoted.visible(DiagramBuilder.keyed(node)) + " \(node.id)"
        }
    }

    private static func node(_ node: GraphNode, _ index: Index) -> String {
        var path: [String] = []
        var current: GraphNode? = node
        var seen: Set<ObjectID> = []
        while let step = current, seen.insert(step.id).inserted {
            path.append(index.label(step.id))
            current = step.parent.flatMap(index.snapshot.node)
        }
        var fields: [(String, String)] = [
            ("label", string(index.label(node.id))),
            ("kind", string(node.kind.rawValue)),
            ("type", string(node.type)),
            ("released", node.released ? "true" : "false"),
            ("path", list(path.reversed())),
            ("provides", list((node.providers ?? []).map { "\(Quoted.name($0.name)): \(ShortTypeName.of($0.type))" + ($0.form == .stored ? "" : " (\($0.form.rawValue))") })),
            ("resolved", list(ResolvedDependency.summarize(index.lookupsBy[node.id] ?? []).map { resolved in
                let from = resolved.provider.map { index.label($0) } ?? "MISSING"
                var text = "\(Quoted.name(resolved.name)): \(ShortTypeName.of(resolved.type)) <- \(from)"
                if resolved.provider != nil, resolved.hops > 0 { text += " (\(resolved.hops) \(resolved.hops == 1 ? "hop" : "hops"))" }
                if resolved.cacheHits > 0 { text += ", \(resolved.cacheHits) cache \(resolved.cacheHits == 1 ? "hit" : "hits")" }
                return text
            })),
            ("resolvedFromIt", list(requesters(of: node.id, index))),
        ]
        var related: [String] = []
        if let module = index.moduleOf[node.id] { related.append("module: " + index.label(module)) }
        if node.kind == .module {
            if let holder = node.parent { related.append("held by: " + index.label(holder)) }
            if let component = node.component { related.append("component: " + index.label(component)) }
            if let router = node.router { related.append("router: " + index.label(router)) }
        }
        if node.kind == .holder {
            if let component = node.component { related.append("component: " + index.label(component)) }
            related += (node.modules ?? []).map { "holds: " + index.label($0) }
        }
        fields.append(("related", list(related)))
        return "{" + fields.map { string($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
    }

    /// "CartComponent #4: payments: Payments (2 lookups)", one per requester and name.
    private static func requesters(of provider: ObjectID, _ index: Index) -> [String] {
        var counts: [String: Int] = [:]
        var order: [String] = []
        for lookup in index.lookupsFrom[provider] ?? [] {
            let line = "\(index.label(lookup.requester)): \(Quoted.name(lookup.name)): \(ShortTypeName.of(lookup.type))"
            if counts[line] == nil { order.append(line) }
            counts[line, default: 0] += 1 + (lookup.repeats ?? 0)
        }
        return order.map { "\($0) (\(counts[$0]!) \(counts[$0]! == 1 ? "lookup" : "lookups"))" }
    }

    private static func list(_ lines: [String]) -> String {
        "[" + lines.map(string).joined(separator: ",") + "]"
    }

    private static func string(_ text: String) -> String {
        JSONString.literal(text, safeInHTMLScript: true)
    }
}
