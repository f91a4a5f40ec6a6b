import GraphInspectCheckContract
import SwiftParser
import SwiftSyntax

/// Parses Swift files (no type checking) and reduces them to `TypeDecl`s and `FunctionIR`s.
struct SourceReader {
    private(set) var types: [String: TypeDecl] = [:]
    /// Free functions by name, and each file's top-level code.
    private(set) var freeFunctions: [String: [FunctionIR]] = [:]
    private(set) var topLevel: [FunctionIR] = []
    /// Some file makes objects in a way the reading does not follow (`BranchEscapes`): no branch
    /// is decided on a literal.
    private(set) var escapesBranchDecisions = false
    /// `typealias`es of function types, by name (`BranchEscapes.closureAliases`).
    private var functionAliases: Set<String> = []
    /// `typealias`es of another name, by name (`BranchEscapes.renamings`).
    private var renamings: [String: String] = [:]

    /// Every name that stands for a function type: its `typealias`, or one renaming such a name,
    /// however many times (a loop of renamings stops where it comes back).
    var closureAliases: Set<String> {
        var found = functionAliases
        for name in renamings.keys {
            var seen: Set<String> = [name]
            var current = name
            while let next = renamings[current], seen.insert(next).inserted { current = next }
            if functionAliases.contains(current) { found.insert(name) }
        }
        return found
    }
    private var nextFunctionID = 0

    /// Reads one file. `module` names the target it belongs to; `isLibrary` marks the runtime's;
    /// `scope` keys the type names more than one module declares (`ModuleScope`).
    mutating func read(source: String, path: String, module: String, isLibrary: Bool = false, scope: ModuleScope = ModuleScope()) {
        apply(FileContribution.read(source: source, path: path, module: module, isLibrary: isLibrary, scope: scope), module: module, isLibrary: isLibrary)
    }

    /// Adds what one file declares, its functions numbered after those already read.
    /// Where files first stop parsing, in the order applied.
    private(set) var syntaxErrors: [SourcePosition] = []

    /// Adds what one file declares, its functions numbered after `firstFunction` (where they
    /// stand among every file's: `PartialReading` applies some files only).
    mutating func apply(_ contribution: FileContribution, module: String, isLibrary: Bool = false, after firstFunction: Int) {
        nextFunctionID = firstFunction
        apply(contribution, module: module, isLibrary: isLibrary)
    }

    /// `numbered`: its functions already carry the numbers this reader gives them (a contribution
    /// applied before, to a reader made again: `EditorSession`).
    mutating func apply(_ contribution: FileContribution, module: String, isLibrary: Bool = false, numbered: Bool = false) {
        if let error = contribution.syntaxError { syntaxErrors.append(error) }
        if !numbered { for function in contribution.functions { function.id += nextFunctionID } }
        nextFunctionID += contribution.functionCount
        for change in contribution.changes {
            switch change {
            case .declared(let name, let kind, let inherited, let attributes, let position):
                declared(name, at: position, isLibrary: isLibrary)
                withType(name, kind: kind, module: module, isLibrary: isLibrary) { type in
                    type.inherited = inherited + type.inherited
                    type.attributes.formUnion(attributes)
                    type.position = position
                }
            case .extended(let name, let inherited):
                withType(name, kind: nil, module: module, isLibrary: isLibrary) { $0.inherited += inherited }
            case .initializer(let owner, let function):
                withType(owner, kind: nil, module: module, isLibrary: isLibrary) { $0.initializers.append(function) }
            case .method(let owner, let function):
                withType(owner, kind: nil, module: module, isLibrary: isLibrary) { $0.methods[function.name, default: []].append(function) }
            case .enumCase(let owner, let name, let raw):
                withType(owner, kind: nil, module: module, isLibrary: isLibrary) { $0.cases[name] = raw }
            case .property(let owner, let property, let literal):
                withType(owner, kind: nil, module: module, isLibrary: isLibrary) { type in
                    if type.properties[property.name] == nil { type.propertyOrder.append(property.name) }
                    type.properties[property.name] = property
                    if let literal { type.stringConstants[property.name] = literal }
                }
            case .free(let function):
                freeFunctions[function.name, default: []].append(function)
            case .topLevel(let function):
                topLevel.append(function)
            case .escapesBranchDecisions:
                escapesBranchDecisions = true
            case .closureAlias(let name):
                functionAliases.insert(name)
            case .renaming(let name, let target):
                renamings[name] = target
            }
        }
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

    /// Changes the type named `name` in place (made when missing: a class until its declaration
    /// says otherwise). In place, not copied out and back: a copy would copy its member tables on
    /// every change, which made reading a type of many members quadratic.
    mutating func withType(_ name: String, kind: TypeDecl.Kind?, module: String, isLibrary: Bool, _ body: (inout TypeDecl) -> Void) {
        let isNew = types[name] == nil
        types[name, default: TypeDecl(name: name, kind: kind ?? .class, module: module, isLibrary: isLibrary)].withMutable { type in
            if let kind, isNew || type.position == nil {
                // A declaration seen after an extension of the same type: the declaration decides.
                type.kind = kind
                type.module = module
                type.isLibrary = isLibrary
            }
            body(&type)
        }
    }
}

extension TypeDecl {
    /// Runs `body` on this value where it is stored (a dictionary's `modify`).
    mutating func withMutable(_ body: (inout TypeDecl) -> Void) { body(&self) }
}
