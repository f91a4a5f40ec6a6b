import GraphInspect
import GraphInspectDiagram

/// What the explorer page knows about a graph, as script-safe JSON: every node (drawn or not)
/// with the facts its panel shows, each view (a picture Graphviz drew, or an outline the page lays
/// out itself), and every failed lookup with its report and walk. Names stay data: the page shows
/// them with `textContent`.
///
/// The data grows with the graph, not faster: a node carries its parent's key, not its path, and
/// what it resolved, not who resolved from it; the page derives both. A graph too big for one
/// picture is sent as an outline (`ExplorerOutline`), not as pre-drawn SVG.
public struct ExplorerData: Sendable {
    /// One view of the graph: a picture Graphviz drew (`svg`, drawn with `edgeID` on every edge,
    /// so the page knows each edge's kind), or, for a graph too big to read in one picture, an
    /// outline the page lays out and opens in place (`outline`).
    public struct View: Sendable {
        public var name: String
        public var svg: String?
        public var outline: ExplorerOutline?
        public var diagram: Diagram
    }

    public var json: String

    /// The views a page shows: the one `options` chooses first, then the other tree the graph
    /// has (both trees in one picture only when chosen), each with `options`' filters. A view of
    /// more than `options.summarizeAbove` nodes (with no `--depth` or `--dependency`) becomes an
    /// outline; the others are drawn: their edges given `edgeID`s and turned into SVG by `render`
    /// (DOT and its diagram in, SVG out).
    public static func views(
        of snapshot: GraphSnapshot, options: DiagramOptions, ranked: Bool = true,
        render: (_ dot: String, _ diagram: Diagram) throws -> String
    ) throws -> [View] {
        let chosen = options.view(for: snapshot)
        let others: [(DiagramOptions.View, String)] = [(.dependencies, "dependency graph"), (.modules, "module tree")]
        let names = [(chosen, chosen == .all ? "both trees" : chosen == .modules ? "module tree" : "dependency graph")] + others.filter { $0.0 != chosen }
        var views: [View] = []
        for (view, name) in names {
            var whole = options
            whole.view = view
            whole.summarizeAbove = nil
            let diagram = try DiagramBuilder(options: whole).build(snapshot)
            guard !diagram.nodes.isEmpty else { continue }
            if let limit = options.summarizeAbove, diagram.nodes.count > limit, options.depth == nil, options.dependency == nil {
                var outlined = diagram
                outlined.summary = "\(diagram.nodes.count) nodes are too many to read in one picture: drawn as an outline that opens in place. "
                    + "Click a node's + to open its part, or find any node by name; --full draws it all with Graphviz"
                views.append(View(name: name, svg: nil, outline: ExplorerOutline(diagram), diagram: outlined))
                continue
            }
            let folded = diagram.foldingLookups(above: DOTWriter.lookupEdgesUpTo)
            let dot = DOTWriter().write(folded, legend: whole.legend, ranked: ranked, edgeIDs: edgeID)
            views.append(View(name: name, svg: try render(dot, folded), outline: nil, diagram: folded))
        }
        return views
    }

    /// The `id` the explorer's pictures give each edge: `e3-lookup`, its kind after the dash.
    public static let edgeID: @Sendable (Int, Diagram.Edge) -> String = { index, edge in "e\(index)-\(edge.kind.rawValue)" }

    /// The page's data. In `shorthand` (the page's own), what the page can make again from what
    /// it holds is left out (`PageShorthand`, `explorer-data.js`); without it every value is
    /// written whole, as the page holds it once read.
    public init(snapshot: GraphSnapshot, views: [View], title: String, leakGrace: UInt64 = RetainedAfterDetach.defaultGrace, shorthand: Bool = true) {
        let index = Index(snapshot)
        var out = "{\"title\":" + PageJSON.literal(title) + ",\"nodes\":{"
        var first = true
        for node in snapshot.nodes {
            if !first { out += "," }
            first = false
            out += PageJSON.literal(DiagramBuilder.nodeID(node)) + ":"
            Self.node(node, index, shorthand: shorthand, into: &out)
        }
        out += "},\"views\":["
        out += views.map { view in
            var text = "{\"name\":" + PageJSON.literal(view.name) + ",\"summary\":" + (view.diagram.summary.map(PageJSON.literal) ?? "null")
            if let outline = view.outline {
                text += ",\"outline\":" + outline.json(label: shorthand ? index.label(ofKey:) : { _ in nil })
            } else {
                text += ",\"svg\":" + PageJSON.literal(PageDocument.inlineSVG(view.svg ?? ""))
                text += ",\"drawn\":[" + view.diagram.nodes.map { PageJSON.literal($0.id) }.joined(separator: ",") + "]"
            }
            return text + "}"
        }.joined(separator: ",")
        out += "],\"failures\":" + Self.pageFailures(of: snapshot, index: index, shorthand: shorthand) + ",\"retained\":" + Self.pageRetained(of: snapshot, grace: leakGrace) + "}"
        json = out
    }

    /// Every module or holder alive after its holder let it go, as the page lists it after the
    /// failed lookups: `[[node, isLeak, report], ...]`, leaks first (`RetainedAfterDetach`).
    public static func pageRetained(of snapshot: GraphSnapshot, grace: UInt64) -> String {
        let retained = RetainedAfterDetach.find(in: snapshot, grace: grace)
        let ordered = retained.filter(\.isLeak) + retained.filter { !$0.isLeak }
        return "[" + ordered.compactMap { found in
            snapshot.node(found.node).map { node in
                "[" + PageJSON.literal(DiagramBuilder.nodeID(node)) + "," + (found.isLeak ? "true" : "false") + "," + PageJSON.literal(found.report(in: snapshot, grace: grace)) + "]"
            }
        }.joined(separator: ",") + "]"
    }

    /// For the live page (`/retained`): each module or holder alive after its holder let it go,
    /// leaks first, as `[{"node": key, "leak": bool, "headline": line, "report": text}]`. `now`
    /// is the app's clock as the page reckons it (the recording's end when it has ended).
    public static func retained(of snapshot: GraphSnapshot, grace: UInt64, now: UInt64?) -> String {
        let found = RetainedAfterDetach.find(in: snapshot, grace: grace, now: now)
        let ordered = found.filter(\.isLeak) + found.filter { !$0.isLeak }
        return "[" + ordered.compactMap { retained in
            snapshot.node(retained.node).map { node in
                let report = retained.report(in: snapshot, grace: grace)
                return PageJSON.object([
                    ("node", .string(DiagramBuilder.nodeID(node))), ("leak", .int(retained.isLeak ? 1 : 0)),
                    ("headline", .string(retained.headline(in: snapshot, grace: grace))), ("report", .string(report)),
                ]).text
            }
        }.joined(separator: ",") + "]"
    }

    /// Every failed lookup as the page holds it: `{"lines":[...],"list":[[requester, walk or null,
    /// [line, ...]], ...]}`. Each report's lines are indices into `lines`, which holds each line
    /// once: the reports of a big app repeat the same walked components (at 10,000 components
    /// and 1,500 failures, 1.4 MB of reports held 0.2 MB of distinct lines). A walked
    /// component's line is `[number, index]`, its line without the number. A walk is null when
    /// it is the requester's parent chain in the page's nodes, which the page follows.
    ///
    /// In `shorthand`, the lines the page makes from its nodes are left out (`PageShorthand`):
    /// the `asked by` line is -1, the `fix: declare` line -2, a walked component's line
    /// `[number]` (the walk's number-th), `[number, key, 1]` when it is the root.
    public static func pageFailures(of snapshot: GraphSnapshot, shorthand: Bool = true) -> String {
        pageFailures(of: snapshot, index: Index(snapshot), shorthand: shorthand)
    }

    static func pageFailures(of snapshot: GraphSnapshot, index: Index, shorthand: Bool) -> String {
        var lines: [String] = []
        var lineIndex: [String: Int] = [:]
        var parents: [String: String] = [:]
        for node in snapshot.nodes {
            if let parent = node.parent.flatMap(snapshot.node) { parents[DiagramBuilder.nodeID(node)] = DiagramBuilder.nodeID(parent) }
        }
        let list = snapshot.failures().map { failure in
            let (requester, walk) = Self.walk(of: failure)
            var chain: [String] = []
            var at: String? = requester
            while let key = at, chain.count <= walk.count {
                chain.append(key)
                at = parents[key]
            }
            let names = shorthand ? Self.names(of: [requester] + walk, index: index) : nil
            let askedBy = names.flatMap { names in names.first.map { PageShorthand.askedByLine(requester: $0, walk: Array(names.dropFirst())) } }
            let report = failure.report(style: .plain).split(separator: "\n", omittingEmptySubsequences: false)
            let fix = names.flatMap { names in
                report.first.flatMap { PageShorthand.declareFixLine(headline: String($0), requester: names[0], root: names[names.count - 1]) }
            }
            let refs = report.map { line -> String in
                if let askedBy, PageShorthand.same(String(line), askedBy) { return "-1" }
                if let fix, PageShorthand.same(String(line), fix) { return "-2" }
                // A walked component's line, `    3. Name  provides ...`, is kept without its
                // number: the same component is the 1st of its own failures and the 3rd of its
                // grandchildren's.
                var text = Substring(line), number: Int?
                if text.hasPrefix("    "), let digits = Optional(text.dropFirst(4).prefix { $0.isASCII && $0.isNumber }), !digits.isEmpty,
                   text.dropFirst(4 + digits.count).hasPrefix(". "), let ordinal = Int(digits) {
                    number = ordinal
                    text = text.dropFirst(4 + digits.count + 2)
                }
                let key = String(text)
                if let names, let number, case .dependency = failure, number >= 1, number < names.count {
                    let node = walk[number - 1], name = names[number], provides = index.provides(ofKey: node)
                    for root in [false, true] where PageShorthand.same(PageShorthand.walkedLine(name: name, provides: provides, root: root), key) {
                        return root ? "[\(number)," + PageJSON.literal(node) + ",1]" : "[\(number)]"
                    }
                }
                let at = lineIndex[key] ?? {
                    lineIndex[key] = lines.count
                    lines.append(key)
                    return lines.count - 1
                }()
                return number.map { "[\($0),\(at)]" } ?? String(at)
            }
            let shownWalk = chain == walk ? "null" : "[" + walk.map(PageJSON.literal).joined(separator: ",") + "]"
            return "[" + PageJSON.literal(requester) + "," + shownWalk + ",[" + refs.joined(separator: ",") + "]]"
        }
        return "{\"lines\":[" + lines.map(PageJSON.literal).joined(separator: ",") + "],\"list\":[" + list.joined(separator: ",") + "]}"
    }

    /// The names of the nodes keyed `keys` (`PageShorthand.name`); nil when one has none.
    private static func names(of keys: [String], index: Index) -> [String]? {
        var names: [String] = []
        for key in keys {
            guard let label = index.label(ofKey: key), let name = PageShorthand.name(label: label, key: key) else { return nil }
            names.append(name)
        }
        return names
    }

    /// A failure's requester and the keys of what it walked, nearest first.
    private static func walk(of failure: LookupFailure) -> (requester: String, walk: [String]) {
        switch failure {
        case .dependency(let report, _):
            (DiagramBuilder.nodeID(kind: .component, report.requester.id), report.walk.map { DiagramBuilder.nodeID(kind: .component, $0.id) })
        case .module(let report, _):
            {
                let walk = report.walk.map { DiagramBuilder.nodeID(kind: .holder, $0.holder.id) }
                return (walk.first ?? "", walk)
            }()
        }
    }

    /// Every failed lookup of `snapshot`: `[{"headline","report","requester","walk"}]`, the report
    /// as `graphinspect why` prints it.
    public static func failures(of snapshot: GraphSnapshot) -> String {
        "[" + snapshot.failures().map { failure in
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
            return "{\"headline\":" + PageJSON.literal(headline) + ",\"report\":" + PageJSON.literal(report) + ",\"requester\":" + PageJSON.literal(requester)
                + ",\"walk\":[" + walk.map(PageJSON.literal).joined(separator: ",") + "]}"
        }.joined(separator: ",") + "]"
    }

    /// What a panel shows of the node `key` (a live page asks for the node clicked):
    /// `{"nodes":{key: node, ...},"fromIt":[[requester key, resolved entry], ...]}`, the nodes
    /// being it, its ancestors and every node its lookups name, in the page data's node format.
    /// Nil when `snapshot` has no such node.
    public static func panel(of key: String, in snapshot: GraphSnapshot) -> String? {
        guard let node = snapshot.nodes.first(where: { DiagramBuilder.nodeID($0) == key }) else { return nil }
        let index = Index(snapshot)
        var wanted: [ObjectID] = [node.id]
        var seen: Set<ObjectID> = [node.id]
        var up = node.parent
        while let id = up, seen.insert(id).inserted {
            wanted.append(id)
            up = snapshot.node(id)?.parent
        }
        for resolved in ResolvedDependency.summarize(index.lookupsBy[node.id] ?? []) {
            if let provider = resolved.provider, seen.insert(provider).inserted { wanted.append(provider) }
        }
        var fromIt: [String] = []
        for (requester, lookups) in index.lookupsBy.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            for resolved in ResolvedDependency.summarize(lookups) where resolved.provider == node.id && resolved.lookups > resolved.misses {
                if seen.insert(requester).inserted { wanted.append(requester) }
                guard let key = index.key(requester) else { continue }
                fromIt.append("[" + PageJSON.literal(key) + ",[" + PageJSON.literal(Quoted.name(resolved.name)) + "," + PageJSON.literal(ShortTypeName.of(resolved.type))
                    + ",null,\(resolved.hops),\(resolved.cacheHits),\(max(0, resolved.lookups - resolved.misses))]]")
            }
        }
        var out = "{\"nodes\":{"
        var first = true
        for id in wanted {
            guard let wantedNode = snapshot.node(id) else { continue }
            if !first { out += "," }
            first = false
            out += PageJSON.literal(DiagramBuilder.nodeID(wantedNode)) + ":"
            Self.node(wantedNode, index, shorthand: false, into: &out)
        }
        return out + "},\"fromIt\":[" + fromIt.joined(separator: ",") + "]}"
    }
}
