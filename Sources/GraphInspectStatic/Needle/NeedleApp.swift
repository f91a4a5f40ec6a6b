import GraphInspectCheckContract

/// A needle app's components linked as needle's generator links them: a component's extensions
/// merged into it, its children (every component whose type a call inside it begins with, once
/// each), its needs (its dependency protocol's properties and those of the protocols it
/// inherits), and the places a component is made in a way the generator does not link.
struct NeedleApp {
    struct Component {
        var name: String
        var module: String
        var isRoot: Bool
        var position: SourcePosition
        /// The properties needle reads as providers.
        var providers: [NeedleFile.Property]
        /// Its own properties needle does not read (internal ones of the class's body).
        var unread: [NeedleFile.Property]
        /// Its children, by index, in the order first made.
        var children: [Int] = []
        var hasParent = false
        /// The dependency protocol's name (nil for a root) and its properties.
        var dependency: String?
        var needs: [NeedleFile.Property] = []
        var dependencyReads: [(name: String, position: SourcePosition)]

        /// The type as a snapshot records it.
        var qualifiedName: String { module + "." + name }
    }

    var components: [Component] = []
    /// What the reading leaves out, with why (notes).
    var notes: [StaticDiagnostic] = []
    /// Every name the files read as a member (`x.name`).
    var memberReads: Set<String> = []
    /// Member properties whose getter makes a child component (`Child(parent: self)`): removing or
    /// moving one changes the tree, so `query impact` reads the sources again for them.
    var childMakingProperties: Set<SourcePosition> = []

    init(files: [NeedleFile]) {
        var byName: [String: Int] = [:]
        var uses: [(owner: Int?, use: NeedleFile.TypeUse)] = []
        for file in files {
            memberReads.formUnion(file.memberReads)
            for declared in file.components {
                if let first = byName[declared.body.name] {
                    notes.append(StaticWording.Needle.duplicate(declared.body.name, first: components[first].position, at: declared.body.position))
                    continue
                }
                byName[declared.body.name] = components.count
                let dependency: String? = if case .component(let name) = declared.kind { name } else { nil }
                components.append(Component(
                    name: declared.body.name, module: file.module, isRoot: declared.kind == .bootstrap, position: declared.body.position,
                    providers: declared.body.properties.filter(\.isProvider), unread: declared.body.properties.filter { !$0.isProvider },
                    dependency: dependency, dependencyReads: declared.body.dependencyReads
                ))
                uses += declared.body.uses.map { (components.count - 1, $0) }
            }
            uses += file.outsideUses.map { (nil, $0) }
        }
        for file in files {
            for body in file.extensions {
                guard let index = byName[body.name] else {
                    uses += body.uses.map { (nil, $0) }
                    continue
                }
                components[index].providers += body.properties.filter(\.isProvider)
                components[index].dependencyReads += body.dependencyReads
                uses += body.uses.map { (index, $0) }
            }
        }
        link(uses, byName: byName)
        readNeeds(protocols: files.flatMap(\.protocols))
    }

    /// Parents from calls inside components; a note for every other use of a component's type
    /// as a value, which the generator does not link.
    private mutating func link(_ uses: [(owner: Int?, use: NeedleFile.TypeUse)], byName: [String: Int]) {
        var linked: Set<[Int]> = []
        for (owner, use) in uses.sorted(by: { $0.use.position < $1.use.position }) {
            guard let child = byName[use.name] else { continue }
            if let owner, use.isCall {
                if let property = use.inProperty { childMakingProperties.insert(property) }
                guard linked.insert([owner, child]).inserted else { continue }
                components[owner].children.append(child)
                components[child].hasParent = true
            } else if !components[child].isRoot, owner != child {
                notes.append(StaticWording.Needle.notLinked(components[child].name, inComponent: owner.map { components[$0].name }, isCall: use.isCall, at: use.position))
            }
        }
        for component in components where !component.isRoot && !component.hasParent {
            notes.append(StaticWording.Needle.orphan(component.name, at: component.position))
        }
    }

    /// Each component's needs: its protocol's properties, then each inherited protocol's (the
    /// nearest declaration of a name first).
    private mutating func readNeeds(protocols: [NeedleFile.ProtocolDecl]) {
        var byName: [String: NeedleFile.ProtocolDecl] = [:]
        for declared in protocols where byName[declared.name] == nil { byName[declared.name] = declared }
        for index in components.indices {
            guard let dependency = components[index].dependency, dependency != "EmptyDependency" else { continue }
            guard byName[dependency] != nil else {
                notes.append(StaticWording.Needle.unknownDependency(dependency, of: components[index].name, at: components[index].position))
                continue
            }
            var needs: [NeedleFile.Property] = []
            var seen: Set<String> = ["Dependency"]
            var queue = [dependency]
            while !queue.isEmpty {
                let name = queue.removeFirst()
                guard seen.insert(name).inserted, let declared = byName[name] else { continue }
                for property in declared.properties where !needs.contains(where: { $0.name == property.name }) { needs.append(property) }
                queue += declared.inherited
            }
            components[index].needs = needs
        }
    }
}
