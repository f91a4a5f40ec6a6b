import GraphInspect
import GraphInspectCheckContract

/// `impact` by reading the sources again: the graph before the edit held against the graph
/// `check` reads once it is made, lookup by lookup. Used where a declaration runs code (its
/// getter or initializer may make components or look up), so removing it may change what runs,
/// not only who answers.
extension QueryGraph {
    /// One lookup as both readings can state it: where it is written, who asks and along which
    /// chain of types, for which name.
    struct LookupKey: Hashable {
        var place: QueryPlace
        var chain: [String]
        var name: String
    }

    /// What a lookup finds: a provider (nil: nothing), and how many parents up.
    struct Outcome: Equatable {
        var provider: String?
        var hops: Int?
    }

    /// Every lookup with a place, by key, with its outcome and how many it stands for: all of
    /// them, since code that runs only through the declaration makes lookups of other names.
    func outcomes() -> [LookupKey: (outcome: Outcome, requester: String, count: Int)] {
        var found: [LookupKey: (outcome: Outcome, requester: String, count: Int)] = [:]
        for (index, lookup) in lookups {
            guard let place = place(ofLookupAt: index, lookup) else { continue }
            let chain = self.chain(from: lookup.requester)
            let key = LookupKey(place: place, chain: chain.compactMap { nodes[$0]?.type }, name: lookup.name)
            let outcome = Outcome(provider: lookup.provider.map(self.name(of:)), hops: lookup.provider.flatMap { chain.firstIndex(of: $0) })
            found[key] = (outcome, self.name(of: lookup.requester), (found[key]?.count ?? 0) + 1)
        }
        return found
    }

    /// The answer from the two readings. A lookup made on only one side is the component's own
    /// property read on the other when its type declares the name there (a read answers as the
    /// component itself, 0 hops); otherwise it is a lookup no longer made (`gone`) or newly made
    /// (`added`). A lookup of the name whose chain passes a component of a type in `reach` (the
    /// provider's, and for a move the target's) and that answers alike on both sides is `unchanged`.
    func impact(comparing after: QueryGraph, name: String, change: String, provider: String, to: String?, reach: Set<String>) -> ImpactAnswer {
        let before = outcomes(), now = after.outcomes()
        var answer = ImpactAnswer(change: change, provider: provider, to: to, breaks: [], rebinds: [], fixes: [])
        for key in Set(before.keys).union(now.keys) {
            let requester = before[key]?.requester ?? now[key]?.requester ?? "?"
            let ownType = key.chain.first ?? ""
            /// nil: no lookup there on that side.
            func outcome(_ side: [LookupKey: (outcome: Outcome, requester: String, count: Int)], _ graph: QueryGraph) -> Outcome? {
                if let made = side[key] { return made.outcome }
                // A type's own provider answers its lookups, unless the app's rule excludes it (needle's).
                guard graph.places?.ownProvidersAnswer != false else { return nil }
                return graph.places?.providers[ownType]?[key.name] != nil ? Outcome(provider: requester, hops: 0) : nil
            }
            let was = outcome(before, self), will = outcome(now, after)
            if was == will {
                guard let was, key.name == name, key.chain.contains(where: reach.contains), let made = before[key] else { continue }
                answer.unchanged.append(ImpactAnswer.Entry(
                    file: key.place.file, line: key.place.line, requester: requester, name: key.name,
                    from: was.provider, to: was.provider, hopsBefore: was.hops, hopsAfter: was.hops, count: made.count
                ))
                continue
            }
            var entry = ImpactAnswer.Entry(
                file: key.place.file, line: key.place.line, requester: requester, name: key.name,
                from: was?.provider, to: will?.provider, hopsBefore: was?.hops, hopsAfter: will?.hops,
                count: max(before[key]?.count ?? 1, now[key]?.count ?? 1)
            )
            if let was, let will {
                if before[key] == nil { entry.propertyRead = true }
                if will.provider == nil { answer.breaks.append(entry) } else if was.provider == nil { answer.fixes.append(entry) } else { answer.rebinds.append(entry) }
            } else if was != nil {
                answer.gone.append(entry)
            } else if will?.provider == nil {
                answer.breaks.append(entry)
            } else {
                answer.added.append(entry)
            }
        }
        answer.breaks = ImpactAnswer.merged(answer.breaks)
        answer.rebinds = ImpactAnswer.merged(answer.rebinds)
        answer.fixes = ImpactAnswer.merged(answer.fixes)
        answer.gone = ImpactAnswer.merged(answer.gone)
        answer.added = ImpactAnswer.merged(answer.added)
        answer.unchanged = ImpactAnswer.merged(answer.unchanged)
        return answer
    }
}
