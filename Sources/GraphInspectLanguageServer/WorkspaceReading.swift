import GraphInspect
import GraphInspectCheckContract
import GraphInspectLSPProtocol
import GraphInspectQuery

/// One reading of the workspace (its sources with the editor's unsaved text) and what the editor
/// asks of it: the findings by file, and what stands at a place (a lookup, a provider's
/// declaration), answered as `query` answers.
struct WorkspaceReading {
    let reading: StaticReading
    /// `check`'s findings and the rules' (the reading is held to them), sorted.
    let findings: [StaticDiagnostic]
    let graph: QueryGraph
    /// Dependency lookups by file: the event's index, where it is written, the name.
    private var lookupsByFile: [String: [(event: Int, position: SourcePosition, lookup: DependencyLookup)]] = [:]
    /// Provider declarations by file: the component types that have it, the name, where.
    private var declarationsByFile: [String: [(types: [String], name: String, position: SourcePosition)]] = [:]
    /// Lookups resolved at each declaration, by its position.
    private var usesOf: [SourcePosition: Int] = [:]
    /// The walk of the first lookup written at a place that found nothing: a missing
    /// dependency's components, for its diagnostic.
    private(set) var failedWalks: [SourcePosition: [ObjectID]] = [:]

    init(reading: StaticReading) {
        self.reading = reading
        findings = reading.diagnostics.sorted()
        graph = QueryGraph(snapshot: reading.snapshot, origin: .sources, places: reading.places)
        let types = Dictionary(reading.snapshot.nodes.map { ($0.id, $0.type) }, uniquingKeysWith: { first, _ in first })
        var declared: [SourcePosition: (types: [String], name: String)] = [:]
        for (type, providers) in reading.places.providers {
            for (name, position) in providers { declared[position, default: ([], name)].types.append(type) }
        }
        for (position, entry) in declared {
            declarationsByFile[position.file, default: []].append((entry.types.sorted(), entry.name, position))
        }
        for (index, event) in reading.snapshot.events.enumerated() {
            guard case .lookup(let lookup) = event, let position = reading.places.lookups[index] else { continue }
            lookupsByFile[position.file, default: []].append((index, position, lookup))
            if lookup.provider == nil, failedWalks[position] == nil { failedWalks[position] = lookup.walk }
            if let provider = lookup.provider, let type = types[provider], let at = reading.places.providers[type]?[lookup.name] {
                usesOf[at, default: 0] += 1
            }
        }
    }

    /// What stands at a place of a file.
    enum Found {
        /// The lookups written there (one per parent chain that reaches the asking component).
        case lookup(position: SourcePosition, [DependencyLookup], Range)
        case declaration(types: [String], name: String, position: SourcePosition, Range)
    }

    func found(in path: String, at cursor: Position, lines: [Substring]) -> Found? {
        for entry in lookupsByFile[path] ?? [] where entry.position.line == cursor.line + 1 {
            let range = Documents.range(of: entry.lookup.name, line: entry.position.line, utf8Column: entry.position.column, in: lines)
            guard range.contains(cursor) else { continue }
            let all = (lookupsByFile[path] ?? []).filter { $0.position == entry.position && $0.lookup.name == entry.lookup.name }.map(\.lookup)
            return .lookup(position: entry.position, all, range)
        }
        for entry in declarationsByFile[path] ?? [] where entry.position.line == cursor.line + 1 {
            let range = Documents.range(of: entry.name, line: entry.position.line, utf8Column: entry.position.column, in: lines)
            if range.contains(cursor) { return .declaration(types: entry.types, name: entry.name, position: entry.position, range) }
        }
        return nil
    }

    /// The declarations of the providers that answer these lookups.
    func declarations(answering lookups: [DependencyLookup]) -> [SourcePosition] {
        var found: Set<SourcePosition> = []
        for lookup in lookups {
            guard let provider = lookup.provider, let node = reading.snapshot.node(provider),
                  let at = reading.places.providers[node.type]?[lookup.name] else { continue }
            found.insert(at)
        }
        return found.sorted()
    }

    /// Where every lookup that resolves at a declaration is written.
    func uses(ofDeclarationAt declaration: SourcePosition, types: [String], name: String) -> [SourcePosition] {
        var found: Set<SourcePosition> = []
        for (index, event) in reading.snapshot.events.enumerated() {
            guard case .lookup(let lookup) = event, lookup.name == name, let provider = lookup.provider,
                  let node = reading.snapshot.node(provider), types.contains(node.type), let at = reading.places.lookups[index] else { continue }
            found.insert(at)
        }
        return found.sorted()
    }

    /// Each provider declared in the file, with how many lookups resolve there.
    func declarations(in path: String) -> [(name: String, types: [String], position: SourcePosition, uses: Int)] {
        (declarationsByFile[path] ?? []).sorted { $0.position < $1.position }.map { ($0.name, $0.types, $0.position, usesOf[$0.position] ?? 0) }
    }

    /// Files with findings.
    var filesWithFindings: Set<String> { Set(findings.map(\.position.file).filter { !$0.isEmpty }) }
}
