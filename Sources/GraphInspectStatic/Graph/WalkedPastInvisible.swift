import GraphInspectCheckContract

/// The providers lookups walk past because the runtime cannot see them: unmarked computed
/// properties (`StaticWording.invisibleComputed`) and stored closures (`invisibleClosure`),
/// gathered while the builder walks: one warning for each property, naming the lookups that walk
/// past it.
///
/// A lookup in the property's own getter asking its own name (needle's `var clock: Clock {
/// try! resolve("clock") }`, `self.resolve("clock")`) is left out: the getter forwards the name to
/// the parents, and walking past itself is what it means.
struct WalkedPastInvisible {
    private struct Walked {
        var owner: String
        var name: String
        var lookups: Set<SourcePosition>
        var isClosure: Bool
    }

    /// By the property's position: one declaration at each.
    private var walked: [SourcePosition: Walked] = [:]
    /// Where each getter read so far may make a lookup, by the property's position.
    private var getterPlaces: [SourcePosition: Set<SourcePosition>] = [:]

    /// Notes that the lookup at `lookup` walked past `property`, a computed property or a stored
    /// closure of `owner` of the name the lookup asks.
    mutating func add(lookup: SourcePosition, walkedPast property: PropertyDecl, of owner: String) {
        guard !ownGetterPlaces(of: property).contains(lookup) else { return }
        let isClosure = property.form == .storedClosure
        walked[property.position, default: Walked(owner: owner, name: property.name, lookups: [], isClosure: isClosure)].lookups.insert(lookup)
    }

    /// A warning for each property walked past, in the order of the properties' places.
    var diagnostics: [StaticDiagnostic] {
        walked.keys.sorted().compactMap { position in
            guard let entry = walked[position] else { return nil }
            let lookups = entry.lookups.sorted()
            return entry.isClosure
                ? StaticWording.invisibleClosure(owner: entry.owner, name: entry.name, lookupsAt: lookups, at: position)
                : StaticWording.invisibleComputed(owner: entry.owner, name: entry.name, lookupsAt: lookups, at: position)
        }
    }

    /// The places in the property's getter a lookup is recorded at: every name and member its
    /// statements (a closure's among them) write, as `resolve` (`FlowAnalysis.call`) and a
    /// dynamic member (`FlowAnalysis.evaluateMember`) record theirs.
    private mutating func ownGetterPlaces(of property: PropertyDecl) -> Set<SourcePosition> {
        if let known = getterPlaces[property.position] { return known }
        var places: Set<SourcePosition> = []
        for statement in property.getter?.body ?? [] {
            statement.visitExpressions { expr in
                switch expr {
                case .name(_, let position), .member(_, _, let position): places.insert(position)
                default: break
                }
            }
        }
        getterPlaces[property.position] = places
        return places
    }
}
