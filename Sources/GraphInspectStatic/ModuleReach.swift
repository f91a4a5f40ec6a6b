/// Which modules of the sources read can see GraphInspect, and so can matter to `check`.
///
/// Swift code names another module's declarations only if its module imports that module, and
/// values cross between modules only through such names (calls, types, closures passed along an
/// import). So a module matters if it sees the library, or is joined to one that does by a chain of
/// imports, in either direction; the others cannot make, hold or ask a component, and are not
/// read at all. A module sees the library if a file of it imports a `GraphInspect` module, or
/// declares a type inheriting one of the library's type names (the library re-exported by a module
/// outside the sources read).
///
/// Found from each file's lines before parsing: `import X` (with attributes and a kind:
/// `@testable import X`, `import class X.Y`), and declarations whose inheritance names a library
/// type. Missing one only hides what Swift would hide; seeing one too many only reads more.
struct ModuleReach: Sendable {
    /// The modules that matter.
    let reached: Set<String>

    init(_ files: [StaticReader.SourceFile]) {
        self.init(modules: files.map(\.module), scans: files.map { FileScan($0.text) })
    }

    /// From each file's module and scan, in the same order.
    init(modules: [String], scans: [FileScan]) {
        var imports: [String: Set<String>] = [:]
        var seeing: Set<String> = []
        for (module, scan) in zip(modules, scans) {
            imports[module, default: []].formUnion(scan.imports)
            if scan.seesLibrary { seeing.insert(module) }
        }
        // Import edges among the modules read, both ways.
        var neighbours: [String: Set<String>] = [:]
        for (module, imported) in imports {
            for other in imported where other != module && imports[other] != nil {
                neighbours[module, default: []].insert(other)
                neighbours[other, default: []].insert(module)
            }
        }
        var reached = seeing
        var queue = Array(seeing)
        while let module = queue.popLast() {
            for next in neighbours[module] ?? [] where reached.insert(next).inserted { queue.append(next) }
        }
        self.reached = reached
    }

    private static let libraryTypes: Set<String> = [
        "Component", "RootComponent", "Module", "ModuleHolder", "ModuleBuilder", "ModuleHolderContext", "Routing",
        "ViewComponent", "ViewBuilding", "RootModule", "ModuleObject", "ModuleHolderObject", "RouterObject",
        "ViewComponentObject",
    ]
    private static let introducers: Set<String> = ["class", "struct", "enum", "actor", "protocol", "extension"]
    private static let importKinds: Set<String> = ["class", "struct", "enum", "protocol", "func", "var", "let", "typealias"]

    /// The modules a file imports, and whether it sees the library.
    static func scan(_ text: String) -> (imports: [String], seesLibrary: Bool) {
        var imports: [String] = []
        var sees = false
        SourceLines.forEach(in: text) { line in
            let words = Self.words(line)
            var index = 0
            while index < words.count, words[index].first == UInt8(ascii: "@") { index += 1 }
            if index < words.count, words[index].elementsEqual("import".utf8) {
                index += 1
                if index < words.count, importKinds.contains(String(decoding: words[index], as: UTF8.self)) { index += 1 }
                guard index < words.count else { return }
                let module = String(decoding: words[index].prefix { $0 != UInt8(ascii: ".") && $0 != UInt8(ascii: ";") }, as: UTF8.self)
                imports.append(module)
                if module.hasPrefix(RuntimeDeclarations.module) { sees = true }
                return
            }
            // `final class X: Component, RootComponent {`: a library type named in an inheritance list.
            guard !sees, let colon = line.firstIndex(of: UInt8(ascii: ":")),
                  words.contains(where: { introducers.contains(String(decoding: $0, as: UTF8.self)) }) else { return }
            let inherited = Self.words(line[(colon + 1)...], separators: { !($0.isIdentifierByte || $0 == UInt8(ascii: ".")) })
            if inherited.contains(where: { word in
                let name = String(decoding: word, as: UTF8.self)
                return libraryTypes.contains(name) || name.hasPrefix(RuntimeDeclarations.module + ".")
            }) { sees = true }
        }
        return (imports, sees)
    }

    /// A line's words: runs of bytes between separators (blanks, commas, braces, colons).
    private static func words(_ line: ArraySlice<UInt8>, separators: (UInt8) -> Bool = { $0 == 32 || $0 == 9 || $0 == 44 || $0 == 123 || $0 == 58 || $0 == 13 }) -> [ArraySlice<UInt8>] {
        var words: [ArraySlice<UInt8>] = []
        var index = line.startIndex
        while index < line.endIndex {
            while index < line.endIndex, separators(line[index]) { index += 1 }
            let start = index
            while index < line.endIndex, !separators(line[index]) { index += 1 }
            if start < index { words.append(line[start..<index]) }
        }
        return words
    }
}

private extension UInt8 {
    var isIdentifierByte: Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) || self == UInt8(ascii: "_") || self >= 0x80
    }
}
