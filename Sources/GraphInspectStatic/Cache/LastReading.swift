import Foundation
import GraphInspect
import GraphInspectCheckContract

/// The last reading the check cache keeps: what it was read from (each file's path, module, text,
/// scan and the shape of what it contributed), the module scope, its findings and summary, and
/// the graph it drew (snapshot, facts, places, as JSON), so a run over the same files, or over
/// files whose edits cannot change the reading, prints and draws it without parsing or analysing.
struct LastReading {
    /// Every file's path, module and text digest, and what decides the reading beside them.
    var runKey: CacheKey
    /// How the reading was made (pruning, the rules' text): part of `runKey`, kept to compare.
    var optionsKey: String
    var files: [FileEntry]
    /// The module scope the files were read in (from their scans).
    var scope: ModuleScope
    var diagnostics: [StaticDiagnostic]
    var summary: String
    /// Every name the sources read declare (`InertStatements.declared`), sorted, each ended by a
    /// zero byte: decoded only when an edit is judged by them.
    var declaredNames: [UInt8]
    /// The graph's types among them (`InertStatements.graphTypes`), kept the same way.
    var graphTypeNames: [UInt8] = []
    /// The functions that run nothing (`InertStatements.graphFree`), kept the same way.
    var graphFreeNames: [UInt8] = []
    /// The names their judgment reads (`GraphFreeFunctions.mentions`), kept the same way.
    var graphFreeMentions: [UInt8] = []
    /// Every app component type's family (`ComponentFamily`).
    var families: [ComponentFamily] = []
    /// `ReadingParts` as JSON.
    var parts: [UInt8]
    /// Files' positions moved since `parts` was written (`afterPositionsMoved`), in order:
    /// `decodedParts` applies them, so an edit that moves positions need not write the JSON again.
    var pendingMoves: [MovedPositions] = []
    /// The files beyond the edited ones that the last judgment over part of the files read
    /// (`StaticReader.keptFromPart`), by index: the next such judgment starts with them, as the
    /// names it asks for are mostly the same (a type every file extends, the edited type's).
    var partFiles: [Int] = []
    /// What the rules the reading was held to counted (`StaticReading.rules`); nil for none.
    var rules: RulesTally?

    /// The key of the files as the analysis last read them (each entry's `analysed` text, or its
    /// text): what the fixed point the cache keeps beside this reading belongs to (`SettledState`).
    /// Computed as `StaticReader.runKey` is, so a reading made by the analysis has it as its `runKey`.
    var analysedKey: CacheKey {
        CacheKey([optionsKey] + files.flatMap { [$0.path, $0.module, ($0.analysed ?? $0.text).description] })
    }

    struct FileEntry: Equatable {
        var path: String
        var module: String
        var text: CacheKey
        var scan: CacheKey
        /// The shape of what it contributed (`FileContribution.shapeKey`); nil when it was not read
        /// (its module cannot see GraphInspect).
        var shape: CacheKey?
        /// The text the reading was made from, when an edit that holds changed `text` since: the
        /// contribution the cache keeps is that text's.
        var analysed: CacheKey?
        /// The shape with inert statements left out (`shapeKey(leavingOut:)`), once an edit needed
        /// it; nil until then (made from the contribution the cache keeps).
        var inertShape: CacheKey?
        /// What the text contributes, as the cache writes it, when the cache does not hold it (a
        /// reading made from the last without the analysis: `afterProviderEdit`, `afterPositionsMoved`).
        var contribution: [UInt8]?

        /// The reading is now of the entry's text, which contributes `contribution`: kept here,
        /// as the cache keeps none for it, so the next edit is judged against it.
        mutating func nowReads(_ contribution: FileContribution, shape: CacheKey? = nil) {
            analysed = nil
            inertShape = nil
            self.shape = shape ?? contribution.shapeKey
            var bytes = CacheBytesWriter()
            contribution.write(to: &bytes)
            self.contribution = bytes.bytes
        }
    }

    /// The graph a reading drew, beside its findings.
    struct ReadingParts: Codable {
        var snapshot: GraphSnapshot
        var facts: GraphFacts
        var places: SourcePlaces
    }

    static func encode(_ parts: ReadingParts) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return (try? [UInt8](encoder.encode(parts))) ?? []
    }

    /// The parts, with the pending moves applied; nil when they do not decode or a move does not apply.
    func decodedParts() -> ReadingParts? {
        guard var decoded = try? JSONDecoder().decode(ReadingParts.self, from: Data(parts)) else { return nil }
        for move in pendingMoves {
            guard let moved = move.apply(to: decoded) else { return nil }
            decoded = moved
        }
        return decoded
    }

    /// Writes `parts` whole, with no move pending.
    mutating func setParts(_ decoded: ReadingParts) {
        parts = Self.encode(decoded)
        pendingMoves = []
    }

    /// Whether this reading is also the reading of the files after `edits`, each edited in a way
    /// that cannot change it: what it contributes has the same shape (`FileContribution.shapeKey`:
    /// only its positions moved), or the same once statements that cannot change the reading are
    /// left out of it and of what the file contributed when this reading was made
    /// (`InertStatements`), and the reading names no place in it (each of its positions would
    /// move with the edit). `editedFiles` has held the rest (options, files, scans).
    /// When it holds: the entries of the edited files, with their new texts and shapes, for the
    /// reading kept again, so the next edit is compared with this text. Holding is an equivalence
    /// (equal shapes, the declared names unchanged), so a text that holds against this one holds
    /// against the one analysed. Nil when it does not hold.
    func stillHolds(after edits: EditedFiles) -> [(Int, FileEntry)]? {
        let named = namedText()
        var entries: [(Int, FileEntry)] = []
        for edited in edits.files {
            guard !named.contains(edited.source.path) else { return nil }
            var entry = files[edited.index]
            entry.analysed = entry.analysed ?? entry.text
            entry.text = edited.text
            if let shape = entry.shape, let contribution = edited.contribution {
                let newShape = contribution.shapeKey
                if newShape != shape {
                    // Without the names (never empty: the library's are among them), nothing is inert.
                    guard let inert = edits.inert else { return nil }
                    guard let before = entry.inertShape ?? edits.contributionBefore(edited.index)?.shapeKey(leavingOut: inert),
                          before == contribution.shapeKey(leavingOut: inert) else { return nil }
                    entry.shape = newShape
                    entry.inertShape = before
                }
            }
            entries.append((edited.index, entry))
        }
        return entries
    }

    /// The names of `declaredNames`.
    func decodedNames() -> Set<String> {
        Self.decoded(declaredNames)
    }

    /// The names of `graphTypeNames`.
    func decodedGraphTypeNames() -> Set<String> {
        Self.decoded(graphTypeNames)
    }

    /// The names of `graphFreeNames`.
    func decodedGraphFreeNames() -> Set<String> {
        Self.decoded(graphFreeNames)
    }

    /// The names of `graphFreeMentions`.
    func decodedGraphFreeMentions() -> Set<String> {
        Self.decoded(graphFreeMentions)
    }

    private static func decoded(_ names: [UInt8]) -> Set<String> {
        Set(names.split(separator: 0, omittingEmptySubsequences: true).map { String(decoding: $0, as: UTF8.self) })
    }

    /// `names` as `declaredNames` keeps them; none (so no statement is judged inert) if a name
    /// holds a zero byte, which no Swift name does.
    static func encodedNames(_ names: Set<String>) -> [UInt8] {
        var bytes: [UInt8] = []
        for name in names.sorted() {
            guard !name.utf8.contains(0) else { return [] }
            bytes += name.utf8
            bytes.append(0)
        }
        return bytes
    }

    /// Everything the reading says, as text to search for a file's path: its graph's JSON and
    /// every finding (where it is, what it says).
    private func namedText() -> NamedText {
        var text = parts
        for diagnostic in diagnostics {
            for part in [diagnostic.position.file, diagnostic.message] + diagnostic.details {
                text += Array(part.utf8)
                text.append(0)
            }
        }
        return NamedText(bytes: text)
    }

    /// A path JSON writes as it is, so searching the JSON for it finds every place it is named:
    /// no quote, backslash or control character. Another path is never taken for unchanged.
    static func isPlainPath(_ path: String) -> Bool {
        !path.isEmpty && !path.unicodeScalars.contains { $0 == "\"" || $0 == "\\" || $0.value < 0x20 || $0.value == 0x7F }
    }

    /// Bytes searched for a path.
    struct NamedText {
        let bytes: [UInt8]

        /// Each place of the path's first byte (`memchr`), compared whole (`memcmp`): the generic
        /// `firstRange(of:)` compared at every offset of a megabyte and was a tenth of an edited run.
        func contains(_ path: String) -> Bool {
            let needle = Array(path.utf8)
            guard let first = needle.first else { return true }
            return bytes.withUnsafeBytes { haystack in
                needle.withUnsafeBytes { wanted in
                    guard let base = haystack.baseAddress, haystack.count >= wanted.count else { return false }
                    var offset = 0
                    let last = haystack.count - wanted.count
                    while offset <= last {
                        guard let found = memchr(base + offset, Int32(first), last - offset + 1) else { return false }
                        let at = base.distance(to: UnsafeRawPointer(found))
                        if memcmp(base + at, wanted.baseAddress!, wanted.count) == 0 { return true }
                        offset = at + 1
                    }
                    return false
                }
            }
        }
    }

    // MARK: Bytes

    func write(to out: inout CacheBytesWriter) {
        out.word(runKey.high)
        out.word(runKey.low)
        out.string(optionsKey)
        out.array(files) { out, entry in
            out.string(entry.path)
            out.string(entry.module)
            out.key(entry.text)
            out.key(entry.scan)
            out.optional(entry.shape) { $0.key($1) }
            out.optional(entry.analysed) { $0.key($1) }
            out.optional(entry.inertShape) { $0.key($1) }
            out.optional(entry.contribution) { $0.raw($1) }
        }
        let modules = scope.names.keys.sorted()
        out.array(modules) { out, module in
            out.string(module)
            let names = scope.names[module] ?? [:]
            out.array(names.keys.sorted()) { out, name in
                out.string(name)
                out.string(names[name] ?? "")
            }
        }
        out.array(scope.keys.sorted()) { $0.string($1) }
        out.array(diagnostics) { $0.write($1) }
        out.string(summary)
        out.raw(declaredNames)
        out.raw(graphTypeNames)
        out.raw(graphFreeNames)
        out.raw(graphFreeMentions)
        out.array(families) { out, family in
            out.string(family.type.key)
            out.string(family.type.qualified)
            out.array(family.members) { out, member in
                out.string(member.key)
                out.string(member.qualified)
            }
            out.array(family.files) { $0.string($1) }
        }
        out.raw(parts)
        out.array(pendingMoves) { out, move in
            out.string(move.file)
            out.array(move.moved.keys.sorted()) { out, from in
                out.write(from)
                out.write(move.moved[from]!)
            }
        }
        out.array(partFiles) { $0.int($1) }
        out.optional(rules) { out, tally in
            out.int(tally.errors)
            out.int(tally.warnings)
            out.int(tally.known)
            out.array(tally.entries) { $0.string($1) }
        }
    }

    static func read(from input: inout CacheBytesReader) throws -> LastReading {
        let runKey = CacheKey(high: try input.word(), low: try input.word())
        let optionsKey = try input.string()
        let files = try input.array { input in
            FileEntry(
                path: try input.string(), module: try input.string(), text: try input.key(), scan: try input.key(),
                shape: try input.optional { try $0.key() }, analysed: try input.optional { try $0.key() }, inertShape: try input.optional { try $0.key() },
                contribution: try input.optional { Array(try $0.raw()) }
            )
        }
        var names: [String: [String: String]] = [:]
        for (module, pairs) in try input.array({ input in (try input.string(), try input.array { (try $0.string(), try $0.string()) }) }) {
            names[module] = Dictionary(pairs, uniquingKeysWith: { first, _ in first })
        }
        let keys = Set(try input.array { try $0.string() })
        return LastReading(
            runKey: runKey, optionsKey: optionsKey, files: files, scope: ModuleScope(names: names, keys: keys),
            diagnostics: try input.array { try $0.diagnostic() }, summary: try input.string(), declaredNames: Array(try input.raw()), graphTypeNames: Array(try input.raw()),
            graphFreeNames: Array(try input.raw()), graphFreeMentions: Array(try input.raw()),
            families: try input.array { input in
                ComponentFamily(
                    type: ComponentFamily.Member(key: try input.string(), qualified: try input.string()),
                    members: try input.array { ComponentFamily.Member(key: try $0.string(), qualified: try $0.string()) },
                    files: try input.array { try $0.string() }
                )
            },
            parts: Array(try input.raw()),
            pendingMoves: try input.array { input in
                MovedPositions(file: try input.string(), moved: Dictionary(try input.array { (try $0.position(), try $0.position()) }, uniquingKeysWith: { first, _ in first }))
            },
            partFiles: try input.array { try $0.int() },
            rules: try input.optional { input in
                RulesTally(errors: try input.int(), warnings: try input.int(), known: try input.int(), entries: try input.array { try $0.string() })
            }
        )
    }
}

extension CacheBytesWriter {
    mutating func key(_ key: CacheKey) {
        word(key.high)
        word(key.low)
    }
}

extension CacheBytesReader {
    mutating func key() throws -> CacheKey {
        CacheKey(high: try word(), low: try word())
    }
}
