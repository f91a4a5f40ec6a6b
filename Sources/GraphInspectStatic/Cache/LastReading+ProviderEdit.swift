import Foundation
import GraphInspect
import GraphInspectCheckContract

/// The last reading after one stored provider is added to, or removed from, a component type:
/// made without the analysis, when the edit provably leaves the analysis as it was and changes
/// only what lists the type's providers.
///
/// Why the analysis is the same: the provider's value makes no object and runs no code of the
/// sources (a literal, `nil`, or a type the sources do not declare, made from literals), so the
/// step that initializes a component's properties reads and makes nothing new; and its name is
/// used nowhere (no member read of it in any file, no lookup of it, not written again in its file,
/// and no other file touches the type or a type inheriting from it), so no code reads it either.
/// What changes is then exactly what the builder draws from the type's declarations: the
/// provider lists of the family's nodes (and their `created` events), the facts and places of
/// providers, and the missing-dependency reports, which list the providers of the components they
/// walk; and the file's other positions move in order. `LastReadingTests` holds the result to a
/// reading made from scratch.
extension LastReading {
    func afterProviderEdit(_ edits: EditedFiles) -> LastReading? {
        // One file, and only the reader's own findings: a rules file's would have to be found again.
        guard optionsKey.hasSuffix("\u{0}"), edits.files.count == 1, let edited = edits.files.first, let after = edited.contribution else { return nil }
        let index = edited.index, file = edited.source
        guard !diagnostics.contains(where: { ([$0.message] + $0.details).contains { $0.contains(file.path) } }),
              let before = edits.contributionBefore(index) else { return nil }
        guard let edit = ProviderListEdit(before: before, after: after), let parts = decodedParts() else { return nil }
        let name = edit.property.name
        let declared = edits.declaredNames
        guard !declared.isEmpty, edit.isInert(declared: declared), let family = families.first(where: { $0.type.key == edit.owner }),
              family.files == [file.path], !(parts.places.memberReads ?? []).contains(name),
              file.text.components(separatedBy: name).count - 1 == (edit.added ? 1 : 0),
              !parts.facts.lookups.contains(where: { $0.name == name }),
              !parts.snapshot.events.contains(where: { if case .lookup(let lookup) = $0 { lookup.name == name } else { false } })
        else { return nil }
        guard var patched = edit.patch(parts, family: family, diagnostics: diagnostics, file: file.path) else { return nil }
        var reading = self
        patched.diagnostics.sort()
        reading.diagnostics = patched.diagnostics
        reading.setParts(patched.parts)
        if edit.added {
            // Added at the end: the names are read as a set. The shapes judged by the old names
            // are judged again. A function that runs nothing and names it may now run something:
            // then none is kept as such until the analysis runs again.
            reading.declaredNames += Array(name.utf8) + [0]
            for index in reading.files.indices { reading.files[index].inertShape = nil }
            if reading.decodedGraphFreeMentions().contains(name) {
                reading.graphFreeNames = []
                reading.graphFreeMentions = []
            }
        }
        var entry = self.files[index]
        entry.text = edited.text
        entry.nowReads(after)
        reading.files[index] = entry
        return reading
    }

    /// What an entry's text contributes: kept in the entry, else from the cache (`fromCache`).
    static func contribution(of entry: FileEntry, fromCache: () -> FileContribution?) -> FileContribution? {
        guard let bytes = entry.contribution else { return fromCache() }
        var input = CacheBytesReader(bytes)
        guard let contribution = try? FileContribution.read(from: &input), input.isAtEnd else { return nil }
        return contribution
    }
}

/// One stored property added to or removed from a type, all else in the file the same but for
/// positions, which move in order.
struct ProviderListEdit {
    var owner: String
    var property: PropertyDecl
    var added: Bool
    /// The property's neighbours in its type, in the contribution that has it: the nearest
    /// instance property declared before it and after it.
    var previous: PropertyDecl?
    var next: PropertyDecl?
    /// Each position of the file before the edit, where it is after.
    var moved: [SourcePosition: SourcePosition]

    /// The names the builder reads as a component's or router's own fields.
    static let fieldsTheBuilderReads: Set<String> = ["parent", "supportedModules", "key", "component", "holder", "router"]

    init?(before: FileContribution, after: FileContribution) {
        let delta = after.changes.count - before.changes.count
        guard abs(delta) == 1 else { return nil }
        let (longer, shorter) = delta > 0 ? (after, before) : (before, after)
        let target = shorter.shapeKey
        var found: (index: Int, owner: String, property: PropertyDecl, without: FileContribution)?
        for (index, change) in longer.changes.enumerated() {
            guard case .property(let owner, let property, nil) = change else { continue }
            var without = longer
            without.changes.remove(at: index)
            if without.shapeKey == target {
                found = (index, owner, property, without)
                break
            }
        }
        guard let found else { return nil }
        owner = found.owner
        property = found.property
        added = delta > 0
        let instance = longer.changes.enumerated().compactMap { offset, change -> (Int, PropertyDecl)? in
            guard case .property(let owner, let property, _) = change, owner == found.owner, !property.isStatic else { return nil }
            return (offset, property)
        }
        previous = instance.last { $0.0 < found.index }?.1
        next = instance.first { $0.0 > found.index }?.1
        let old = MovedPositions.positions(added ? shorter : found.without), new = MovedPositions.positions(added ? found.without : shorter)
        guard old.count == new.count else { return nil }
        moved = Dictionary(zip(old, new), uniquingKeysWith: { first, _ in first })
    }

    /// A stored instance property whose value runs nothing the analysis follows and whose type
    /// the sources do not declare (so its recorded name needs no index), named apart from the
    /// fields the builder reads.
    func isInert(declared: Set<String>) -> Bool {
        guard !property.isStatic, property.form == .stored, property.getter == nil, let type = property.type,
              !declared.contains(type.name), type.name != "Any", type.name != "AnyObject",
              !Self.fieldsTheBuilderReads.contains(property.name), !added || !declared.contains(property.name) else { return false }
        guard let value = property.initializer else { return true }
        func isConstant(_ expr: Expr) -> Bool {
            switch expr {
            case .literal, .nilLiteral: true
            default: false
            }
        }
        switch value {
        case .literal, .nilLiteral: return true
        case .call(.name(let made, _), let arguments, _): return !declared.contains(made) && arguments.allSatisfy { isConstant($0.value) }
        default: return false
        }
    }

    /// The reading's parts and findings with the provider listed (or no longer listed) by every
    /// node of the family, its facts and places, the missing-dependency reports made again, and
    /// the file's positions moved; nil where a place of the file is not one the edit moves.
    func patch(_ parts: LastReading.ReadingParts, family: ComponentFamily, diagnostics: [StaticDiagnostic], file: String)
        -> (parts: LastReading.ReadingParts, diagnostics: [StaticDiagnostic])?
    {
        var parts = parts
        let name = property.name
        let provider = Provider(name: name, type: TypeIndex.recordedName(outside: property.type!), form: .stored)
        let oldReports = Set(Self.reports(parts.snapshot, lookups: parts.places.lookups))
        let members = Dictionary(family.members.map { ($0.qualified, $0.key) }, uniquingKeysWith: { first, _ in first })
        // The provider, in each node of the family.
        var lists: [ObjectID: [Provider]] = [:]
        for node in parts.snapshot.nodes where node.kind == .component && members[node.type] != nil {
            var list = node.providers ?? []
            if added {
                let at: Int
                if let previous, let found = list.firstIndex(where: { $0.name == previous.name }) {
                    guard previous.form != .computed else { return nil }
                    at = found + 1
                } else if previous == nil, let next, let found = list.firstIndex(where: { $0.name == next.name }) {
                    guard next.form != .computed else { return nil }
                    at = found
                } else if previous == nil, next == nil, family.members.count == 1 {
                    at = list.count
                } else {
                    return nil
                }
                list.insert(provider, at: at)
            } else {
                guard let found = list.firstIndex(where: { $0.name == name }) else { return nil }
                list.remove(at: found)
            }
            lists[node.id] = list
        }
        for index in parts.snapshot.nodes.indices {
            if let list = lists[parts.snapshot.nodes[index].id] { parts.snapshot.nodes[index].providers = list }
        }
        for index in parts.snapshot.events.indices {
            guard case .created(var created) = parts.snapshot.events[index], let list = lists[created.id] else { continue }
            created.providers = list
            parts.snapshot.events[index] = .created(created)
        }
        // Facts and places, for the family's types that have nodes.
        let withNodes = Set(parts.snapshot.nodes.filter { lists[$0.id] != nil }.map(\.type))
        for qualified in withNodes {
            guard let key = members[qualified] else { continue }
            let fact = GraphFacts.Named(owner: key, name: name)
            if added {
                parts.facts.providers.insert(fact)
            } else {
                parts.facts.providers.remove(fact)
                parts.places.providers[qualified]?[name] = nil
                if parts.places.providers[qualified]?.isEmpty == true { parts.places.providers[qualified] = nil }
            }
        }
        // The file's positions, moved; a place of it the edit does not know is given up on.
        let moves = MovedPositions(file: file, moved: moved)
        guard let movedParts = moves.apply(to: parts) else { return nil }
        parts = movedParts
        if added {
            guard let declared = moved.values.contains(property.position) ? nil : Optional(property.position) else { return nil }
            for qualified in withNodes { parts.places.providers[qualified, default: [:]][name] = declared }
        }
        guard var found = moves.apply(to: diagnostics.filter { !oldReports.contains($0) }) else { return nil }
        found = Array(Set(found).union(Self.reports(parts.snapshot, lookups: parts.places.lookups)))
        return (parts, found)
    }

    /// The findings the builder words from the snapshot's failures, at their lookups' places.
    static func reports(_ snapshot: GraphSnapshot, lookups: [Int: SourcePosition]) -> [StaticDiagnostic] {
        snapshot.failures().compactMap { failure in
            lookups[failure.eventIndex].map { StaticWording.diagnostic(fromReport: failure.report(style: .plain), at: $0) }
        }
    }
}
