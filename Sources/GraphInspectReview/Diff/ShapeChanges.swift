import GraphInspect

/// Two runs' shapes compared row by row, for the diff's comment: nodes added, removed or moved,
/// providers and lookups added or removed, lookups answered by another provider, and missing
/// dependencies that are new or fixed. Nodes are matched by path, as `GraphDiff` matches them.
struct ShapeChanges {
    /// A dependency, module or router lookup: who asks, for what, and who answers.
    struct Lookup: Hashable, Comparable {
        var requester: String
        /// `name: Type`, or `module "key"` / `router "key"`.
        var asked: String
        static func < (a: Self, b: Self) -> Bool { (a.requester, a.asked) < (b.requester, b.asked) }
    }

    var componentRows: [[String]] = []
    var treeRows: [[String]] = []
    var providerRows: [[String]] = []
    var lookupRows: [[String]] = []
    var newMissing: [Lookup] = []
    var fixedMissing: [Lookup] = []
    /// The `why` report of each new missing dependency, as the new run recorded it.
    var reports: [Lookup: String] = [:]
    /// Modules and holders retained after detach in one run and not the other, by path, with
    /// each new one's report.
    var newLeaks: [String] = []
    var fixedLeaks: [String] = []
    var leakReports: [String: String] = [:]
    private var counts: [(String, Int)] = []

    var isEmpty: Bool {
        componentRows.isEmpty && treeRows.isEmpty && providerRows.isEmpty && lookupRows.isEmpty && newMissing.isEmpty && fixedMissing.isEmpty
            && newLeaks.isEmpty && fixedLeaks.isEmpty
    }

    /// `diff` of `old` and `new`, in rows.
    init(_ diff: GraphDiff, old: GraphSnapshot, new: GraphSnapshot) {
        let before = diff.before, after = diff.after
        var added: [String: Int] = [:], removed: [String: Int] = [:]
        var moved = 0
        for change in diff.changes {
            switch change {
            case .added(let path), .removed(let path):
                let isAdded = if case .added = change { true } else { false }
                let kind = Self.kind(of: path)
                if isAdded { added[kind, default: 0] += 1 } else { removed[kind, default: 0] += 1 }
                let parent = (isAdded ? after.parentPath[path] : before.parentPath[path]) ?? "^"
                row(isAdded ? "+" : "\u{2212}", kind: kind, name: Self.name(path, parent: parent), parent: parent)
            case .moved(let identity, let from, let to):
                moved += 1
                let kind = Self.kind(of: identity)
                let name = String(identity.dropFirst(kind.count + 1))
                row("moved", kind: kind, name: name, parent: Self.shownChain(from) + " \u{2192} " + Self.shownChain(to), parentIsText: true)
            case .lookup:
                continue
            }
        }

        // Providers, on components in both runs (a new component's providers come with it).
        var providersAdded = 0, providersRemoved = 0
        for key in Set(before.providers.keys).union(after.providers.keys).sorted() where before.byKey[key] != nil && after.byKey[key] != nil {
            let was = before.providers[key] ?? [], now = after.providers[key] ?? []
            for provider in now.subtracting(was).sorted() { providersAdded += 1; providerRows.append(["+", Self.code(key), MarkdownEscaping.code(provider)]) }
            for provider in was.subtracting(now).sorted() { providersRemoved += 1; providerRows.append(["\u{2212}", Self.code(key), MarkdownEscaping.code(provider)]) }
        }

        // Lookups: dependency lookups by name and type, module and router lookups by key.
        func lookups(_ keyed: Keyed) -> [Lookup: String] {
            var all: [Lookup: String] = [:]
            for (key, answer) in keyed.lookups { all[Lookup(requester: key.requester, asked: key.name + ": " + ShortTypeName.of(key.type))] = answer }
            for (key, answer) in keyed.moduleLookups { all[Lookup(requester: key.requester, asked: key.type + " " + Quoted.string(key.name))] = answer }
            return all
        }
        let was = lookups(before), now = lookups(after)
        var hopsNow: [Lookup: Keyed.Hops] = [:]
        for (key, hops) in after.hops {
            let asked = after.lookups[key] != nil ? key.name + ": " + ShortTypeName.of(key.type) : key.type + " " + Quoted.string(key.name)
            hopsNow[Lookup(requester: key.requester, asked: asked)] = hops
        }
        var lookupsAdded = 0, lookupsRemoved = 0, answeredOtherwise = 0
        for lookup in Set(was.keys).union(now.keys).sorted() {
            switch (was[lookup], now[lookup]) {
            case (nil, let answer?):
                lookupsAdded += 1
                lookupRows.append(["+", Self.code(lookup.requester), MarkdownEscaping.code(lookup.asked), Self.answer(answer) + Self.walked(hopsNow[lookup])])
                if answer == Keyed.missing { newMissing.append(lookup) }
            case (let answer?, nil):
                lookupsRemoved += 1
                lookupRows.append(["\u{2212}", Self.code(lookup.requester), MarkdownEscaping.code(lookup.asked), Self.answer(answer)])
            case (let before?, let after?) where before != after:
                answeredOtherwise += 1
                lookupRows.append(["~", Self.code(lookup.requester), MarkdownEscaping.code(lookup.asked), Self.answer(before) + " \u{2192} " + Self.answer(after)])
                if after == Keyed.missing { newMissing.append(lookup) }
                if before == Keyed.missing { fixedMissing.append(lookup) }
            default:
                continue
            }
        }
        if !newMissing.isEmpty { reports = Self.reports(of: Set(newMissing), in: new, keyed: after) }

        for kind in ["component", "holder", "module", "router", "viewComponent"] + Set(added.keys).union(removed.keys).subtracting(["component", "holder", "module", "router", "viewComponent"]).sorted() {
            let word = kind == "viewComponent" ? "view component" : kind
            if let count = added[kind] { counts.append(("+\(count) \(word)", count)) }
            if let count = removed[kind] { counts.append(("-\(count) \(word)", count)) }
        }
        if moved > 0 { counts.append(("\(moved) moved", 0)) }
        if providersAdded > 0 { counts.append(("+\(providersAdded) provider", providersAdded)) }
        if providersRemoved > 0 { counts.append(("-\(providersRemoved) provider", providersRemoved)) }
        if lookupsAdded > 0 { counts.append(("+\(lookupsAdded) lookup", lookupsAdded)) }
        if lookupsRemoved > 0 { counts.append(("-\(lookupsRemoved) lookup", lookupsRemoved)) }
        if answeredOtherwise > 0 { counts.append(("\(answeredOtherwise) \(answeredOtherwise == 1 ? "lookup" : "lookups") answered by another provider", 0)) }
        if !newMissing.isEmpty { counts.append(("\(newMissing.count) new missing \(newMissing.count == 1 ? "dependency" : "dependencies")", 0)) }
        if !fixedMissing.isEmpty { counts.append(("\(fixedMissing.count) fixed missing \(fixedMissing.count == 1 ? "dependency" : "dependencies")", 0)) }
        newLeaks = diff.newLeaks
        fixedLeaks = diff.fixedLeaks
        leakReports = diff.leakReports
        if !newLeaks.isEmpty { counts.append(("\(newLeaks.count) new \(newLeaks.count == 1 ? "leak" : "leaks")", 0)) }
        if !fixedLeaks.isEmpty { counts.append(("\(fixedLeaks.count) fixed \(fixedLeaks.count == 1 ? "leak" : "leaks")", 0)) }
    }

    /// `+2 components, -1 lookup, 1 new missing dependency`.
    var summary: String {
        counts.map { text, count in count > 1 && !text.hasSuffix("moved") ? Self.plural(text) : text }.joined(separator: ", ")
    }

    private mutating func row(_ mark: String, kind: String, name: String, parent: String, parentIsText: Bool = false) {
        let under = parentIsText ? parent : Self.shownChain(parent)
        if kind == "component" {
            componentRows.append([mark, MarkdownEscaping.code(name), MarkdownEscaping.code(under)])
        } else {
            treeRows.append([mark, kind == "viewComponent" ? "view component" : kind, MarkdownEscaping.code(name), MarkdownEscaping.code(under)])
        }
    }

    private static func plural(_ text: String) -> String {
        text.hasSuffix("dependency") ? String(text.dropLast()) + "ies" : text + "s"
    }

    static func kind(of path: String) -> String {
        String(path.prefix { $0 != " " })
    }

    /// The last name of a node's path: what follows its parent's chain.
    static func name(_ path: String, parent: String) -> String {
        let chain = path.dropFirst(kind(of: path).count + 1)
        let prefix = parent + "->"
        return chain.hasPrefix(prefix) ? String(chain.dropFirst(prefix.count)) : String(chain)
    }

    static func shownChain(_ chain: String) -> String {
        chain == "^" ? "(a root)" : chain.hasPrefix("^->") ? String(chain.dropFirst(3)) : chain
    }

    static func code(_ path: String) -> String { MarkdownEscaping.code(DiffMarkdown.shown(path)) }

    /// A new lookup's walk after its answer: ` (2 hops, via `ProfileComponent`)`; nothing for
    /// one answered by the requester itself. Long walks keep their ends, so a row stays short.
    static func walked(_ hops: Keyed.Hops?) -> String {
        guard let hops, hops.count > 0 else { return "" }
        guard !hops.via.isEmpty else { return " (1 hop)" }
        let shown = hops.via.count <= 3 ? hops.via.map(MarkdownEscaping.code)
            : [MarkdownEscaping.code(hops.via[0]), "\u{2026}", MarkdownEscaping.code(hops.via[hops.via.count - 1])]
        return " (\(hops.count) hops, via " + shown.joined(separator: " \u{2192} ") + ")"
    }

    static func answer(_ answer: String) -> String {
        answer == Keyed.missing ? "**missing**" : code(answer)
    }

    /// Each new missing dependency's `why` report (the last failure of that lookup in the run).
    private static func reports(of wanted: Set<Lookup>, in snapshot: GraphSnapshot, keyed: Keyed) -> [Lookup: String] {
        var reports: [Lookup: String] = [:]
        for failure in snapshot.failures() {
            let lookup: Lookup?
            switch snapshot.events[failure.eventIndex] {
            case .lookup(let event):
                lookup = keyed.keyOf[event.requester].map { Lookup(requester: $0, asked: event.name + ": " + ShortTypeName.of(event.type)) }
            case .moduleLookup(let event):
                lookup = keyed.keyOf[event.requester].map { Lookup(requester: $0, asked: event.target.rawValue + " " + Quoted.string(event.key)) }
            default:
                lookup = nil
            }
            if let lookup, wanted.contains(lookup) { reports[lookup] = failure.report(style: .plain) }
        }
        return reports
    }
}
