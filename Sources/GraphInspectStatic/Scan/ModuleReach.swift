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
    private static let introducers: [[UInt8]] = ["class", "struct", "enum", "actor", "protocol", "extension"].map { Array($0.utf8) }
    private static let importKinds: [[UInt8]] = ["class", "struct", "enum", "protocol", "func", "var", "let", "typealias"].map { Array($0.utf8) }
    private static let importWord = Array("import".utf8)

    /// The modules a file imports, and whether it sees the library, from the file's bytes: words
    /// are made only as far as a line needs them, and a line with neither a colon nor `import` is
    /// passed over.
    static func scan(_ bytes: [UInt8]) -> (imports: [String], seesLibrary: Bool) {
        var imports: [String] = []
        var sees = false
        SourceLines.forEach(in: bytes) { line in
            let colon = line.firstIndex(of: UInt8(ascii: ":"))
            guard colon != nil || line.firstRange(of: importWord) != nil else { return }
            var words = SourceLines.Words(line, separators: isSeparator)
            var word = words.next()
            while let current = word, current.first == UInt8(ascii: "@") { word = words.next() }
            if let first = word, first.elementsEqual(importWord) {
                word = words.next()
                if let kind = word, SourceLines.word(kind, isIn: importKinds) { word = words.next() }
                guard let named = word else { return }
                let module = String(decoding: named.prefix { $0 != UInt8(ascii: ".") && $0 != UInt8(ascii: ";") }, as: UTF8.self)
                imports.append(module)
                if module.hasPrefix(RuntimeDeclarations.module) { sees = true }
                return
            }
            // `final class X: Component, RootComponent {`: a library type named in an inheritance list.
            guard !sees, let colon else { return }
            var introduced = word.map { SourceLines.word($0, isIn: introducers) } ?? false
            while !introduced, let next = words.next() { introduced = SourceLines.word(next, isIn: introducers) }
            guard introduced else { return }
            let inherited = SourceLines.Words(line[(colon + 1)...]) { !($0.isIdentifierByte || $0 == UInt8(ascii: ".")) }
            if inherited.contains(where: { word in
                let name = String(decoding: word, as: UTF8.self)
                return libraryTypes.contains(name) || name.hasPrefix(RuntimeDeclarations.module + ".")
            }) { sees = true }
        }
        return (imports, sees)
    }

    /// What separates a line's words: blanks, commas, braces, colons, a carriage return.
    private static func isSeparator(_ byte: UInt8) -> Bool {
        byte == 32 || byte == 9 || byte == 44 || byte == 123 || byte == 58 || byte == 13
    }
}

private extension UInt8 {
    var isIdentifierByte: Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) || self == UInt8(ascii: "_") || self >= 0x80
    }
}
