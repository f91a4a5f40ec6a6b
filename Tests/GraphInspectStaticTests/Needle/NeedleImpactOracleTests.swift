import Foundation
import GraphInspect
import GraphInspectCheckContract
import GraphInspectQuery
import GraphInspectStatic
import SwiftParser
import SwiftSyntax
import Testing

/// `query impact` on needle apps held against `check`: each provider deleted from the sources (or
/// moved into another component), the sources read again, and every lookup whose answer changed
/// must be one the query named, as it named it, with check's new errors (and notes at `dependency.x` reads) at exactly its breaks.
/// Under needle's rule a component's own property never answers its own need, so a move into the
/// asking component fixes nothing.
@Suite struct NeedleImpactOracleTests {
    /// The bundled example and generated apps (several paths, shadowing, extensions).
    static func apps() throws -> [(name: String, files: [StaticReader.SourceFile])] {
        let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../Examples/Needle/Sources").standardized.path
        var apps = [(name: "Examples/Needle", files: try StaticReader.files(in: [example]))]
        for (seed, layers, width) in [(UInt64(1), 3, 3), (UInt64(7), 4, 3)] {
            let sources = NeedleAppMaker(seed: seed, layers: layers, width: width, services: 6).sources()
            apps.append(("generated \(seed)", sources.map { StaticReader.SourceFile(path: "App/\($0.name)", module: "App", text: $0.text) }))
        }
        return apps
    }

    static func read(_ files: [StaticReader.SourceFile]) throws -> StaticReading {
        try #require(try StaticCheck().run(StaticCheck.Request(files: files)).reading)
    }

    @Test func removingOrMovingAProviderChangesWhatImpactSays() throws {
        var asked = 0, selfMoves = 0, childMakers = 0
        for app in try Self.apps() {
            let before = try Self.read(app.files)
            #expect(before.places.ownProvidersAnswer == false)
            var graph = QueryGraph(snapshot: before.snapshot, origin: .sources, places: before.places)
            // As `query` asks: a property that makes a child is answered by reading the sources
            // again without it, through the entry's edit.
            graph.reread = { edit in
                var request = StaticCheck.Request(files: app.files)
                request.edit = edit
                let after = try #require(try StaticCheck().run(request).reading)
                return (after.snapshot, after.places)
            }
            let components = Set(before.snapshot.nodes.filter { $0.kind == .component }.map(\.type)).sorted()
            for (type, names) in before.places.providers.sorted(by: { $0.key < $1.key }) {
                for (name, position) in names.sorted(by: { $0.key < $1.key }) {
                    let declaration = try #require(Self.declaration(at: position, in: app.files), "\(app.name): \(type).\(name)")
                    // A getter that makes a child changes the tree itself: the query reads again.
                    if declaration.text.contains("(parent: self)") {
                        #expect(before.places.declarationsRunningCode?.contains(position) == true, "\(app.name): \(type).\(name) makes a child")
                        childMakers += 1
                    }
                    let removed = Self.edited(app.files, deleting: declaration, insertingInto: nil)
                    let answer = try graph.impact(remove: "\(graph.displayName(of: type)).\(name)")
                    try Self.expect(answer, before: before, after: Self.read(removed), what: "\(app.name): removing \(type).\(name)")
                    asked += 1
                    // Moves of a declaration needle reads wherever it stands (a `public` one)
                    // into every component that declares no property of the name; a property that
                    // makes a child is not moved by the query (the tree would change): it says so.
                    guard declaration.text.hasPrefix("public ") else { continue }
                    if declaration.text.contains("(parent: self)"), let target = components.first(where: { $0 != type && before.places.providers[$0]?[name] == nil }) {
                        #expect(throws: QueryError.movesTheTree(provider: "\(graph.displayName(of: type)).\(name)", to: graph.displayName(of: target))) {
                            try graph.impact(move: "\(graph.displayName(of: type)).\(name)", to: graph.displayName(of: target))
                        }
                        continue
                    }
                    for target in components where target != type && before.places.providers[target]?[name] == nil {
                        guard let into = before.places.types[target] else { continue }
                        let moved = Self.edited(app.files, deleting: declaration, insertingInto: (into, declaration.text))
                        let answer = try graph.impact(move: "\(graph.displayName(of: type)).\(name)", to: graph.displayName(of: target))
                        try Self.expect(answer, before: before, after: Self.read(moved), what: "\(app.name): moving \(type).\(name) to \(target)")
                        if Self.asks(before, type: target, name: name) { selfMoves += 1 }
                        asked += 1
                    }
                }
            }
        }
        // Some moves went into a component that asks for the name itself.
        #expect(asked > 50 && selfMoves > 0, "\(asked) edits, \(selfMoves) into an asking component")
        // Some removed or moved properties made a child, and were answered by reading again.
        #expect(childMakers > 0, "no property that makes a child was asked")
    }

    /// Whether a component of `type` asks for `name`.
    static func asks(_ reading: StaticReading, type: String, name: String) -> Bool {
        reading.snapshot.events.contains { event in
            guard case .lookup(let lookup) = event else { return false }
            return lookup.name == name && reading.snapshot.node(lookup.requester)?.type == type
        }
    }

    /// Each lookup's answering component, by where it is written and the asking node's path.
    static func answers(_ reading: StaticReading) -> [String: String] {
        let graph = QueryGraph(snapshot: reading.snapshot, origin: .sources, places: reading.places)
        var found: [String: String] = [:]
        for (index, event) in reading.snapshot.events.enumerated() {
            guard case .lookup(let lookup) = event, let at = reading.places.lookups[index] else { continue }
            var path: [String] = []
            var current: ObjectID? = lookup.requester
            while let node = current.flatMap(reading.snapshot.node) {
                path.append(node.type)
                current = node.parent
            }
            found["\(at.file):\(at.line) \(graph.displayName(of: lookup.requester)) \(path.joined(separator: "<"))"] = lookup.provider.map(graph.displayName(of:)) ?? "nothing"
        }
        return found
    }

    /// The lookups whose answer changed are those the answer names, with the same answers; check's
    /// new errors stand at the breaks' lines.
    static func expect(_ answer: ImpactAnswer, before: StaticReading, after: StaticReading, what: String) {
        let was = answers(before), now = answers(after)
        var changed: Set<String> = []
        func place(_ key: String) -> String { key.split(separator: " ").prefix(2).joined(separator: " ") }
        for (key, from) in was where now[key] != from { changed.insert("\(place(key)): \(from) -> \(now[key] ?? "no lookup")") }
        // A tree the edit changed (a property that made a child) also gains lookups.
        for (key, to) in now where was[key] == nil { changed.insert("\(place(key)): no lookup -> \(to)") }
        func said(_ entries: [ImpactAnswer.Entry], from: String? = nil, to: String? = nil) -> [String] {
            entries.map { "\($0.file ?? "?"):\($0.line ?? 0) \($0.requester): \(from ?? $0.from ?? "nothing") -> \(to ?? $0.to ?? "nothing")" }
        }
        let said = Set(said(answer.breaks + answer.rebinds + answer.fixes) + said(answer.gone, to: "no lookup") + said(answer.added, from: "no lookup"))
        #expect(said == changed, "\(what): impact said \(said.sorted()), check found \(changed.sorted())")
        // A need's break is an error at the need; a `dependency.x` read's, a note pointing at it.
        func finding(_ diagnostic: StaticDiagnostic) -> Bool { diagnostic.severity == .error || diagnostic.message.hasPrefix("`dependency.") }
        let errorsBefore = Set(before.diagnostics.filter(finding).map { "\($0.position) \($0.message) \($0.details.first ?? "")" })
        let newErrors = Set(after.diagnostics.filter { finding($0) && !errorsBefore.contains("\($0.position) \($0.message) \($0.details.first ?? "")") }.map { "\($0.position.file):\($0.position.line)" })
        #expect(newErrors == Set(answer.breaks.map { "\($0.file ?? "?"):\($0.line ?? 0)" }), "\(what): check's new errors at \(newErrors.sorted()), breaks \(answer.breaks)")
    }

    /// A property's whole declaration: its file, its lines (1-based, inclusive) and its text.
    struct Declaration {
        var file: String
        var lines: ClosedRange<Int>
        var text: String
    }

    static func declaration(at position: SourcePosition, in files: [StaticReader.SourceFile]) -> Declaration? {
        guard let file = files.first(where: { $0.path == position.file }) else { return nil }
        let tree = Parser.parse(source: file.text)
        let converter = SourceLocationConverter(fileName: file.path, tree: tree)
        for token in tree.tokens(viewMode: .sourceAccurate) {
            let at = token.startLocation(converter: converter)
            guard at.line == position.line, at.column == position.column else { continue }
            var node: Syntax? = Syntax(token)
            while let current = node, !current.is(VariableDeclSyntax.self) { node = current.parent }
            guard let variable = node else { return nil }
            let start = variable.startLocation(converter: converter, afterLeadingTrivia: true).line
            let end = variable.endLocation(converter: converter, afterTrailingTrivia: false).line
            return Declaration(file: file.path, lines: start...end, text: variable.trimmedDescription)
        }
        return nil
    }

    /// The files with the declaration's lines emptied and, for a move, its text put on one line
    /// after the opening brace of the type declared at `into` (no line moves, so every lookup
    /// keeps its place).
    static func edited(_ files: [StaticReader.SourceFile], deleting declaration: Declaration, insertingInto into: (SourcePosition, String)?) -> [StaticReader.SourceFile] {
        var files = files
        for index in files.indices where files[index].path == declaration.file {
            var lines = files[index].text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            for line in declaration.lines { lines[line - 1] = "" }
            files[index].text = lines.joined(separator: "\n")
        }
        guard let (type, text) = into else { return files }
        for index in files.indices where files[index].path == type.file {
            var lines = files[index].text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            guard let brace = lines.indices.first(where: { $0 >= type.line - 1 && lines[$0].contains("{") }) else { continue }
            lines[brace] += " " + text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
            files[index].text = lines.joined(separator: "\n")
        }
        return files
    }
}
