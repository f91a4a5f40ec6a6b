import GraphInspectCheckContract
import SwiftParser
import SwiftSyntax

/// Parses Swift files (no type checking) and reduces them to `TypeDecl`s and `FunctionIR`s.
struct SourceReader {
    private(set) var types: [String: TypeDecl] = [:]
    /// Free functions by name, and each file's top-level code.
    private(set) var freeFunctions: [String: [FunctionIR]] = [:]
    private(set) var topLevel: [FunctionIR] = []
    private var nextFunctionID = 0

    /// Reads one file. `module` names the target it belongs to; `isLibrary` marks the runtime's;
    /// `scope` keys the type names more than one module declares (`ModuleScope`).
    mutating func read(source: String, path: String, module: String, isLibrary: Bool = false, scope: ModuleScope = ModuleScope()) {
        let tree = Parser.parse(source: source)
        let converter = SourceLocationConverter(fileName: path, tree: tree)
        var file = FileReader(path: path, module: module, isLibrary: isLibrary, converter: converter, reader: self)
        file.moduleNames = scope.scope(of: module)
        file.moduleKeys = scope.keys
        file.readFile(tree)
        self = file.reader
    }

    mutating func newFunction(
        name: String, kind: FunctionIR.Kind, owner: String?, isStatic: Bool, parameters: [ParameterDecl],
        returnType: WrittenType?, position: SourcePosition
    ) -> FunctionIR {
        nextFunctionID += 1
        return FunctionIR(
            id: nextFunctionID, name: name, kind: kind, owner: owner, isStatic: isStatic, parameters: parameters,
            returnType: returnType, position: position
        )
    }

    /// Types declared twice (in two modules, or `#if` branches): read as one, and said so.
    private(set) var redeclared: [(name: String, first: SourcePosition, again: SourcePosition)] = []

    /// The library's type names the app declares again. Inside the app's module its own type
    /// shadows the library's, as Swift resolves names; the library's stays reachable as
    /// `GraphInspect.Name` (`TypeIndex.libraryName`).
    private(set) var shadowed: Set<String> = []

    mutating func declared(_ name: String, at position: SourcePosition, isLibrary: Bool) {
        if !isLibrary, let library = types[name], library.isLibrary {
            var moved = library
            moved.name = RuntimeDeclarations.module + "." + name
            types[moved.name] = moved
            types[name] = nil
            shadowed.insert(name)
            return
        }
        if let first = types[name]?.position, first != position { redeclared.append((name, first, position)) }
    }

    mutating func withType(_ name: String, kind: TypeDecl.Kind?, module: String, isLibrary: Bool, _ body: (inout TypeDecl) -> Void) {
        var type = types[name] ?? TypeDecl(name: name, kind: kind ?? .class, module: module, isLibrary: isLibrary)
        if let kind, types[name] == nil || type.position == nil {
            // A declaration seen after an extension of the same type: the declaration decides.
            type.kind = kind
            type.module = module
            type.isLibrary = isLibrary
        }
        body(&type)
        types[name] = type
    }

    mutating func addFree(_ function: FunctionIR) {
        freeFunctions[function.name, default: []].append(function)
    }

    mutating func addTopLevel(_ function: FunctionIR) {
        topLevel.append(function)
    }
}
