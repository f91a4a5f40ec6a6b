import GraphInspect
import GraphInspectCheckContract

/// The lookups the analysis found, walked up the graph the builder made: what answers each,
/// and what fails.
extension StaticGraphBuilder {
    mutating func recordLookups() {
        let sites = analysis.sites
        // A total order: one place can ask one name both typed and untyped (a closure's `given.x`
        // read for its declared result and as it is), and the analysis keeps its lookups in a set.
        let ordered = analysis.lookups.sorted {
            ($0.position, position(of: $0.requester), $0.name, $0.type?.spelling ?? "", $0.type?.isOptional == true ? 1 : 0, $0.requester)
                < ($1.position, position(of: $1.requester), $1.name, $1.type?.spelling ?? "", $1.type?.isOptional == true ? 1 : 0, $1.requester)
        }
        // Each type's providers by name (the nearest declaration wins, as in the runtime's index).
        var tables: [String: [String: (owner: String, decl: PropertyDecl)]] = [:]
        func table(_ type: String) -> [String: (owner: String, decl: PropertyDecl)] {
            if let known = tables[type] { return known }
            var byName: [String: (owner: String, decl: PropertyDecl)] = [:]
            for entry in index.providers(of: type) { byName[entry.decl.name] = entry }
            tables[type] = byName
            return byName
        }
        // Names some `@Providers` class computes: only lookups of these can shadow one.
        let computedNames = Set(index.types.values.filter { index.listsComputedProviders($0.name) }.flatMap { type in
            type.properties.values.filter { $0.form == .computed }.map(\.name)
        })
        // Where a lookup is also read with the type it is asked as (the closure's declared
        // result), the untyped reading adds nothing to judge: the typed one decides.
        let typedAt = Set(ordered.filter { $0.type != nil }.map(\.position))
        let nodeCount = Int(nextID)
        var siteOf = [Int](repeating: 0, count: nodeCount + 1)
        var parentOf = [Int](repeating: 0, count: nodeCount + 1)
        // Component sites numbered 0..<n: a node's entry in `siteOf`, and its place in `declaring`.
        // Component nodes' sites and parents by raw id (0: none): the walks visit every component
        // up a chain (a chain 10,000 deep makes 50 million steps), so each step reads arrays.
        let componentSites = Array(Set(nodeSite.values)).sorted()
        var slot = [Int](repeating: 0, count: sites.count)
        for (offset, site) in componentSites.enumerated() { slot[site] = offset }
        for (node, site) in nodeSite { siteOf[Int(node.rawValue)] = slot[site] }
        for (node, parent) in nodeParent { parentOf[Int(node.rawValue)] = Int(parent.rawValue) }
        // For each name provided, which component sites' types declare it (so a step is two array
        // reads); filled from each type's providers, not by asking every site for every name.
        let asked = Set(ordered.map(\.name))
        let declaresNone = [Bool](repeating: false, count: componentSites.count)
        var declaring: [String: [Bool]] = [:]
        for (offset, site) in componentSites.enumerated() {
            for name in table(sites[site].type).keys where asked.contains(name) {
                declaring[name, default: declaresNone][offset] = true
            }
        }
        var walkedPastInvisible = WalkedPastInvisible()
        for lookup in ordered {
            let requesterType = sites[lookup.requester].type
            let nodes = componentNodes[lookup.requester] ?? []
            let declares = declaring[lookup.name] ?? declaresNone
            if nodes.isEmpty {
                diagnostics.insert(StaticWording.unresolved(
                    "the \(requesterType) this lookup of `\(Quoted.name(lookup.name))` is made on is never placed in a tree the sources build", at: lookup.position
                ))
            }
            facts.lookups.insert(GraphFacts.Named(owner: requesterType, name: lookup.name))
            facts.lookupPositions[GraphFacts.Named(owner: requesterType, name: lookup.name), default: []].insert(lookup.position)
            for node in nodes {
                var answered: ObjectID?
                var walked: [ObjectID] = []
                var raw = Int(node.rawValue)
                while raw != 0 {
                    let step = ObjectID(UInt64(raw))
                    walked.append(step)
                    let offset = siteOf[raw]
                    raw = parentOf[raw]
                    guard declares[offset], case let type = sites[componentSites[offset]].type, let match = table(type)[lookup.name] else { continue }
                    if match.decl.form == .computed && !index.listsComputedProviders(match.owner) {
                        walkedPastInvisible.add(lookup: lookup.position, walkedPast: match.decl, of: match.owner)
                        continue
                    }
                    guard match.decl.form != .lazyVar else { continue }
                    if let closure = unlistedClosure(match.decl, of: match.owner) {
                        walkedPastInvisible.add(lookup: lookup.position, walkedPast: closure, of: match.owner)
                        continue
                    }
                    let fit = lookup.type == nil && typedAt.contains(lookup.position)
                        ? .answers : index.match(provided: match.decl.type, asked: lookup.type)
                    if fit == .never { continue }
                    if fit == .decidedAtRunTime {
                        // Walked, but no evidence either way: a note, and not counted as checked.
                        undecided.insert(lookup.position)
                        diagnostics.insert(StaticWording.decidedAtRunTime(
                            name: lookup.name, asked: lookup.type, provided: match.decl.type, at: type, position: lookup.position
                        ))
                    }
                    answered = step
                    if match.decl.form == .stored && computedNames.contains(lookup.name) {
                        warnShadowed(lookup: lookup, nearer: type, beyond: chain(from: step).dropFirst())
                    }
                    break
                }
                if let answered {
                    facts.resolved.insert(GraphFacts.Named(owner: sites[nodeSite[answered] ?? 0].type, name: lookup.name))
                }
                lookupPositions[events.count] = lookup.position
                events.append(.lookup(GraphInspect.DependencyLookup(
                    requester: node, name: lookup.name, type: index.recordedName(lookup.type), walk: walked, provider: answered,
                    cacheHit: false, location: SourceLocation(file: lookup.position.file, line: lookup.position.line)
                )))
            }
        }
        diagnostics.formUnion(walkedPastInvisible.diagnostics)
    }

    /// A `@Providers` computed provider farther up that the stored one just found hides.
    mutating func warnShadowed(lookup: FlowAnalysis.DependencyLookup, nearer: String, beyond: ArraySlice<ObjectID>) {
        for step in beyond {
            let type = analysis.sites[nodeSite[step] ?? 0].type
            for (owner, decl) in index.providers(of: type) where decl.name == lookup.name && decl.form == .computed {
                guard index.listsComputedProviders(owner), satisfies(decl.type, lookup.type) else { continue }
                diagnostics.insert(StaticWording.shadowedComputed(owner: owner, name: lookup.name, nearer: nearer, lookupAt: lookup.position, at: decl.position))
            }
        }
    }

    /// Whether a provider of type `provided` may answer a lookup asking for `asked`: surely (the
    /// same type, a subclass or conforming type) or by the value it holds at run time
    /// (`TypeIndex.match`).
    func satisfies(_ provided: WrittenType?, _ asked: WrittenType?) -> Bool {
        index.match(provided: provided, asked: asked) != .never
    }

    mutating func recordModuleLookups() {
        let sites = analysis.sites
        let ordered = analysis.moduleLookups.sorted { ($0.position, position(of: $0.holder), $0.key) < ($1.position, position(of: $1.holder), $1.key) }
        for lookup in ordered {
            let holderType = sites[lookup.holder].type
            facts.moduleLookups.insert(GraphFacts.Named(owner: holderType, name: lookup.key))
            for node in holderNodes[lookup.holder] ?? [] {
                var walk: [ObjectID] = []
                var current: ObjectID? = node
                var found: (module: ObjectID, holder: ObjectID)?
                while let holder = current, found == nil {
                    walk.append(holder)
                    for (site, module) in heldModules[holder] ?? [] where analysis.strings(.field(site: site, name: "key")).contains(lookup.key) {
                        found = (module, holder)
                        break
                    }
                    current = holderParent[holder]
                }
                lookupPositions[events.count] = lookup.position
                events.append(.moduleLookup(GraphInspect.ModuleLookup(
                    requester: node, key: lookup.key, target: lookup.target == .module ? .module : .router, walk: walk,
                    module: found?.module, holder: found?.holder
                )))
            }
        }
    }
}
