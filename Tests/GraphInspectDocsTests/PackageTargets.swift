import Foundation

/// The targets Package.swift declares, read from its text: each declaration's name, kind, folder
/// and the comment written right above it. A declaration with no comment of its own belongs with
/// the one before it (the runtime and its C header, the fuzz executables), so the comments are
/// the targets table's "what" column and nothing else has to be kept beside them.
struct PackageTargets {
    struct Target: Equatable {
        var name: String
        var kind: String
        /// The folder its sources are in, from the package root.
        var path: String
        /// The targets and products it declares it depends on (a product by its name), with what
        /// the manifest appends later (`dependencies += [...]`).
        var dependencies: Set<String> = []
        /// Folders and files under `path` the build leaves out (`exclude:`).
        var excluded: Set<String> = []
    }

    /// Targets declared under one comment.
    struct Group: Equatable {
        var comment: String
        var targets: [Target]
    }

    var groups: [Group] = []

    var targets: [Target] { groups.flatMap(\.targets) }

    static let kinds = ["target", "executableTarget", "systemLibrary", "macro", "plugin", "testTarget"]

    init(manifest: String) {
        let lines = manifest.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for (index, line) in lines.enumerated() {
            guard let kind = Self.declaration(line) else { continue }
            // The name is on this line or the next (`.target(\n    name: "X",`); the folder in the
            // lines up to the declaration's end.
            let window = lines[index..<min(lines.count, index + 12)]
            guard let name = window.lazy.compactMap({ Self.quoted(after: "name: ", in: $0) }).first else { continue }
            let ownLines = window.prefix { $0 == line || Self.declaration($0) == nil }
            let folder = kind == "testTarget" ? "Tests" : kind == "plugin" ? "Plugins" : "Sources"
            let path = ownLines.lazy.compactMap { Self.quoted(after: "path: ", in: $0) }.first ?? "\(folder)/\(name)"
            var comment: [String] = []
            var above = index - 1
            while above >= 0, lines[above].trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                comment.insert(String(lines[above].trimmingCharacters(in: .whitespaces).dropFirst(2).drop { $0 == " " }), at: 0)
                above -= 1
            }
            let declaration = lines[index..<min(lines.count, index + 40)].prefix { $0 == line || Self.declaration($0) == nil }
            let text = declaration.joined(separator: "\n")
            let target = Target(
                name: name, kind: kind, path: path,
                dependencies: Self.list("dependencies: [", in: text), excluded: Self.list("exclude: [", in: text)
            )
            if comment.isEmpty, !groups.isEmpty {
                groups[groups.count - 1].targets.append(target)
            } else {
                groups.append(Group(comment: comment.joined(separator: " "), targets: [target]))
            }
        }
    }

    /// The kind a line declares, if it starts a declaration: one at the targets list's own
    /// indentation (a target named among another's dependencies is deeper).
    /// The names the first list opened by `opener` (`exclude: [`) in `text` holds: quoted names, and products by
    /// `name:` (never `package:`).
    private static func list(_ opener: String, in text: some StringProtocol) -> Set<String> {
        guard let start = text.range(of: opener) else { return [] }
        var depth = 1, end = start.upperBound
        while end < text.endIndex, depth > 0 {
            if text[end] == "[" { depth += 1 } else if text[end] == "]" { depth -= 1 }
            end = text.index(after: end)
        }
        return quotedNames(in: Substring(text[start.upperBound..<end]))
    }

    private static func quotedNames(in text: Substring) -> Set<String> {
        var names: Set<String> = []
        var rest = text[...]
        while let open = rest.firstIndex(of: "\"") {
            let after = rest[rest.index(after: open)...]
            guard let close = after.firstIndex(of: "\"") else { break }
            if !rest[..<open].hasSuffix("package: ") { names.insert(String(after[..<close])) }
            rest = after[after.index(after: close)...]
        }
        return names
    }

    /// Adds what the manifest appends to a target's dependencies after declaring it.
    mutating func addAppendedDependencies(manifest: String) {
        var rest = manifest[...]
        while let named = rest.range(of: "$0.name == \"") {
            rest = rest[named.upperBound...]
            let name = rest.prefix { $0 != "\"" }
            let statement = rest.prefix { $0 != "\n" }
            guard statement.contains("dependencies += [") else { continue }
            let added = Self.list("dependencies += [", in: rest)
            for group in groups.indices {
                for index in groups[group].targets.indices where groups[group].targets[index].name == name {
                    groups[group].targets[index].dependencies.formUnion(added)
                }
            }
        }
    }

    private static func declaration(_ line: String) -> String? {
        guard line.hasPrefix("        ."), !line.hasPrefix("         ") else { return nil }
        return kinds.first { line.dropFirst(8).hasPrefix(".\($0)(") }
    }

    private static func quoted(after label: String, in line: String) -> String? {
        guard let start = line.range(of: label + "\"") else { return nil }
        let rest = line[start.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
    }

    /// Modules a target's sources import that are the platform's or the toolchain's, not a
    /// dependency worth a column.
    static let platformModules: Set<String> = [
        "Swift", "Foundation", "FoundationEssentials", "FoundationXML", "FoundationNetworking", "Glibc", "Darwin", "Musl", "Dispatch", "Testing", "XCTest", "Synchronization", "Runtime",
        "PackagePlugin", "XcodeProjectPlugin", "WinSDK", "Android", "SwiftUI", "CompilerPluginSupport",
    ]

    /// Every module the Swift files under `folder` import, and `CGraphviz` for C that includes
    /// Graphviz's headers.
    static func imports(under folder: URL, excluding excluded: Set<String> = []) throws -> Set<String> {
        var found: Set<String> = []
        let walker = FileManager.default.enumerator(atPath: folder.path)
        while let file = walker?.nextObject() as? String {
            guard file.hasSuffix(".swift") || file.hasSuffix(".c") || file.hasSuffix(".h") else { continue }
            guard !excluded.contains(where: { file == $0 || file.hasPrefix($0 + "/") }) else { continue }
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            // An import starts its line: an indented one is text in a string literal.
            for line in text.split(separator: "\n") where !(line.first?.isWhitespace ?? true) {
                let words = line.split(separator: " ")
                if let index = words.firstIndex(of: "import"), index + 1 < words.count, words[..<index].allSatisfy({ $0.hasPrefix("@") }) {
                    found.insert(String(words[index + 1]))
                }
                if line.hasPrefix("#include <graphviz/") { found.insert("CGraphviz") }
            }
        }
        return found
    }

    /// The table of docs/architecture.md: a row per group, what its comment says, and what its
    /// sources import (this package's targets and other packages' products; the group's own
    /// members left out).
    func table(root: URL) throws -> String {
        let moduleOf = Dictionary(targets.map { ($0.name.replacingOccurrences(of: "-", with: "_"), $0.name) }) { first, _ in first }
        var out = "| targets | what | imports |\n| --- | --- | --- |\n"
        for group in groups {
            let members = Set(group.targets.map(\.name))
            var imported: Set<String> = []
            for target in group.targets {
                for module in try Self.imports(under: root.appendingPathComponent(target.path), excluding: target.excluded) where !Self.platformModules.contains(module) {
                    let name = moduleOf[module] ?? module
                    if !members.contains(name) { imported.insert(name) }
                }
            }
            let names = group.targets.map { "`\($0.name)`" + ($0.kind == "target" ? "" : " (\($0.kind))") }.joined(separator: ", ")
            let uses = imported.isEmpty ? "nothing" : imported.sorted().map { "`\($0)`" }.joined(separator: ", ")
            out += "| \(names) | \(group.comment.replacingOccurrences(of: "|", with: "\\|")) | \(uses) |\n"
        }
        return out
    }
}
