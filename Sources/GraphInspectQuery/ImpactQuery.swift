import GraphInspect
import GraphInspectCheckContract

/// `query impact --remove COMPONENT.NAME` and `--move COMPONENT.NAME --to COMPONENT` (any
/// component: up, down or sideways): what the change breaks (lookups left with no provider), what
/// it rebinds (to another provider, nearer or farther up), for a move what it fixes (lookups that
/// found nothing and now would), and which lookups within its reach it leaves as they were.
///
/// The lookups are walked again over the changed graph as `check` walks them, so the breaks are
/// the errors `check` reports once the change is made.
public struct ImpactAnswer: Sendable, Equatable, Codable {
    public var query = "impact"
    /// `remove` or `move`.
    public var change: String
    /// `COMPONENT.NAME`.
    public var provider: String
    /// For a move: the component it moves to.
    public var to: String?
    /// Lookups left with no provider: check's new errors. `from` is the provider before, nil for
    /// a lookup made only after the change.
    public var breaks: [Entry]
    public var rebinds: [Entry]
    public var fixes: [Entry]
    /// Lookups no longer made: the code that made them ran only through the declaration (its
    /// getter made the component that asks, or called the code that asks). From the sources.
    public var gone: [Entry] = []
    /// Lookups made only after the change, that find a provider (those that find none are breaks).
    public var added: [Entry] = []
    /// Lookups of the name made below the provider's component or the one it moves to that keep
    /// their provider: a nearer one answers them, or the moved one is not the type they ask.
    public var unchanged: [Entry] = []

    public struct Entry: Sendable, Hashable, Codable, Comparable {
        public var file: String?
        public var line: Int?
        public var requester: String
        public var name: String
        /// The provider's component before the change (nil for a fix).
        public var from: String?
        /// After it (nil for a break).
        public var to: String?
        /// Parents climbed before and after.
        public var hopsBefore: Int?
        public var hopsAfter: Int?
        /// Lookups counted, as `users` counts them.
        public var count: Int
        /// True when it was no lookup before: the component's own property, read directly
        /// (`component.analytics` on the type that declares it), which becomes a lookup once
        /// the declaration goes. Absent otherwise.
        public var propertyRead: Bool?

        public static func < (a: Self, b: Self) -> Bool {
            if (a.file ?? "", a.line ?? 0, a.requester, a.name) != (b.file ?? "", b.line ?? 0, b.requester, b.name) {
                return (a.file ?? "", a.line ?? 0, a.requester, a.name) < (b.file ?? "", b.line ?? 0, b.requester, b.name)
            }
            return (a.from ?? "", a.to ?? "", a.hopsBefore ?? -1, a.hopsAfter ?? -1, a.propertyRead == true ? 1 : 0, a.count)
                < (b.from ?? "", b.to ?? "", b.hopsBefore ?? -1, b.hopsAfter ?? -1, b.propertyRead == true ? 1 : 0, b.count)
        }
    }
}

extension ImpactAnswer {
    /// Entries that say the same (one lookup reached along several chains) as one, counted
    /// together, sorted.
    static func merged(_ entries: [Entry]) -> [Entry] {
        var byKey: [Entry: Int] = [:]
        for entry in entries {
            var key = entry
            key.count = 0
            byKey[key, default: 0] += entry.count
        }
        return byKey.map { key, count in
            var entry = key
            entry.count = count
            return entry
        }.sorted()
    }
}

extension QueryGraph {
    public func impact(remove typed: String) throws(QueryError) -> ImpactAnswer {
        let (type, name) = try providerReference(typed)
        let provider = "\(names.display(type)).\(name)"
        if let declared = places?.providers[type]?[name], runsCode(declared), let reread {
            let after = try reading(reread, ProviderEdit(declaration: declared))
            return impact(comparing: after, name: name, change: "remove", provider: provider, to: nil, reach: typesDeclaring(name, like: type))
        }
        return impact(ImpactEdit(name: name, removedFrom: typesDeclaring(name, like: type), movedTo: nil), provider: provider)
    }

    /// Whether the declaration's getter or initializer may run code that reaches the graph.
    func runsCode(_ declaration: SourcePosition) -> Bool {
        guard let running = places?.declarationsRunningCode else { return false }
        return running.contains(declaration)
    }

    /// The graph read again with the edit made.
    func reading(_ reread: Reread, _ edit: ProviderEdit) throws(QueryError) -> QueryGraph {
        do {
            let (snapshot, places) = try reread(edit)
            return QueryGraph(snapshot: snapshot, origin: .sources, places: places)
        } catch {
            throw .cannotReread("\(error)")
        }
    }

    public func impact(move typed: String, to typedTarget: String) throws(QueryError) -> ImpactAnswer {
        let (type, name) = try providerReference(typed)
        let target = try componentType(typedTarget)
        let moved = componentsOfType[type]?.lazy.compactMap { self.nodes[$0]?.providers?.first { $0.name == name } }.first
        if target != type, declaredNames(of: target).contains(name) {
            throw .alreadyProvided(name: name, to: names.display(target), at: declaration(of: name, in: target))
        }
        let provider = "\(names.display(type)).\(name)"
        if let declared = places?.providers[type]?[name], runsCode(declared), places?.ownProvidersAnswer == false {
            // needle's: a declaration that runs code makes a child.
            throw .movesTheTree(provider: provider, to: names.display(target))
        }
        if let declared = places?.providers[type]?[name], let into = places?.types[target], runsCode(declared), let reread {
            let after = try reading(reread, ProviderEdit(declaration: declared, into: into))
            return impact(comparing: after, name: name, change: "move", provider: provider, to: names.display(target), reach: typesDeclaring(name, like: type).union([target]))
        }
        var answer = impact(
            ImpactEdit(name: name, removedFrom: typesDeclaring(name, like: type), movedTo: moved.map { (target, $0) }),
            provider: provider
        )
        answer.change = "move"
        answer.to = names.display(target)
        return answer
    }

    /// Every component type that has the same declaration of the name as `type` (its subclasses
    /// inherit it, and lose it with it): by the declaration's position from the sources, else
    /// `type` alone.
    func typesDeclaring(_ name: String, like type: String) -> Set<String> {
        guard let providers = places?.providers, let declared = providers[type]?[name] else { return [type] }
        return Set(providers.filter { $0.value[name] == declared }.keys).union([type])
    }

    func impact(_ edit: ImpactEdit, provider: String) -> ImpactAnswer {
        impact(
            edit, provider: provider, asking: lookups.filter { $0.lookup.name == edit.name },
            reads: (places?.propertyReads ?? []).filter { $0.name == edit.name }
        )
    }

    /// The answer for an edit of the graph, walked over `asking` (the lookups of the edit's name
    /// that may change) and `reads` (the reads of its name as a component's own property).
    ///
    /// `impact` passes every lookup of the name. A removal changes only lookups resolved at a
    /// type it removes the provider from, so `blastRadii()` passes just those (from an index it
    /// builds once): the same breaks and rebinds, without a pass over every lookup per provider.
    func impact(_ edit: ImpactEdit, provider: String, asking: [(index: Int, lookup: DependencyLookup)], reads: [SourcePlaces.PropertyRead]) -> ImpactAnswer {
        var breaks: [String: ImpactAnswer.Entry] = [:]
        var rebinds: [String: ImpactAnswer.Entry] = [:]
        var fixes: [String: ImpactAnswer.Entry] = [:]
        var unchanged: [String: ImpactAnswer.Entry] = [:]
        var reach = ReachOfEdit(edit: edit)
        for (index, lookup) in asking {
            let before = lookup.provider
            // Only a lookup that loses its provider, or could meet the moved one, can change; one
            // whose chain reaches neither the provider's component nor the target is not asked about.
            let lost = before.flatMap { nodes.type(of: $0) }.map { edit.removedFrom.contains($0) } ?? false
            let walks = lost || edit.movedTo != nil
            let chain = walks ? self.chain(from: lookup.requester) : []
            let after = walks ? resolve(lookup, along: chain, before: before, under: edit) : before
            guard after != before || reach.contains(lookup.requester, in: self) else { continue }
            let place = place(ofLookupAt: index, lookup)
            let hopsBefore = before.map { hops(of: lookup, to: $0) }
            var entry = ImpactAnswer.Entry(
                file: place?.file, line: place?.line, requester: name(of: lookup.requester), name: lookup.name,
                from: before.map(name(of:)), to: after.map(name(of:)),
                hopsBefore: hopsBefore, hopsAfter: after == before ? hopsBefore : after.flatMap { chain.firstIndex(of: $0) },
                count: 1 + (lookup.repeats ?? 0)
            )
            let key = "\(place?.description ?? "")\u{0}\(entry.requester)\u{0}\(entry.from ?? "")\u{0}\(entry.to ?? "")\u{0}\(entry.hopsAfter ?? -1)"
            func add(_ list: inout [String: ImpactAnswer.Entry]) {
                if let known = list[key] { entry.count += known.count }
                list[key] = entry
            }
            if after == before { add(&unchanged) } else if after == nil { add(&breaks) } else if before == nil { add(&fixes) } else { add(&rebinds) }
        }
        // Reads of the removed property on a component whose type declared it become lookups.
        for read in reads {
            guard let type = nodes.type(of: read.node), edit.removedFrom.contains(read.declared ?? type) else { continue }
            let chain = self.chain(from: read.node)
            let after = climb(chain, name: read.name, asked: read.type, under: edit)
            var entry = ImpactAnswer.Entry(
                file: read.position.file, line: read.position.line, requester: name(of: read.node), name: read.name,
                from: name(of: read.node), to: after.map(name(of:)), hopsBefore: 0, hopsAfter: after.flatMap { chain.firstIndex(of: $0) },
                count: 1, propertyRead: true
            )
            let key = "\(read.position)\u{0}\(entry.requester)\u{0}read\u{0}\(entry.to ?? "")\u{0}\(entry.hopsAfter ?? -1)"
            if after == nil {
                if let known = breaks[key] { entry.count += known.count }
                breaks[key] = entry
            } else {
                if let known = rebinds[key] { entry.count += known.count }
                rebinds[key] = entry
            }
        }
        return ImpactAnswer(
            change: "remove", provider: provider, to: nil,
            breaks: ImpactAnswer.merged(Array(breaks.values)), rebinds: ImpactAnswer.merged(Array(rebinds.values)), fixes: ImpactAnswer.merged(Array(fixes.values)),
            unchanged: ImpactAnswer.merged(Array(unchanged.values))
        )
    }

    /// The provider a lookup finds once the edit is made, walking as `check` walks. A lookup
    /// that kept its provider keeps it unless the moved provider now stands nearer; one that
    /// lost it found nothing nearer before, so it climbs on from there.
    func resolve(_ lookup: DependencyLookup, along chain: [ObjectID], before: ObjectID?, under edit: ImpactEdit) -> ObjectID? {
        let lost = before.flatMap { nodes.type(of: $0) }.map { edit.removedFrom.contains($0) } ?? false
        var climbing = false
        for step in walked(chain) {
            guard let type = nodes.type(of: step) else { continue }
            if let (target, moved) = edit.movedTo, type == target, answers(provided: moved.type, asked: lookup.type) { return step }
            if step == before {
                if !lost { return step }
                climbing = true
            }
            guard climbing, !edit.removedFrom.contains(type) else { continue }
            if let provider = provider(lookup.name, of: step), answers(provided: provider.type, asked: lookup.type) { return step }
        }
        return nil
    }

    /// The steps of a lookup's chain that may answer it: all, or all but the asking component
    /// itself under needle's rule (`SourcePlaces.ownProvidersAnswer`).
    func walked(_ chain: [ObjectID]) -> ArraySlice<ObjectID> {
        chain.dropFirst(places?.walkStartsAtRequester == false ? 1 : 0)
    }

    /// The first step of the chain that answers the name once the edit is made.
    func climb(_ chain: [ObjectID], name: String, asked: String, under edit: ImpactEdit) -> ObjectID? {
        for step in walked(chain) {
            guard let type = nodes.type(of: step) else { continue }
            if let (target, moved) = edit.movedTo, type == target, answers(provided: moved.type, asked: asked) { return step }
            if edit.removedFrom.contains(type) { continue }
            if let provider = provider(name, of: step), answers(provided: provider.type, asked: asked) { return step }
        }
        return nil
    }
}

/// Which components are within an edit's reach: below (or at) a component of a type it removes
/// the provider from or moves it to. Each node is climbed from once, however many lookups ask,
/// so a 10,000-deep chain costs its length, not its length for every lookup.
struct ReachOfEdit {
    let edit: ImpactEdit
    private var known: [ObjectID: Bool] = [:]

    init(edit: ImpactEdit) { self.edit = edit }

    mutating func contains(_ start: ObjectID, in graph: QueryGraph) -> Bool {
        var climbed: [ObjectID] = []
        var seen: Set<ObjectID> = []
        var current: ObjectID? = start
        var answer = false
        while let id = current, seen.insert(id).inserted {
            if let settled = known[id] {
                answer = settled
                break
            }
            guard let position = graph.nodes.position(of: id) else { break }
            climbed.append(id)
            if edit.reaches(graph.nodes.type(of: id)) {
                answer = true
                break
            }
            current = graph.nodes.parent(at: position)
        }
        for id in climbed { known[id] = answer }
        return answer
    }
}

/// A provider removed from the component types that declare it, and for a move, declared on
/// another.
struct ImpactEdit {
    var name: String
    var removedFrom: Set<String>
    var movedTo: (type: String, provider: Provider)?

    /// Whether a component of `type` is one the edit touches: a lookup whose chain passes one is
    /// within the change's reach, changed or not.
    func reaches(_ type: String?) -> Bool {
        guard let type else { return false }
        return removedFrom.contains(type) || movedTo?.type == type
    }
}
