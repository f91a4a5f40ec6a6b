import GraphInspect
import GraphInspectCheckContract

/// The rules about lookups: who may resolve from whom, over how many hops, and which providers
/// nothing uses.
extension RulesGraph {
    /// Each resolved lookup, with its event index, requester and provider.
    func resolvedLookups() -> [(index: Int, lookup: DependencyLookup, provider: ObjectID)] {
        snapshot.events.enumerated().compactMap { index, event in
            guard case .lookup(let lookup) = event, let provider = lookup.provider else { return nil }
            return (index, lookup, provider)
        }
    }

    /// Where lookup `index` is written: the reading's position, else the runtime's file and line.
    func position(ofLookup index: Int, _ lookup: DependencyLookup) -> SourcePosition? {
        input.places.lookups[index] ?? lookup.location.map { SourcePosition(file: $0.file, line: $0.line, column: 0) }
    }

    /// The walk from the requester to the provider, as types.
    func walkPath(_ lookup: DependencyLookup, to provider: ObjectID) -> String {
        let walk = lookup.walk.isEmpty ? [lookup.requester] : lookup.walk
        let upTo = walk.firstIndex(of: provider).map { Array(walk[...$0]) } ?? walk
        return Self.path(upTo.map(type))
    }

    func forbiddenLookups(_ rule: Rule, in rules: RuleSet) -> [RuleFinding] {
        resolvedLookups().compactMap { index, lookup, provider in
            let requesterType = qualifiedType(lookup.requester), providerType = qualifiedType(provider)
            guard rule.requester.map({ $0.matches(qualifiedType: requesterType) }) ?? true,
                rule.provider.map({ $0.matches(qualifiedType: providerType) }) ?? true,
                rule.name.map({ $0.matches(lookup.name) }) ?? true
            else { return nil }
            let position = position(ofLookup: index, lookup)
            guard rule.scope.contains(type: requesterType, file: position?.file) else { return nil }
            let requester = type(lookup.requester), answerer = type(provider), name = Quoted.name(lookup.name)
            let patterns = [rule.requester.map { "requester `\($0)`" }, rule.provider.map { "provider `\($0)`" }, rule.name.map { "name `\($0)`" }].compactMap { $0 }
            return RuleFinding(
                rule: rule.kind.rawValue, severity: rule.severity, position: position,
                message: "\(requester) resolves `\(name)` from \(answerer), which the rules forbid (\(patterns.joined(separator: ", ")))",
                details: [
                    "  lookup path: \(walkPath(lookup, to: provider))",
                    ruleLine(rule, in: rules),
                    "  fix: provide `\(name)` where the rule allows, on \(requester)'s side of \(answerer), or pass it in; if it is known and accepted, keep it in the rules baseline (--write-rules-baseline)",
                ],
                subject: "\(requester) resolves `\(name)` from \(answerer)"
            )
        }
    }

    func farLookups(_ rule: Rule, in rules: RuleSet) -> [RuleFinding] {
        let limit = rule.limit ?? 0
        return resolvedLookups().compactMap { index, lookup, provider in
            // A cache hit walks nothing; the lookup that filled the cache was counted.
            guard !lookup.cacheHit, let hops = lookup.walk.firstIndex(of: provider), hops > limit else { return nil }
            let position = position(ofLookup: index, lookup)
            guard rule.scope.contains(type: qualifiedType(lookup.requester), file: position?.file) else { return nil }
            let requester = type(lookup.requester), answerer = type(provider), name = Quoted.name(lookup.name)
            return RuleFinding(
                rule: rule.kind.rawValue, severity: rule.severity, position: position,
                message: "\(requester) resolves `\(name)` \(hops) \(hops == 1 ? "hop" : "hops") up, from \(answerer); the rules allow at most \(limit)",
                details: [
                    "  lookup path: \(walkPath(lookup, to: provider))",
                    ruleLine(rule, in: rules),
                    "  fix: provide `\(name)` within \(limit) \(limit == 1 ? "hop" : "hops") of \(requester) (in a component between them, passed down from \(answerer)), or raise max-hops' limit",
                ],
                subject: "\(requester) resolves `\(name)` from \(answerer), \(hops) hops"
            )
        }
    }

    /// Statically, a provider no lookup names and no code reads as a member (`component.name`
    /// through the concrete type is a use, not a lookup); in a run, one no lookup resolved from.
    /// A Swift `lazy var` is left out: lookups cannot see it at all (the runtime's reports say so).
    func unusedProviders(_ rule: Rule, in rules: RuleSet) -> [RuleFinding] {
        var named: Set<String> = []
        var resolved: Set<String> = []
        for case .lookup(let lookup) in snapshot.events {
            named.insert(lookup.name)
            if let provider = lookup.provider { resolved.insert(qualifiedType(provider) + "\u{0}" + lookup.name) }
        }
        var seen: Set<String> = []
        var findings: [RuleFinding] = []
        for node in snapshot.nodes where node.kind == .component {
            for provider in node.providers ?? [] where provider.form.isFoundByLookup {
                let key = node.type + "\u{0}" + provider.name
                guard seen.insert(key).inserted else { continue }
                let used = input.origin == .sources
                    ? named.contains(provider.name) || input.places.memberReads?.contains(provider.name) == true
                    : resolved.contains(key)
                guard !used else { continue }
                let position = input.places.providers[node.type]?[provider.name]
                guard rule.scope.contains(type: node.type, file: position?.file) else { continue }
                let owner = node.shortType, name = Quoted.name(provider.name)
                let why = input.origin == .sources ? "which no lookup in the sources names and no code reads" : "which no lookup of the run resolved (a run does not see reads of it as a member)"
                // A run sees lookups, not reads of the property through the component's type
                // (`component.tiles` on a MapComponent): what it did not resolve is no proof the
                // provider is unused, so from a run the finding is a warning at most.
                let severity = input.origin == .sources ? rule.severity : .warning
                findings.append(RuleFinding(
                    rule: rule.kind.rawValue, severity: severity, position: position,
                    message: "\(owner) provides `\(name): \(ShortTypeName.of(provider.type))`, \(why)",
                    details: [
                        ruleLine(rule, in: rules),
                        input.origin == .sources
                            ? "  fix: remove it, or look it up where it is needed"
                            : "  fix: remove it, or look it up where it is needed; if the run did not take the path that uses it, hold the rule to the sources (check) instead",
                    ],
                    subject: "\(owner).\(name)"
                ))
            }
        }
        return findings
    }
}
