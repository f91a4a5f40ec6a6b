/// Type names declared at the top level of more than one module, resolved as Swift resolves them:
/// inside module `M`, a plain `X` is `M`'s own `X`; `Other.X` is `Other`'s. Such types are kept
/// under `Module.X`, so two targets' `SettingsComponent`s stay two types. Where a module uses a
/// plain `X` that two other modules declare, the name stays plain (and matches neither).
///
/// Found from each file's lines before parsing: a top-level declaration starts at column 0
/// (`final class X`, `public struct X`, `@MainActor final class X`); nested ones are indented, and
/// are known as `Outer.X` anyway.
struct ModuleScope: Sendable {
    /// Per module, plain name to its key.
    private(set) var names: [String: [String: String]] = [:]
    /// Every `Module.X` key, for written `Module.X` references.
    private(set) var keys: Set<String> = []

    init(_ files: [StaticReader.SourceFile]) {
        self.init(modules: files.map(\.module), topLevelTypes: files.map { Self.topLevelTypes(in: $0.text) })
    }

    /// From each file's module and the types it declares at column 0, in the same order.
    init(modules: [String], topLevelTypes: [[String]]) {
        var declaredIn: [String: Set<String>] = [:]
        for (module, names) in zip(modules, topLevelTypes) {
            for name in names { declaredIn[name, default: []].insert(module) }
        }
        for (name, owners) in declaredIn where owners.count > 1 {
            for owner in owners {
                keys.insert(owner + "." + name)
                names[owner, default: [:]][name] = owner + "." + name
            }
        }
    }

    init() {}

    /// A scope kept in the check cache.
    init(names: [String: [String: String]], keys: Set<String>) {
        self.names = names
        self.keys = keys
    }

    /// The keys of `module`'s plain names that need one.
    func scope(of module: String) -> [String: String] { names[module] ?? [:] }

    private static let modifiers: [[UInt8]] = [
        "public", "internal", "private", "fileprivate", "open", "final", "indirect", "nonisolated", "package",
    ].map { Array($0.utf8) }
    private static let introducers: [[UInt8]] = ["class", "struct", "enum", "actor", "protocol"].map { Array($0.utf8) }

    /// Names of the types declared at column 0 of `text`.
    static func topLevelTypes(in text: String) -> [String] {
        topLevelTypes(in: Array(text.utf8))
    }

    /// Names of the types declared at column 0 of a file's bytes: after modifiers and attributes,
    /// an introducer, and the name's letters, digits and underscores. A line that is not all ASCII
    /// is read as `Character`s (a combining mark joins the blank before it; letters go beyond ASCII).
    static func topLevelTypes(in bytes: [UInt8]) -> [String] {
        var names: [String] = []
        SourceLines.forEach(in: bytes) { line in
            guard let first = line.first, first != UInt8(ascii: " "), first != UInt8(ascii: "\t"), first != UInt8(ascii: "/") else { return }
            if line.contains(where: { $0 >= 0x80 }) {
                if let name = declaredName(String(decoding: line, as: UTF8.self)) { names.append(name) }
                return
            }
            var words = SourceLines.Words(line) { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
            var word = words.next()
            while let current = word, SourceLines.word(current, isIn: modifiers) || current.first == UInt8(ascii: "@") { word = words.next() }
            guard let introducer = word, SourceLines.word(introducer, isIn: introducers), let declared = words.next() else { return }
            let name = declared.prefix { byte in
                (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                    || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
            }
            if !name.isEmpty { names.append(String(decoding: name, as: UTF8.self)) }
        }
        return names
    }

    /// The type a line declares at column 0, read as `Character`s.
    private static func declaredName(_ line: String) -> String? {
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
        var index = 0
        while index < words.count, SourceLines.word(ArraySlice(words[index].utf8), isIn: modifiers) || words[index].hasPrefix("@") { index += 1 }
        guard index + 1 < words.count, SourceLines.word(ArraySlice(words[index].utf8), isIn: introducers) else { return nil }
        let name = words[index + 1].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        return name.isEmpty ? nil : String(name)
    }
}
