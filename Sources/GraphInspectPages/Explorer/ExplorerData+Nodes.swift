import GraphInspect
import GraphInspectDiagram

/// The nodes of the page's data, whole (the live page's `/panel`) or in shorthand (the explorer
/// page, which `explorer-data.js` makes whole before anything reads it).
extension ExplorerData {
    /// Lookups and relations by node, computed once for the whole page.
    struct Index {
        let snapshot: GraphSnapshot
        var lookupsBy: [ObjectID: [DependencyLookup]] = [:]
        var moduleOf: [ObjectID: ObjectID] = [:]
        /// Each node's provides lines as the page holds them, made once: a resolved entry in
        /// shorthand points at its provider's line by its number among all the page's lines
        /// (`firstLine`, the number of a node's first line, numbered in the snapshot's order).
        var provides: [ObjectID: [String]] = [:]
        var firstLine: [ObjectID: Int] = [:]
        var ids: [String: ObjectID] = [:]

        init(_ snapshot: GraphSnapshot) {
            self.snapshot = snapshot
            for lookup in snapshot.lookups {
                lookupsBy[lookup.requester, default: []].append(lookup)
            }
            var lines = 0
            for node in snapshot.nodes {
                ids[DiagramBuilder.nodeID(node)] = node.id
                if node.kind == .module, let component = node.component { moduleOf[component] = node.id }
                if let providers = node.providers, !providers.isEmpty {
                    firstLine[node.id] = lines
                    lines += providers.count
                    provides[node.id] = providers.map { "\(Quoted.name($0.name)): \(ShortTypeName.of($0.type))" + ($0.form == .stored ? "" : " (\($0.form.rawValue))") }
                }
            }
        }

        func label(_ id: ObjectID?) -> String {
            guard let id, let node = snapshot.node(id) else { return "?" }
            return Quoted.visible(DiagramBuilder.keyed(node)) + " \(node.id)"
        }

        func label(ofKey key: String) -> String? {
            ids[key].map(label)
        }

        func provides(ofKey key: String) -> [String] {
            ids[key].flatMap { provides[$0] } ?? []
        }

        func key(_ id: ObjectID) -> String? {
            snapshot.node(id).map(DiagramBuilder.nodeID)
        }
    }

    /// One node: `[label, kind, type, released, parent key or null, provides, resolved, related]`.
    /// `resolved` holds `[name, type, provider key or null, hops, cache hits, lookups answered]`
    /// per name and type (`ResolvedDependency`); the page words it, and inverts it for "resolved
    /// from it". An array, not an object: at 10,000 nodes the field names would be a third of it.
    ///
    /// In `shorthand`, what the page can make again is left out (`PageShorthand`): the label and
    /// the kind are 0 when they follow from the key and the type, and a resolved entry that is
    /// its provider's provides line is `[that line's number, hops, cache hits, lookups answered]`,
    /// and a related node is `[relation, key]` (`PageShorthand.relations`).
    static func node(_ node: GraphNode, _ index: Index, shorthand: Bool, into out: inout String) {
        let key = DiagramBuilder.nodeID(node), label = index.label(node.id)
        out += "[" + (shorthand && PageShorthand.same(label, PageShorthand.label(type: node.type, key: key)) ? "0" : PageJSON.literal(label)) + ","
        out += (shorthand && PageShorthand.kindFollowsFromKey(node.kind) ? "0" : PageJSON.literal(node.kind.rawValue)) + "," + PageJSON.literal(node.type)
        out += node.released ? ",1," : ",0,"
        out += node.parent.flatMap(index.key).map(PageJSON.literal) ?? "null"
        out += "," + list(index.provides[node.id] ?? [])
        out += ",["
        var first = true
        for resolved in ResolvedDependency.summarize(index.lookupsBy[node.id] ?? []) {
            if !first { out += "," }
            first = false
            let name = Quoted.name(resolved.name), type = ShortTypeName.of(resolved.type)
            let counts = ",\(resolved.hops),\(resolved.cacheHits),\(max(0, resolved.lookups - resolved.misses))]"
            if shorthand, let provider = resolved.provider, let first = index.firstLine[provider],
               let line = PageShorthand.providesLine(name: name, type: type, in: index.provides[provider] ?? []) {
                out += "[\(first + line)" + counts
                continue
            }
            out += "[" + PageJSON.literal(name) + "," + PageJSON.literal(type) + ","
            out += resolved.provider.flatMap(index.key).map(PageJSON.literal) ?? "null"
            out += counts
        }
        out += "],"
        var related: [(relation: Int, node: ObjectID)] = []
        if let module = index.moduleOf[node.id] { related.append((0, module)) }
        if node.kind == .module {
            if let holder = node.parent { related.append((1, holder)) }
            if let component = node.component { related.append((2, component)) }
            if let router = node.router { related.append((3, router)) }
        }
        if node.kind == .holder {
            if let component = node.component { related.append((2, component)) }
            related += (node.modules ?? []).map { (4, $0) }
        }
        out += "[" + related.map { relation, id in
            if shorthand, let key = index.key(id) { return "[\(relation)," + PageJSON.literal(key) + "]" }
            return PageJSON.literal(PageShorthand.relations[relation] + ": " + index.label(id))
        }.joined(separator: ",") + "]]"
    }

    static func list(_ lines: [String]) -> String {
        "[" + lines.map(PageJSON.literal).joined(separator: ",") + "]"
    }
}
