import GraphInspectCheckContract
import SwiftParser
import SwiftSyntax

/// What one Swift file adds to the reader, in the order it adds it: read from the file alone (its
/// text, path, module and the module's scope), so files can be read on any core and kept in the
/// check cache (`CheckCache`), then applied in file order, which gives the reader exactly the
/// state reading the files one after another gave.
///
/// Its functions are numbered from 1 in the order they were met; `SourceReader.apply` renumbers
/// them after those of the files applied before.
struct FileContribution: Sendable {
    /// One change to the reader's tables.
    enum Change: Sendable {
        /// A type's declaration (`class X: Y`, with its attributes): where it is, what it is.
        case declared(name: String, kind: TypeDecl.Kind, inherited: [WrittenType], attributes: [String], position: SourcePosition)
        /// `extension X: P`: the conformances it adds.
        case extended(name: String, inherited: [WrittenType])
        case initializer(owner: String, FunctionIR)
        case method(owner: String, FunctionIR)
        /// An enum case and its raw value (nil when the case name is the value).
        case enumCase(owner: String, name: String, raw: String?)
        /// A property, and its value when it is a static string constant.
        case property(owner: String, PropertyDecl, literal: String?)
        case free(FunctionIR)
        case topLevel(FunctionIR)
        /// The file makes objects in a way the reading does not follow (`BranchEscapes`).
        case escapesBranchDecisions
        /// A `typealias` of a function type: a stored property of it is a closure.
        case closureAlias(String)
        /// A `typealias` of another name (`typealias Factory2 = Factory`).
        case renaming(String, of: String)
    }

    var changes: [Change] = []
    /// Where the file first stops parsing, if it does: it is read as far as swift-syntax recovers
    /// it, and `query` says so.
    var syntaxError: SourcePosition?
    /// The names its types' members read with no `self.` (`greeting` in `var banner: String {
    /// greeting + "!" }`) and bind no local or parameter to: reads of the type's own members,
    /// which `unused-provider` counts as uses as it counts `x.name`. Sorted.
    var selfReads: [String] = []
    /// How many functions it numbers (1...functionCount).
    private(set) var functionCount = 0

    /// Reads one file. `isLibrary` marks the runtime's stand-in declarations; `scope` keys the
    /// type names more than one module declares (`ModuleScope`).
    static func read(source: String, path: String, module: String, isLibrary: Bool = false, scope: ModuleScope = ModuleScope()) -> FileContribution {
        let tree = Parser.parse(source: source)
        var file = FileReader(path: path, module: module, isLibrary: isLibrary, source: SourceText(source))
        file.moduleNames = scope.scope(of: module)
        file.moduleKeys = scope.keys
        file.readFile(tree)
        var contribution = file.contribution
        if file.escapes.found { contribution.changes.append(.escapesBranchDecisions) }
        contribution.changes += file.escapes.closureAliases.map(Change.closureAlias)
        contribution.changes += file.escapes.renamings.map { Change.renaming($0.name, of: $0.of) }
        contribution.selfReads = file.selfReads.sorted()
        if tree.hasError { contribution.syntaxError = firstError(in: tree, path: path) }
        return contribution
    }

    /// The first place the parser met what it did not expect, or missed what it needed.
    static func firstError(in tree: SourceFileSyntax, path: String) -> SourcePosition {
        let finder = FirstError(viewMode: .all)
        finder.walk(tree)
        let offset = finder.found ?? tree.endPosition
        let location = SourceLocationConverter(fileName: path, tree: tree).location(for: offset)
        return SourcePosition(file: path, line: location.line, column: location.column)
    }

    /// Descends only into nodes that hold an error, to the first unexpected text or missing token.
    private final class FirstError: SyntaxAnyVisitor {
        var found: AbsolutePosition?

        override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
            guard found == nil, node.hasError else { return .skipChildren }
            if node.is(UnexpectedNodesSyntax.self) || node.as(TokenSyntax.self)?.presence == .missing {
                found = node.positionAfterSkippingLeadingTrivia
                return .skipChildren
            }
            return .visitChildren
        }
    }

    init() {}

    /// A contribution read back from the cache, with its functions already numbered.
    init(changes: [Change], functionCount: Int, syntaxError: SourcePosition? = nil, selfReads: [String] = []) {
        self.changes = changes
        self.functionCount = functionCount
        self.syntaxError = syntaxError
        self.selfReads = selfReads
    }

    mutating func newFunction(
        name: String, kind: FunctionIR.Kind, owner: String?, isStatic: Bool, parameters: [ParameterDecl],
        returnType: WrittenType?, position: SourcePosition
    ) -> FunctionIR {
        functionCount += 1
        return FunctionIR(
            id: functionCount, name: name, kind: kind, owner: owner, isStatic: isStatic, parameters: parameters,
            returnType: returnType, position: position
        )
    }

    /// The types it declares, extends or adds members to.
    var typesTouched: Set<String> {
        Set(changes.compactMap { change -> String? in
            switch change {
            case .declared(let name, _, _, _, _), .extended(let name, _): name
            case .initializer(let owner, _), .method(let owner, _), .enumCase(let owner, _, _), .property(let owner, _, _): owner
            case .closureAlias(let name), .renaming(let name, _): name
            case .free, .topLevel, .escapesBranchDecisions: nil
            }
        })
    }

    /// Every function it holds, in the order its changes hold them.
    var functions: [FunctionIR] {
        changes.flatMap { change -> [FunctionIR] in
            switch change {
            case .initializer(_, let function), .method(_, let function), .free(let function), .topLevel(let function): [function]
            case .property(_, let property, _): property.getter.map { [$0] } ?? []
            case .declared, .extended, .enumCase, .escapesBranchDecisions, .closureAlias, .renaming: []
            }
        }
    }
}
