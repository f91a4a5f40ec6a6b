import GraphInspect

/// Type names as Swift writes them: short (`HomeComponent`), module-qualified (`App.Home`) only
/// where two modules' types share the short name; and a name typed by a person matched back to
/// the graph's type.
struct TypeNames: Sendable {
    /// Module-qualified types by short name.
    let byShortName: [String: [String]]

    init(types: Set<String>) {
        var byShortName: [String: [String]] = [:]
        for type in types { byShortName[ShortTypeName.of(type), default: []].append(type) }
        self.byShortName = byShortName.mapValues { $0.sorted() }
    }

    func display(_ type: String) -> String {
        let short = ShortTypeName.of(type)
        return (byShortName[short]?.count ?? 0) > 1 ? type : short
    }

    /// What a typed name matches among `candidates` (module-qualified types).
    enum Match: Equatable {
        case found(String)
        case ambiguous([String])
        case none(suggestions: [String])
    }

    func match(_ typed: String, among candidates: Set<String>) -> Match {
        if candidates.contains(typed) { return .found(typed) }
        let short = candidates.filter { ShortTypeName.of($0) == typed }.sorted()
        if short.count == 1 { return .found(short[0]) }
        if short.count > 1 { return .ambiguous(short) }
        let lowered = typed.lowercased()
        let suggestions = candidates.filter { candidate in
            let name = ShortTypeName.of(candidate)
            return name.lowercased() == lowered || NameDistance.isSimilar(name, to: typed) || NameDistance.isSimilar(candidate, to: typed)
                || (typed.count >= 4 && name.lowercased().contains(lowered))
        }
        return .none(suggestions: suggestions.map(display).sorted())
    }
}
