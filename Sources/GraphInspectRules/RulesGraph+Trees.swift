import GraphInspect
import GraphInspectCheckContract

/// The rules about the trees' shape: names shadowed down the component tree, depth, holders'
/// breadth, and routers.
extension RulesGraph {
    /// Visits a tree depth first from `roots`, without recursion, calling `enter` with each node,
    /// its depth (a root is 1) and its ancestors' path (root first), and `leave` after its
    /// subtree. A node met twice (only a corrupt recording has one) is visited once.
    func walk(
        roots: [ObjectID], children: [ObjectID: [ObjectID]], enter: (ObjectID, Int, [ObjectID]) -> Void, leave: (ObjectID) -> Void = { _ in }
    ) {
        var visited: Set<ObjectID> = []
        var path: [ObjectID] = []
        var stack: [(id: ObjectID, leaving: Bool)] = roots.reversed().map { ($0, false) }
        while let (id, leaving) = stack.popLast() {
            if leaving {
                path.removeLast()
                leave(id)
                continue
            }
            guard visited.insert(id).inserted else { continue }
            enter(id, path.count + 1, path)
            path.append(id)
            stack.append((id, true))
            for child in (children[id] ?? []).reversed() { stack.append((child, false)) }
        }
    }

    /// A component providing a name and type that a component above it also provides: every
    /// lookup below it now gets its value instead. Found in one walk, keeping for each name and
    /// type the stack of components on the current path that provide it.
    func shadowing(_ rule: Rule, in rules: RuleSet) -> [RuleFinding] {
        var providing: [String: [ObjectID]] = [:]
        var findings: [RuleFinding] = []
        func keys(_ id: ObjectID) -> [(key: String, provider: Provider)] {
            (snapshot.node(id)?.providers ?? []).filter { $0.form.isFoundByLookup }.map { ($0.name + "\u{0}" + $0.type, $0) }
        }
        walk(roots: componentRoots, children: componentChildren, enter: { id, _, _ in
            for (key, provider) in keys(id) {
                if let above = providing[key]?.last {
                    let nodeType = qualifiedType(id)
                    let position = input.places.providers[nodeType]?[provider.name]
                    if rule.scope.contains(type: nodeType, file: position?.file) {
                        let owner = type(id), ancestor = type(above), name = Quoted.name(provider.name)
                        findings.append(RuleFinding(
                            rule: rule.kind.rawValue, severity: rule.severity, position: position,
                            message: "\(owner) provides `\(name): \(ShortTypeName.of(provider.type))`, as \(ancestor) above it does: every lookup of `\(name)` below \(owner) gets \(owner)'s",
                            details: [
                                "  chain: \(Self.path(chain(from: id, to: above).map(type)))",
                                ruleLine(rule, in: rules),
                                "  fix: remove it from \(owner) to share \(ancestor)'s, or rename one of them if they are meant to differ",
                            ],
                            subject: "\(owner).\(name) shadows \(ancestor).\(name)"
                        ))
                    }
                }
                providing[key, default: []].append(id)
            }
        }, leave: { id in
            for (key, _) in keys(id) { providing[key]?.removeLast() }
        })
        return findings
    }

    /// The component chain from `node` up to `ancestor`, nearest first.
    func chain(from node: ObjectID, to ancestor: ObjectID) -> [ObjectID] {
        var result = [node]
        var current = node
        while current != ancestor, let parent = snapshot.node(current)?.parent, !result.contains(parent) {
            result.append(parent)
            current = parent
        }
        return result
    }

    /// The first node of each branch past the limit, in the component tree and the holder tree.
    func deepNodes(_ rule: Rule, in rules: RuleSet) -> [RuleFinding] {
        let limit = rule.limit ?? 1
        var findings: [RuleFinding] = []
        for (tree, roots, children) in [("component tree", componentRoots, componentChildren), ("module tree", holderRoots, heldChildren)] {
            walk(roots: roots, children: children, enter: { id, depth, path in
                guard depth == limit + 1 else { return }
                let position = declaration(of: id)
                guard rule.scope.contains(type: qualifiedType(id), file: position?.file) else { return }
                var deepest = depth
                walk(roots: [id], children: children, enter: { _, below, _ in deepest = max(deepest, depth + below - 1) })
                let name = type(id)
                findings.append(RuleFinding(
                    rule: rule.kind.rawValue, severity: rule.severity, position: position,
                    message: "the \(tree) is \(deepest) deep below \(type(path.first ?? id)); the rules allow \(limit): \(name) is at depth \(depth)",
                    details: [
                        "  path: \(Self.path((path + [id]).map(type)))",
                        ruleLine(rule, in: rules),
                        "  fix: flatten the tree above \(name) (attach it higher, or merge a level), or raise max-depth's limit",
                    ],
                    subject: "\(name) at depth \(depth) of the \(tree)"
                ))
            })
        }
        return findings
    }

    /// Holders holding more modules at once than the limit, by type (the most any instance held).
    func crowdedHolders(_ rule: Rule, in rules: RuleSet) -> [RuleFinding] {
        let limit = rule.limit ?? 1
        var attached: [ObjectID: Set<ObjectID>] = [:]
        var most: [ObjectID: Int] = [:]
        for event in snapshot.events {
            switch event {
            case .moduleAttached(let attachment):
                attached[attachment.holder, default: []].insert(attachment.module)
                most[attachment.holder] = max(most[attachment.holder] ?? 0, attached[attachment.holder]?.count ?? 0)
            case .moduleDetached(let attachment):
                attached[attachment.holder]?.remove(attachment.module)
            default:
                continue
            }
        }
        var byType: [String: (count: Int, holder: ObjectID)] = [:]
        for node in snapshot.nodes where node.kind == .holder {
            let count = max(most[node.id] ?? 0, node.modules?.count ?? 0)
            if count > limit, count > byType[node.type]?.count ?? 0 { byType[node.type] = (count, node.id) }
        }
        return byType.compactMap { qualified, entry in
            let position = declaration(of: entry.holder)
            guard rule.scope.contains(type: qualified, file: position?.file) else { return nil }
            let name = type(entry.holder)
            let held = (heldChildren[entry.holder] ?? []).map(type)
            return RuleFinding(
                rule: rule.kind.rawValue, severity: rule.severity, position: position,
                message: "\(name) holds \(entry.count) modules at once; the rules allow \(limit)",
                details: (held.isEmpty ? [] : ["  holds: " + held.joined(separator: ", ")]) + [
                    ruleLine(rule, in: rules),
                    "  fix: group some of its modules under a nested holder, or raise max-children's limit",
                ],
                subject: "\(name) holds \(entry.count) modules"
            )
        }
    }

    /// Modules (and holders another holder holds) that never had a router attached, by type.
    func modulesWithoutRouter(_ rule: Rule, in rules: RuleSet) -> [RuleFinding] {
        var routed: Set<ObjectID> = []
        for case .routerAttached(let attachment) in snapshot.events { routed.insert(attachment.module) }
        var seen: Set<String> = []
        var findings: [RuleFinding] = []
        for node in snapshot.nodes where node.kind == .module || (node.kind == .holder && node.parent != nil) {
            guard !routed.contains(node.id), node.router == nil, seen.insert(node.type).inserted else { continue }
            let position = declaration(of: node.id)
            guard rule.scope.contains(type: node.type, file: position?.file) else { continue }
            let key = node.key.map { " (key \(Quoted.name($0)))" } ?? ""
            findings.append(RuleFinding(
                rule: rule.kind.rawValue, severity: rule.severity, position: position,
                message: "\(node.shortType)\(key) has no router; the rules require one per module",
                details: [
                    ruleLine(rule, in: rules),
                    "  fix: give it a router (its builder's buildRouter), or, if it has no UI, leave \(node.shortType) out with the rule's `types:`",
                ],
                subject: "\(node.shortType) has no router"
            ))
        }
        return findings
    }
}
