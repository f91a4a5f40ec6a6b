import GraphInspect
import GraphInspectCheckContract

/// The rules about how many depend on whom: a provider that too many component types ask
/// (`max-fan-in`), a component type that asks too many providers (`max-fan-out`). Counted as
/// `query stats` counts its `fanIn` and `fanOut`, from the resolved lookups: distinct component
/// types for a provider, distinct providers (component type and name) for a component type.
extension RulesGraph {
    /// Each provider (component type and name) with the component types whose lookups resolve
    /// there, and each component type with the providers its lookups resolve to; all types
    /// module-qualified, each node's looked up once.
    func fans() -> (askedBy: [ProviderName: Set<String>], asks: [String: Set<ProviderName>]) {
        var types: [ObjectID: String] = [:]
        for node in snapshot.nodes where node.kind == .component { types[node.id] = node.type }
        var askedBy: [ProviderName: Set<String>] = [:]
        var asks: [String: Set<ProviderName>] = [:]
        for case .lookup(let lookup) in snapshot.events {
            guard let provider = lookup.provider, let providing = types[provider], let requester = types[lookup.requester] else { continue }
            let key = ProviderName(type: providing, name: lookup.name)
            askedBy[key, default: []].insert(requester)
            asks[requester, default: []].insert(key)
        }
        return (askedBy, asks)
    }

    /// Providers answering lookups of more component types than the limit, at their declaration.
    func busyProviders(_ rule: Rule, in rules: RuleSet) -> [RuleFinding] {
        let limit = rule.limit ?? 1
        return fans().askedBy.sorted { $0.key < $1.key }.compactMap { provider, requesters in
            guard requesters.count > limit else { return nil }
            let position = input.places.providers[provider.type]?[provider.name]
            guard rule.scope.contains(type: provider.type, file: position?.file) else { return nil }
            let owner = ShortTypeName.of(provider.type), name = Quoted.name(provider.name)
            return RuleFinding(
                rule: rule.kind.rawValue, severity: rule.severity, position: position,
                message: "\(owner).\(name) answers lookups of \(requesters.count) component types; the rules allow at most \(limit)",
                details: [
                    "  asked by: \(Self.list(requesters.map(ShortTypeName.of)))",
                    ruleLine(rule, in: rules),
                    "  fix: provide `\(name)` nearer the components that ask (in each subtree that needs it), so fewer depend on \(owner)'s, or raise max-fan-in's limit",
                ],
                subject: "\(owner).\(name) answers \(requesters.count) component types"
            )
        }
    }

    /// Component types whose lookups resolve to more providers than the limit, at the type's
    /// declaration.
    func needyComponents(_ rule: Rule, in rules: RuleSet) -> [RuleFinding] {
        let limit = rule.limit ?? 1
        return fans().asks.sorted { $0.key < $1.key }.compactMap { requester, providers in
            guard providers.count > limit else { return nil }
            let position = input.places.types[requester]
            guard rule.scope.contains(type: requester, file: position?.file) else { return nil }
            let owner = ShortTypeName.of(requester)
            return RuleFinding(
                rule: rule.kind.rawValue, severity: rule.severity, position: position,
                message: "\(owner)'s lookups resolve to \(providers.count) providers; the rules allow at most \(limit)",
                details: [
                    "  providers: \(Self.list(providers.map { "\(ShortTypeName.of($0.type)).\(Quoted.name($0.name))" }))",
                    ruleLine(rule, in: rules),
                    "  fix: split \(owner) into components that each ask for less, or have one provider hand it what several do, or raise max-fan-out's limit",
                ],
                subject: "\(owner) resolves from \(providers.count) providers"
            )
        }
    }

    /// Names sorted and joined, shortened past 12: `A, B, C, ... and 40 more`.
    static func list(_ names: [String]) -> String {
        let sorted = names.sorted()
        return sorted.count <= 12 ? sorted.joined(separator: ", ") : sorted.prefix(10).joined(separator: ", ") + ", ... and \(sorted.count - 10) more"
    }
}

/// A provider as the fan rules count it: the module-qualified type of the component that
/// declares it, and its name.
struct ProviderName: Hashable, Comparable {
    var type: String
    var name: String

    static func < (a: Self, b: Self) -> Bool { (a.type, a.name) < (b.type, b.name) }
}
