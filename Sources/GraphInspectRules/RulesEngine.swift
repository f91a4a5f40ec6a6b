import GraphInspect
import GraphInspectCheckContract

/// Holds a graph against a rule set: one engine for `check --rules` (a reading of the sources)
/// and `dump --rules`/`why --rules` (a run), so the same rules give the same findings, named the
/// same way (`RuleFinding.subject`), from both.
///
/// Every rule is one pass over the snapshot's events or one walk of its trees (iterative, so a
/// 10,000-deep chain costs its length), whatever the number of rules of that kind.
public struct RulesEngine: Sendable {
    public let rules: RuleSet

    public init(rules: RuleSet) {
        self.rules = rules
    }

    /// Every finding, sorted: by place (findings with none last), rule and subject. A finding two
    /// entries both make is reported once, at the stronger severity.
    public func findings(in input: RulesInput) -> [RuleFinding] {
        let graph = RulesGraph(input)
        var found: [RuleFinding] = []
        for rule in rules.active {
            switch rule.kind {
            case .forbiddenLookup: found += graph.forbiddenLookups(rule, in: rules)
            case .maxHops: found += graph.farLookups(rule, in: rules)
            case .unusedProvider: found += graph.unusedProviders(rule, in: rules)
            case .shadowing: found += graph.shadowing(rule, in: rules)
            case .maxDepth: found += graph.deepNodes(rule, in: rules)
            case .maxChildren: found += graph.crowdedHolders(rule, in: rules)
            case .maxFanIn: found += graph.busyProviders(rule, in: rules)
            case .maxFanOut: found += graph.needyComponents(rule, in: rules)
            case .routerRequired: found += graph.modulesWithoutRouter(rule, in: rules)
            case .maxMainThreadMilliseconds: found += graph.slowMainThreadSpans(rule, in: rules)
            case .closureCycle: break  // the reader's finding, restated by `RuleSet.restated`
            }
        }
        var kept: [String: RuleFinding] = [:]
        for finding in found {
            let key = finding.baselineEntry + "\u{0}" + (finding.position?.description ?? "")
            if let other = kept[key], other.severity == .error { continue }
            kept[key] = finding
        }
        return kept.values.sorted()
    }
}

/// The parts of a snapshot the rules read, indexed once.
struct RulesGraph {
    let input: RulesInput
    var snapshot: GraphSnapshot { input.snapshot }
    /// Components below each component, and the roots (no parent, or a parent not recorded).
    var componentChildren: [ObjectID: [ObjectID]] = [:]
    var componentRoots: [ObjectID] = []
    /// Modules and holders below each holder, and the holders no holder holds.
    var heldChildren: [ObjectID: [ObjectID]] = [:]
    var holderRoots: [ObjectID] = []

    init(_ input: RulesInput) {
        self.input = input
        let nodes = input.snapshot.nodes
        for node in nodes where node.kind == .component {
            if let parent = node.parent, parent != node.id, input.snapshot.node(parent)?.kind == .component {
                componentChildren[parent, default: []].append(node.id)
            } else {
                componentRoots.append(node.id)
            }
        }
        for node in nodes where node.kind == .module || node.kind == .holder {
            if let parent = node.parent, parent != node.id, input.snapshot.node(parent)?.kind == .holder {
                heldChildren[parent, default: []].append(node.id)
            } else if node.kind == .holder {
                holderRoots.append(node.id)
            }
        }
    }

    /// A node's type as reports show it: without its module.
    func type(_ id: ObjectID) -> String {
        snapshot.node(id).map(\.shortType) ?? "?"
    }

    func qualifiedType(_ id: ObjectID) -> String {
        snapshot.node(id)?.type ?? "?"
    }

    /// Where a type is declared, when the sources were read.
    func declaration(of id: ObjectID) -> SourcePosition? {
        input.places.types[qualifiedType(id)]
    }

    /// The line that broke the rule, as a detail: `rule: graphinspect.yml:4 (forbidden-lookup)`.
    func ruleLine(_ rule: Rule, in rules: RuleSet) -> String {
        "  rule: \(rule.kind.rawValue) (\(rules.path):\(rule.line))"
    }

    /// A path of types, shortened in the middle past 12: `A -> B -> ... -> Y -> Z`.
    static func path(_ types: [String]) -> String {
        let shown = types.count <= 12 ? types : Array(types.prefix(5)) + ["... \(types.count - 10) more ..."] + Array(types.suffix(5))
        return shown.joined(separator: " -> ")
    }
}
