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

    /// The keys of `module`'s plain names that need one.
    func scope(of module: String) -> [String: String] { names[module] ?? [:] }

    private static let modifiers: Set<Substring> = [
        "public", "internal", "private", "fileprivate", "open", "final", "indirect", "nonisolated", "package",
    ]
    private static let introducers: Set<Substring> = ["class", "struct", "enum", "actor", "protocol"]

    /// Names of the types declared at column 0 of `text`.
    static func topLevelTypes(in text: String) -> [String] {
        var names: [String] = []
        SourceLines.forEach(in: text) { line in
            guard let first = line.first, first != UInt8(ascii: " "), first != UInt8(ascii: "\t"), first != UInt8(ascii: "/") else { return }
            let words = String(decoding: line, as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\t" })
            var index = 0
            while index < words.count, modifiers.contains(words[index]) || words[index].hasPrefix("@") { index += 1 }
            guard index + 1 < words.count, introducers.contains(words[index]) else { return }
            let name = words[index + 1].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            if !name.isEmpty { names.append(String(name)) }
        }
        return names
    }
}
