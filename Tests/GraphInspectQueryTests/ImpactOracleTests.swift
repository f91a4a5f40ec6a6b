import Foundation
import GraphInspect
import GraphInspectCheckContract
import GraphInspectQuery
import GraphInspectStatic
import Testing

/// `query impact` held against the truth: each provider of every app is deleted from the
/// sources (or moved), `check` reads them again, and what changed must be exactly what the query
/// said: every lookup whose provider changed (broken, rebound, fixed), and check's new errors at
/// exactly the breaks' lines.
@Suite struct ImpactOracleTests {
    /// One lookup's answer, as both sides can state it: where it is written, who asks (with the
    /// chain of types above it, which tells two chains apart), the provider before and after.
    struct Change: Hashable, CustomStringConvertible {
        var place: String
        var requester: String
        var from: String?
        var to: String?
        var description: String { "\(place) \(requester): \(from ?? "nothing") -> \(to ?? "nothing")" }
    }

    @Test(arguments: QueryApp.all)
    func removingAProviderChangesWhatImpactSays(app: QueryApp) throws {
        let files = try app.files()
        let before = StaticReader.graph(of: files)
        let graph = Self.queryGraph(before, files: files)
        var asked = 0
        for (type, name, position) in Self.declarations(before.places) where app.asks(type) {
            guard let index = files.firstIndex(where: { $0.path == position.file }),
                  let decl = SourceEdit.declaration(at: position, in: files[index].text) else {
                Issue.record("\(app): no single declaration of \(type).\(name) at \(position)")
                continue
            }
            var edited = files
            edited[index].text = SourceEdit.deleting(decl, from: files[index].text)
            let answer = try graph.impact(remove: "\(graph.displayName(of: type)).\(name)")
            Self.expect(answer, equals: before, edited: edited, what: "\(app): removing \(type).\(name)")
            asked += 1
        }
        #expect(asked > 0 || before.places.providers.isEmpty, "\(app): no provider was tried")
        print("impact oracle, \(app): \(asked) providers removed, each as check found it")
    }

    @Test(arguments: QueryApp.all)
    func movingAProviderUpChangesWhatImpactSays(app: QueryApp) throws {
        let files = try app.files()
        let before = StaticReader.graph(of: files)
        let graph = Self.queryGraph(before, files: files)
        let nodes = Dictionary(uniqueKeysWithValues: before.snapshot.nodes.map { ($0.id, $0) })
        var moved = 0
        for (type, name, position) in Self.declarations(before.places) where app.asks(type) {
            // To the parent of the first node of the type, when that parent does not declare it.
            guard let node = before.snapshot.nodes.first(where: { $0.type == type && $0.kind == .component }),
                  let parent = node.parent.flatMap({ nodes[$0] }), parent.type != type,
                  before.places.providers[parent.type]?[name] == nil, let target = before.places.types[parent.type],
                  let index = files.firstIndex(where: { $0.path == position.file }),
                  let decl = SourceEdit.declaration(at: position, in: files[index].text),
                  !decl.description.contains("//") else { continue }
            var edited = files
            edited[index].text = SourceEdit.deleting(decl, from: files[index].text)
            guard let targetIndex = edited.firstIndex(where: { $0.path == target.file }),
                  let inserted = SourceEdit.inserting(decl.trimmedDescription.split(whereSeparator: \.isNewline).joined(separator: " "), intoTypeAt: target, in: edited[targetIndex].text)
            else { continue }
            edited[targetIndex].text = inserted
            let answer = try graph.impact(move: "\(graph.displayName(of: type)).\(name)", to: graph.displayName(of: parent.type))
            Self.expect(answer, equals: before, edited: edited, what: "\(app): moving \(type).\(name) up to \(parent.type)")
            moved += 1
        }
        print("impact oracle, \(app): \(moved) providers moved up a level")
    }

    /// Every provider of the sample moved to every component type off its chain (sideways) and
    /// below it (down): the sources edited as a person would, `check` read again, and what changed,
    /// and `check`'s new errors, held to what `impact` said, as for a move up.
    @Test func movingAProviderSidewaysOrDownChangesWhatImpactSays() throws {
        let app = QueryApp.all[0]
        let files = try app.files()
        let before = StaticReader.graph(of: files)
        let graph = Self.queryGraph(before, files: files)
        let components = before.snapshot.nodes.filter { $0.kind == .component }
        let nodes = Dictionary(uniqueKeysWithValues: before.snapshot.nodes.map { ($0.id, $0) })
        /// The types above a node of `type`, on every chain that reaches one.
        func above(_ type: String) -> Set<String> {
            var found: Set<String> = []
            for node in components where node.type == type {
                var current = node.parent.flatMap { nodes[$0] }
                while let step = current, found.insert(step.type).inserted { current = step.parent.flatMap { nodes[$0] } }
            }
            return found
        }
        var moved: [String: Int] = [:]
        var broke: [String: Int] = [:]
        for (type, name, position) in Self.declarations(before.places) {
            guard let index = files.firstIndex(where: { $0.path == position.file }),
                  let decl = SourceEdit.declaration(at: position, in: files[index].text), !decl.trimmedDescription.contains("//") else { continue }
            for target in Set(components.map(\.type)).sorted() where target != type && !above(type).contains(target) {
                guard before.places.providers[target]?[name] == nil, let into = before.places.types[target] else { continue }
                var edited = files
                edited[index].text = SourceEdit.deleting(decl, from: files[index].text)
                guard let targetIndex = edited.firstIndex(where: { $0.path == into.file }),
                      let inserted = SourceEdit.inserting(decl.trimmedDescription.split(whereSeparator: \.isNewline).joined(separator: " "), intoTypeAt: into, in: edited[targetIndex].text)
                else { continue }
                edited[targetIndex].text = inserted
                let kind = above(target).contains(type) ? "down" : "sideways"
                let answer = try graph.impact(move: "\(graph.displayName(of: type)).\(name)", to: graph.displayName(of: target))
                Self.expect(answer, equals: before, edited: edited, what: "moving \(type).\(name) \(kind) to \(target)")
                moved[kind, default: 0] += 1
                if !answer.breaks.isEmpty { broke[kind, default: 0] += 1 }
            }
        }
        // Both kinds were asked, and some of each broke a lookup check then reports.
        #expect(moved["sideways", default: 0] > 0 && moved["down", default: 0] > 0, "\(moved)")
        #expect(broke["sideways", default: 0] > 0 && broke["down", default: 0] > 0, "\(broke)")
        print("impact oracle, \(app): \(moved) providers moved sideways and down, \(broke) of them breaking lookups, each as check found it")
    }

    /// The graph as `query` asks it: a declaration that runs code is answered by reading the
    /// sources again without it, through the reader's own edit.
    static func queryGraph(_ reading: StaticGraph, files: [StaticReader.SourceFile]) -> QueryGraph {
        var graph = QueryGraph(snapshot: reading.snapshot, origin: .sources, places: reading.places)
        graph.reread = { edit in
            let edited = try StaticReader.graph(of: files, editing: edit)
            return (edited.snapshot, edited.places)
        }
        return graph
    }

    /// Each provider declaration once (subclasses share their superclass's), in a stable order.
    static func declarations(_ places: SourcePlaces) -> [(type: String, name: String, position: SourcePosition)] {
        var seen: Set<SourcePosition> = []
        var found: [(String, String, SourcePosition)] = []
        for type in places.providers.keys.sorted() {
            for (name, position) in places.providers[type]!.sorted(by: { $0.key < $1.key }) where seen.insert(position).inserted {
                found.append((type, name, position))
            }
        }
        return found
    }

    /// Check run again on the edited sources changes exactly the lookups the answer names, and
    /// its new errors stand at exactly the breaks' lines.
    static func expect(_ answer: ImpactAnswer, equals before: StaticGraph, edited: [StaticReader.SourceFile], what: String) {
        let after = StaticReader.graph(of: edited)
        let was = answers(before), now = answers(after)
        // No lookup where the asking component's type declares the name: it reads its own
        // property, which answers as the component itself would (a lookup from it, 0 hops).
        func provided(_ answers: [Key: String?], _ graph: StaticGraph, _ key: Key) -> String? {
            if let found = answers[key] { return found }
            return graph.places.providers[key.chain[0]]?[key.chain.last ?? ""] != nil ? key.requester : "no lookup"
        }
        var changed: Set<Change> = []
        for key in Set(was.keys).union(now.keys) {
            let from = provided(was, before, key), to = provided(now, after, key)
            if from != to { changed.insert(Change(place: key.place, requester: key.requester, from: from, to: to)) }
        }
        // A break with no provider before is a lookup made only after the change.
        var said = Set((answer.breaks + answer.rebinds + answer.fixes).map { entry in
            Change(place: "\(entry.file ?? "?"):\(entry.line ?? 0)", requester: entry.requester, from: entry.from ?? (answer.breaks.contains(entry) ? "no lookup" : nil), to: entry.to)
        })
        for entry in answer.gone { said.insert(Change(place: "\(entry.file ?? "?"):\(entry.line ?? 0)", requester: entry.requester, from: entry.from, to: "no lookup")) }
        for entry in answer.added { said.insert(Change(place: "\(entry.file ?? "?"):\(entry.line ?? 0)", requester: entry.requester, from: "no lookup", to: entry.to)) }
        #expect(said == changed, "\(what): impact said \(said.sorted { $0.description < $1.description }), check found \(changed.sorted { $0.description < $1.description })")
        // What it calls unchanged is a lookup both readings make, answered by the same provider.
        for entry in answer.unchanged {
            let place = "\(entry.file ?? "?"):\(entry.line ?? 0)"
            let keys = Set(was.keys).intersection(now.keys).filter { $0.place == place && $0.requester == entry.requester }
            #expect(keys.contains { was[$0] == .some(entry.from) && now[$0] == .some(entry.from) }, "\(what): \(place) \(entry.requester) is said to stay with \(entry.from ?? "nothing")")
        }
        let errorsBefore = Set(before.errors.map { "\($0.position) \($0.message)" })
        let newErrors = Set(after.errors.filter { !errorsBefore.contains("\($0.position) \($0.message)") }.map { "\($0.position.file):\($0.position.line)" })
        let breaks = Set(answer.breaks.map { "\($0.file ?? "?"):\($0.line ?? 0)" })
        #expect(newErrors == breaks, "\(what): check's new errors are at \(newErrors.sorted()), the breaks at \(breaks.sorted())")
    }

    struct Key: Hashable {
        var place: String
        var requester: String
        var chain: [String]
    }

    /// Each lookup's provider type (nil: none), by where it is written and the asking node's chain.
    static func answers(_ graph: StaticGraph) -> [Key: String?] {
        let query = QueryGraph(snapshot: graph.snapshot, origin: .sources, places: graph.places)
        let nodes = Dictionary(uniqueKeysWithValues: graph.snapshot.nodes.map { ($0.id, $0) })
        var answers: [Key: String?] = [:]
        for (index, event) in graph.snapshot.events.enumerated() {
            guard case .lookup(let lookup) = event, let position = graph.places.lookups[index] else { continue }
            var chain: [String] = []
            var current: ObjectID? = lookup.requester
            while let id = current, let node = nodes[id], chain.count <= nodes.count {
                chain.append(node.type)
                current = node.parent
            }
            let key = Key(place: "\(position.file):\(position.line)", requester: query.displayName(of: lookup.requester), chain: chain + [lookup.name])
            // `updateValue`: assigning nil through the subscript would drop a failed lookup's key.
            answers.updateValue(lookup.provider.map { query.displayName(of: $0) }, forKey: key)
        }
        return answers
    }
}
