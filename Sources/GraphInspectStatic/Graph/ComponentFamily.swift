/// An app component type with every component type that inherits from it, their names as the
/// reading writes them, and the files that declare, extend or add members to any of them: what
/// the last reading must know to add a provider to the type without the analysis
/// (`LastReading.afterProviderEdit`), since each of them lists the type's providers.
struct ComponentFamily: Equatable {
    /// The type as the reader keys it, and as the reading writes it (module-qualified).
    var type: Member
    /// The type and every component type inheriting from it.
    var members: [Member]
    /// Paths of the files that touch any member.
    var files: [String]

    struct Member: Equatable {
        var key: String
        var qualified: String
    }
}

extension StaticGraphBuilder {
    /// Every app component type's family, from the files that touch each type (`typeFiles`).
    func componentFamilies(typeFiles: [String: Set<String>]) -> [ComponentFamily] {
        let components = index.types.values.filter { !$0.isLibrary && index.isComponent($0.name) }.map(\.name).sorted()
        var members: [String: [String]] = [:]
        for component in components {
            for supertype in index.supertypes(of: component) where index.types[supertype].map({ !$0.isLibrary }) ?? false && index.isComponent(supertype) {
                members[supertype, default: []].append(component)
            }
        }
        return components.map { type in
            let family = Set(members[type] ?? []).union([type]).sorted()
            let files = family.reduce(into: Set<String>()) { $0.formUnion(typeFiles[$1] ?? []) }
            return ComponentFamily(
                type: ComponentFamily.Member(key: type, qualified: qualified(type)),
                members: family.map { ComponentFamily.Member(key: $0, qualified: qualified($0)) }, files: files.sorted()
            )
        }
    }
}
