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
    /// `ReadingParts` as JSON.
    var parts: [UInt8]

    struct FileEntry: Equatable {
        var path: String
        var module: String
        var text: CacheKey
        var scan: CacheKey
        /// The shape of what it contributed (`FileContribution.shapeKey`); nil when it was not read
        /// (its module cannot see GraphInspect).
        var shape: CacheKey?
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

    func decodedParts() -> ReadingParts? {
        try? JSONDecoder().decode(ReadingParts.self, from: Data(parts))
    }

    /// Whether this reading is also the reading of `files` (read with the options of `optionsKey`):
    /// the same files in the same modules, and each edited file edited in a way that cannot change
    /// it. An edit cannot change it when the file's scan is the same (so which modules are read,
    /// the module scope and the names read as members are the same), what it contributes has the
    /// same shape (`FileContribution.shapeKey`: only its positions moved), and the reading names
    /// no place in it (each of its positions would move with the edit). Parses each edited file;
    /// gives up past `mostEdited` of them, where reading again costs little more.
    func stillHolds(for files: [StaticReader.SourceFile], texts: [CacheKey], optionsKey: String, mostEdited: Int = 16) -> Bool {
        guard optionsKey == self.optionsKey, files.count == self.files.count else { return false }
        var edited: [Int] = []
        for (index, file) in files.enumerated() {
            let entry = self.files[index]
            guard entry.path == file.path, entry.module == file.module else { return false }
            if entry.text != texts[index] { edited.append(index) }
        }
        guard edited.count <= mostEdited else { return false }
        let named = namedText()
        for index in edited {
            let file = files[index], entry = self.files[index]
            guard Self.isPlainPath(file.path), !named.contains(file.path) else { return false }
            guard FileScan(file.text).key == entry.scan else { return false }
            if let shape = entry.shape {
                let contribution = FileContribution.read(source: file.text, path: file.path, module: file.module, scope: scope)
                guard contribution.shapeKey == shape else { return false }
            }
        }
        return true
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

        func contains(_ path: String) -> Bool {
            bytes.firstRange(of: Array(path.utf8)) != nil
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
        out.raw(parts)
    }

    static func read(from input: inout CacheBytesReader) throws -> LastReading {
        let runKey = CacheKey(high: try input.word(), low: try input.word())
        let optionsKey = try input.string()
        let files = try input.array { input in
            FileEntry(path: try input.string(), module: try input.string(), text: try input.key(), scan: try input.key(), shape: try input.optional { try $0.key() })
        }
        var names: [String: [String: String]] = [:]
        for (module, pairs) in try input.array({ input in (try input.string(), try input.array { (try $0.string(), try $0.string()) }) }) {
            names[module] = Dictionary(pairs, uniquingKeysWith: { first, _ in first })
        }
        let keys = Set(try input.array { try $0.string() })
        return LastReading(
            runKey: runKey, optionsKey: optionsKey, files: files, scope: ModuleScope(names: names, keys: keys),
            diagnostics: try input.array { try $0.diagnostic() }, summary: try input.string(), parts: Array(try input.raw())
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
