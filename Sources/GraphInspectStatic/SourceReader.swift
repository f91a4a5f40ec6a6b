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

    fileprivate mutating func newFunction(
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

    fileprivate mutating func declared(_ name: String, at position: SourcePosition, isLibrary: Bool) {
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

    fileprivate mutating func withType(_ name: String, kind: TypeDecl.Kind?, module: String, isLibrary: Bool, _ body: (inout TypeDecl) -> Void) {
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

    fileprivate mutating func addFree(_ function: FunctionIR) {
        freeFunctions[function.name, default: []].append(function)
    }

    fileprivate mutating func addTopLevel(_ function: FunctionIR) {
        topLevel.append(function)
    }
}

/// Reads one parsed file into its `SourceReader`.
private struct FileReader {
    let path: String
    let module: String
    let isLibrary: Bool
    let converter: SourceLocationConverter
    var reader: SourceReader
    /// The types nested in the types enclosing the code being read, by simple name (`Component`
    /// -> `RawKeyPathComponentSyntax.Component`): inside a type, Swift resolves a name to a type
    /// it nests before any other of that name (the library's `Component` among them).
    var nestedInScope: [String: String] = [:]
    /// This module's keys for type names other modules declare too (`ModuleScope`), and every
    /// `Module.X` key.
    var moduleNames: [String: String] = [:]
    var moduleKeys: Set<String> = []

    /// A written type, its name resolved to a nested type in scope where there is one.
    func written(_ type: TypeSyntax) -> WrittenType { positions.written(type) }

    init(path: String, module: String, isLibrary: Bool, converter: SourceLocationConverter, reader: SourceReader) {
        self.path = path
        self.module = module
        self.isLibrary = isLibrary
        self.converter = converter
        self.reader = reader
    }

    func position(_ node: some SyntaxProtocol) -> SourcePosition {
        positions.position(node)
    }

    /// Positions in this file, for the body readers (which must not hold the reader: a copy of
    /// its type table in each would make every later change copy the table).
    var positions: Positions { Positions(path: path, converter: converter, nestedInScope: nestedInScope, moduleNames: moduleNames, moduleKeys: moduleKeys) }

    mutating func readFile(_ tree: SourceFileSyntax) {
        var topLevelItems: [CodeBlockItemSyntax] = []
        for item in tree.statements {
            if let decl = item.item.as(DeclSyntax.self), readDeclaration(decl, in: nil) {
                continue
            }
            topLevelItems.append(item)
        }
        guard !topLevelItems.isEmpty, let first = topLevelItems.first else { return }
        let function = reader.newFunction(
            name: "top-level code", kind: .topLevel, owner: nil, isStatic: true, parameters: [], returnType: nil,
            position: position(first)
        )
        var body = BodyReader(file: positions)
        for item in topLevelItems { body.collect(Syntax(item)) }
        function.body = body.statements
        function.locals = body.locals
        reader.addTopLevel(function)
    }

    /// Reads a type, extension or function declaration; false for anything else (top-level
    /// variables are code).
    mutating func readDeclaration(_ decl: DeclSyntax, in owner: String?) -> Bool {
        if let type = decl.as(ClassDeclSyntax.self) {
            readType(name: type.name.text, kind: .class, inheritance: type.inheritanceClause, attributes: type.attributes, members: type.memberBlock, node: type)
        } else if let type = decl.as(StructDeclSyntax.self) {
            readType(name: type.name.text, kind: .struct, inheritance: type.inheritanceClause, attributes: type.attributes, members: type.memberBlock, node: type)
        } else if let type = decl.as(EnumDeclSyntax.self) {
            readType(name: type.name.text, kind: .enum, inheritance: type.inheritanceClause, attributes: type.attributes, members: type.memberBlock, node: type)
        } else if let type = decl.as(ActorDeclSyntax.self) {
            readType(name: type.name.text, kind: .actor, inheritance: type.inheritanceClause, attributes: type.attributes, members: type.memberBlock, node: type)
        } else if let type = decl.as(ProtocolDeclSyntax.self) {
            readType(name: type.name.text, kind: .protocol, inheritance: type.inheritanceClause, attributes: type.attributes, members: type.memberBlock, node: type)
        } else if let ext = decl.as(ExtensionDeclSyntax.self) {
            let name = written(ext.extendedType).name
            let inherited = ext.inheritanceClause?.inheritedTypes.map { written($0.type) } ?? []
            reader.withType(name, kind: nil, module: module, isLibrary: isLibrary) { $0.inherited += inherited }
            let enclosing = outer
            outer = name
            readMembers(ext.memberBlock, of: name)
            outer = enclosing
        } else if let function = decl.as(FunctionDeclSyntax.self), owner == nil {
            if let ir = readFunction(function, owner: nil) { reader.addFree(ir) }
        } else if decl.is(ImportDeclSyntax.self) || decl.is(TypeAliasDeclSyntax.self) || decl.is(IfConfigDeclSyntax.self)
                    || decl.is(PrecedenceGroupDeclSyntax.self) || decl.is(OperatorDeclSyntax.self) || decl.is(MacroDeclSyntax.self) {
            // Nothing a lookup depends on. (`#if` blocks: both branches would be a guess; skipped.)
        } else {
            return false
        }
        return true
    }

    mutating func readType(
        name simpleName: String, kind: TypeDecl.Kind, inheritance: InheritanceClauseSyntax?, attributes: AttributeListSyntax,
        members: MemberBlockSyntax, node: some SyntaxProtocol
    ) {
        // A nested type is known as `Outer.Inner`, so two types nested in different types do not merge.
        let name = outer.map { "\($0).\(simpleName)" } ?? moduleNames[simpleName] ?? simpleName
        let inherited = inheritance?.inheritedTypes.map { written($0.type) } ?? []
        let names = Set(attributes.compactMap { $0.as(AttributeSyntax.self).map { WrittenTypeReader.read($0.attributeName).name } })
        let here = position(node)
        reader.declared(name, at: here, isLibrary: isLibrary)
        reader.withType(name, kind: kind, module: module, isLibrary: isLibrary) { type in
            type.inherited = inherited + type.inherited
            type.attributes.formUnion(names)
            type.position = here
        }
        let enclosing = outer, enclosingScope = nestedInScope
        outer = name
        for member in members.members {
            let decl = member.decl
            let nested = decl.as(ClassDeclSyntax.self)?.name.text ?? decl.as(StructDeclSyntax.self)?.name.text
                ?? decl.as(EnumDeclSyntax.self)?.name.text ?? decl.as(ActorDeclSyntax.self)?.name.text
                ?? decl.as(ProtocolDeclSyntax.self)?.name.text
            if let nested { nestedInScope[nested] = name + "." + nested }
        }
        readMembers(members, of: name)
        outer = enclosing
        nestedInScope = enclosingScope
    }

    /// The type whose members are being read, while reading a nested type's declaration.
    var outer: String?

    mutating func readMembers(_ block: MemberBlockSyntax, of owner: String) {
        for member in block.members {
            let decl = member.decl
            if let variable = decl.as(VariableDeclSyntax.self) {
                readProperty(variable, of: owner)
            } else if let initializer = decl.as(InitializerDeclSyntax.self) {
                let parameters = readParameters(initializer.signature.parameterClause)
                let ir = reader.newFunction(
                    name: "init", kind: .initializer, owner: owner, isStatic: false, parameters: parameters,
                    returnType: nil, position: position(initializer)
                )
                if let body = initializer.body { fill(ir, with: body.statements) }
                reader.withType(owner, kind: nil, module: module, isLibrary: isLibrary) { $0.initializers.append(ir) }
            } else if let function = decl.as(FunctionDeclSyntax.self) {
                if let ir = readFunction(function, owner: owner) {
                    reader.withType(owner, kind: nil, module: module, isLibrary: isLibrary) { $0.methods[ir.name, default: []].append(ir) }
                }
            } else if let enumCase = decl.as(EnumCaseDeclSyntax.self) {
                for element in enumCase.elements {
                    let raw = element.rawValue.flatMap { Self.stringLiteral($0.value) }
                    reader.withType(owner, kind: nil, module: module, isLibrary: isLibrary) { $0.cases[element.name.text] = raw }
                }
            } else {
                _ = readDeclaration(decl, in: owner)
            }
        }
    }

    mutating func readFunction(_ function: FunctionDeclSyntax, owner: String?) -> FunctionIR? {
        let isStatic = function.modifiers.contains { ["static", "class"].contains($0.name.text) }
        let ir = reader.newFunction(
            name: function.name.text, kind: owner == nil ? .free : .method, owner: owner, isStatic: isStatic,
            parameters: readParameters(function.signature.parameterClause),
            returnType: function.signature.returnClause.map { written($0.type) },
            position: position(function)
        )
        if let body = function.body { fill(ir, with: body.statements) }
        return ir
    }

    mutating func readParameters(_ clause: FunctionParameterClauseSyntax) -> [ParameterDecl] {
        clause.parameters.map { parameter in
            let first = parameter.firstName.text
            let name = parameter.secondName?.text ?? first
            return ParameterDecl(
                label: first == "_" ? nil : first, name: name, type: written(parameter.type),
                hasDefault: parameter.defaultValue != nil
            )
        }
    }

    /// Reads a function's statements; a body of one expression returns it.
    mutating func fill(_ function: FunctionIR, with items: CodeBlockItemListSyntax) {
        var body = BodyReader(file: positions)
        for item in items { body.collect(Syntax(item)) }
        if items.count == 1, function.returnType != nil || function.kind == .getter,
           case .evaluate(let value)? = body.statements.first, body.statements.count == 1 {
            body.statements = [.returns(value)]
        }
        function.body = body.statements
        function.locals = body.locals
    }

    mutating func readProperty(_ variable: VariableDeclSyntax, of owner: String) {
        let isStatic = variable.modifiers.contains { ["static", "class"].contains($0.name.text) }
        let isLazyVar = variable.modifiers.contains { $0.name.text == "lazy" }
        let attributes = Set(variable.attributes.compactMap { $0.as(AttributeSyntax.self).map { WrittenTypeReader.read($0.attributeName).name } })
        for binding in variable.bindings {
            guard let identifier = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier else { continue }
            let name = identifier.text.hasPrefix("`") ? String(identifier.text.dropFirst().dropLast()) : identifier.text
            let body = BodyReader(file: positions)
            let initializer = binding.initializer.map { body.expression($0.value) }
            var type = binding.typeAnnotation.map { written($0.type) }
            if type == nil, let initializer { type = Self.inferredType(initializer) }
            var form: PropertyDecl.Form = attributes.contains("Lazy") ? .lazyWrapper : isLazyVar ? .lazyVar : .stored
            var getter: FunctionIR?
            if let accessors = binding.accessorBlock, let getterItems = Self.getterBody(accessors) {
                form = .computed
                let ir = reader.newFunction(
                    name: name, kind: .getter, owner: owner, isStatic: isStatic, parameters: [], returnType: type,
                    position: position(binding)
                )
                fill(ir, with: getterItems)
                getter = ir
            }
            let property = PropertyDecl(
                name: name, type: type, form: form, isStatic: isStatic, initializer: initializer, getter: getter,
                position: position(binding)
            )
            let literal = isStatic ? binding.initializer.flatMap { Self.stringLiteral($0.value) } : nil
            reader.withType(owner, kind: nil, module: module, isLibrary: isLibrary) { type in
                if type.properties[name] == nil { type.propertyOrder.append(name) }
                type.properties[name] = property
                if let literal { type.stringConstants[name] = literal }
            }
        }
    }

    /// The statements of a getter: `{ ... }` or `get { ... }`; nil for stored properties with
    /// observers and for protocol requirements (`{ get }`).
    static func getterBody(_ block: AccessorBlockSyntax) -> CodeBlockItemListSyntax? {
        switch block.accessors {
        case .getter(let items): return items
        case .accessors(let list):
            return list.first { $0.accessorSpecifier.tokenKind == .keyword(.get) }?.body?.statements
        }
    }

    /// The type an initialiser gives a declaration without one: `= T(...)`, literals, `T.x` casts.
    static func inferredType(_ value: Expr) -> WrittenType? {
        switch value {
        case .literal(let type, _): type
        case .call(.name(let name, _), _, _) where name.first?.isUppercase == true: WrittenType(name: name, isOptional: false, spelling: name)
        case .call(.member(.name(let name, _), "init", _), _, _): WrittenType(name: name, isOptional: false, spelling: name)
        case .cast(_, let type): type
        default: nil
        }
    }

    /// The value of a string literal without interpolation, escapes resolved (`"a\"b"` is `a"b`).
    static func stringLiteral(_ expr: ExprSyntax) -> String? {
        expr.as(StringLiteralExprSyntax.self)?.representedLiteralValue
    }
}

/// Reduces a function body (or top-level code) to statements.
private struct BodyReader {
    let file: Positions
    var statements: [Statement] = []
    var locals: [String: WrittenType?] = [:]

    init(file: Positions) {
        self.file = file
    }

    /// Collects the statements under `node`: declarations, bindings, returns, and every
    /// outermost expression; closures inside them add their own statements.
    mutating func collect(_ node: Syntax) {
        if let variable = node.as(VariableDeclSyntax.self) {
            for binding in variable.bindings {
                let type = binding.typeAnnotation.map { file.written($0.type) }
                let value = binding.initializer.map { expression($0.value) }
                if let identifier = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier {
                    let written: WrittenType? = type ?? value.flatMap(FileReader.inferredType)
                    locals[identifier.text] = .some(written)
                    statements.append(.bind(name: identifier.text, type: type, value: value))
                } else if let value {
                    // `let _: T = x`, tuples: the value is still evaluated (lookups happen).
                    statements.append(.bind(name: "_", type: type, value: value))
                }
                if let initializer = binding.initializer { collectClosures(in: Syntax(initializer.value)) }
            }
            return
        }
        if let condition = node.as(OptionalBindingConditionSyntax.self) {
            guard let identifier = condition.pattern.as(IdentifierPatternSyntax.self)?.identifier else { return }
            let type = condition.typeAnnotation.map { file.written($0.type) }
            let value = condition.initializer.map { expression($0.value) } ?? .name(identifier.text, file.position(identifier))
            let written: WrittenType? = type ?? FileReader.inferredType(value)
            locals[identifier.text] = .some(written)
            statements.append(.bind(name: identifier.text, type: type, value: value))
            if let initializer = condition.initializer { collectClosures(in: Syntax(initializer.value)) }
            return
        }
        if let returned = node.as(ReturnStmtSyntax.self) {
            if let value = returned.expression {
                statements.append(.returns(expression(value)))
                collectClosures(in: Syntax(value))
            }
            return
        }
        if node.is(IfExprSyntax.self) || node.is(SwitchExprSyntax.self) {
            // `if` and `switch` are expressions in Swift; their conditions and branches are code.
            for child in node.children(viewMode: .sourceAccurate) { collect(child) }
            return
        }
        if let expr = node.as(ExprSyntax.self) {
            statements.append(statement(expr))
            collectClosures(in: Syntax(expr))
            return
        }
        if node.is(FunctionDeclSyntax.self) || node.is(ClassDeclSyntax.self) || node.is(StructDeclSyntax.self)
            || node.is(EnumDeclSyntax.self) || node.is(ProtocolDeclSyntax.self) || node.is(ExtensionDeclSyntax.self) {
            return  // nested declarations: not read (docs/check.md says so)
        }
        for child in node.children(viewMode: .sourceAccurate) { collect(child) }
    }

    /// Reads the statements of every closure inside `node` (not nested twice: `collect` recurses);
    /// its parameters become locals of the function being read.
    mutating func collectClosures(in node: Syntax) {
        if let closure = node.as(ClosureExprSyntax.self) {
            for name in Self.parameters(of: closure) where locals[name] == nil { locals[name] = .some(nil) }
            for item in closure.statements { collect(Syntax(item)) }
            return
        }
        for child in node.children(viewMode: .sourceAccurate) { collectClosures(in: child) }
    }

    /// A closure's parameter names: `a, b in`, `(a: T, b) in`, or `$0`, `$1`... when it names none.
    static func parameters(of closure: ClosureExprSyntax) -> [String] {
        switch closure.signature?.parameterClause {
        case .simpleInput(let list)?:
            return list.map(\.name.text)
        case .parameterClause(let clause)?:
            return clause.parameters.map { ($0.secondName ?? $0.firstName).text }
        case nil:
            return (0..<4).map { "$\($0)" }
        }
    }

    /// What calling `closure` gives: its single expression, or what its first `return` returns.
    func closureResult(_ closure: ClosureExprSyntax) -> Expr? {
        let items = Array(closure.statements)
        if items.count == 1, let only = items.first?.item.as(ExprSyntax.self) { return expression(only) }
        for item in items {
            if let returned = item.item.as(ReturnStmtSyntax.self), let value = returned.expression { return expression(value) }
        }
        return nil
    }

    /// An outermost expression: an assignment or an evaluation.
    func statement(_ expr: ExprSyntax) -> Statement {
        if let sequence = expr.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            if elements.count == 3, elements[1].is(AssignmentExprSyntax.self) {
                return .assign(target: expression(elements[0]), value: expression(elements[2]))
            }
        }
        if let infix = expr.as(InfixOperatorExprSyntax.self), infix.operator.is(AssignmentExprSyntax.self) {
            return .assign(target: expression(infix.leftOperand), value: expression(infix.rightOperand))
        }
        return .evaluate(expression(expr))
    }

    func expression(_ expr: ExprSyntax) -> Expr {
        if expr.is(NilLiteralExprSyntax.self) { return .nilLiteral }
        if let string = expr.as(StringLiteralExprSyntax.self) {
            guard let text = FileReader.stringLiteral(ExprSyntax(string)) else { return .dynamicString(file.position(string)) }
            return .literal(WrittenType(name: "String", isOptional: false, spelling: "String"), text: text)
        }
        if expr.is(IntegerLiteralExprSyntax.self) { return .literal(WrittenType(name: "Int", isOptional: false, spelling: "Int"), text: nil) }
        if expr.is(FloatLiteralExprSyntax.self) { return .literal(WrittenType(name: "Double", isOptional: false, spelling: "Double"), text: nil) }
        if expr.is(BooleanLiteralExprSyntax.self) { return .literal(WrittenType(name: "Bool", isOptional: false, spelling: "Bool"), text: nil) }
        if let reference = expr.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            if name == "self" { return .selfRef }
            return .name(file.moduleNames[name] ?? name, file.position(reference))
        }
        if expr.is(SuperExprSyntax.self) { return .superRef }
        if let member = expr.as(MemberAccessExprSyntax.self) {
            let name = member.declName.baseName.text
            guard let base = member.base else { return .implicitMember(name) }
            if name == "self", let type = Self.typeName(base) { return .typeRef(type) }
            // `Module.X`, for a type name more than one module declares.
            if let module = base.as(DeclReferenceExprSyntax.self)?.baseName.text, file.moduleKeys.contains(module + "." + name) {
                return .name(module + "." + name, file.position(member.declName))
            }
            return .member(expression(base), name, file.position(member.declName))
        }
        if let call = expr.as(FunctionCallExprSyntax.self) {
            var arguments = call.arguments.map { Expr.Argument(label: $0.label?.text, value: expression($0.expression)) }
            if let trailing = call.trailingClosure { arguments.append(Expr.Argument(label: nil, value: expression(ExprSyntax(trailing)))) }
            return .call(expression(call.calledExpression), arguments, file.position(call))
        }
        if let chained = expr.as(OptionalChainingExprSyntax.self) { return expression(chained.expression) }
        if let unwrapped = expr.as(ForceUnwrapExprSyntax.self) { return expression(unwrapped.expression) }
        if let tried = expr.as(TryExprSyntax.self) { return expression(tried.expression) }
        if let awaited = expr.as(AwaitExprSyntax.self) { return expression(awaited.expression) }
        if let generic = expr.as(GenericSpecializationExprSyntax.self) { return expression(generic.expression) }
        if let tuple = expr.as(TupleExprSyntax.self) {
            if tuple.elements.count == 1, let only = tuple.elements.first, only.label == nil { return expression(only.expression) }
            return .anyOf(tuple.elements.map { expression($0.expression) })
        }
        if let array = expr.as(ArrayExprSyntax.self) { return .anyOf(array.elements.map { expression($0.expression) }) }
        // A dictionary is any of its values; an element of a collection is any of its elements.
        if let dictionary = expr.as(DictionaryExprSyntax.self) {
            guard case .elements(let elements) = dictionary.content else { return .anyOf([]) }
            return .anyOf(elements.map { expression($0.value) })
        }
        if let subscripted = expr.as(SubscriptCallExprSyntax.self) { return expression(subscripted.calledExpression) }
        if let closure = expr.as(ClosureExprSyntax.self) {
            return .closure(parameters: Self.parameters(of: closure), result: closureResult(closure), position: file.position(closure))
        }
        if let ternary = expr.as(TernaryExprSyntax.self) { return .anyOf([expression(ternary.thenExpression), expression(ternary.elseExpression)]) }
        if let typeExpr = expr.as(TypeExprSyntax.self) { return .typeRef(WrittenTypeReader.read(typeExpr.type)) }
        if let cast = expr.as(AsExprSyntax.self) { return .cast(expression(cast.expression), file.written(cast.type)) }
        if let sequence = expr.as(SequenceExprSyntax.self) { return sequenceExpression(Array(sequence.elements)) }
        return .unknown
    }

    /// An unfolded operator sequence: `a as? T`, `a ?? b`, `x == y` (a comparison yields no value).
    func sequenceExpression(_ elements: [ExprSyntax]) -> Expr {
        guard let first = elements.first else { return .unknown }
        var value = expression(first)
        var index = 1
        while index < elements.count {
            let element = elements[index]
            if let cast = element.as(UnresolvedAsExprSyntax.self), index + 1 < elements.count,
               let type = elements[index + 1].as(TypeExprSyntax.self) {
                _ = cast
                value = .cast(value, file.written(type.type))
                index += 2
            } else if let op = element.as(BinaryOperatorExprSyntax.self), index + 1 < elements.count {
                let right = expression(elements[index + 1])
                value = op.operator.text == "??" ? .anyOf([value, right]) : .effects([value, right])
                index += 2
            } else if element.is(UnresolvedTernaryExprSyntax.self), index + 1 < elements.count {
                let then = element.as(UnresolvedTernaryExprSyntax.self).map { expression($0.thenExpression) } ?? .unknown
                value = .anyOf([then, expression(elements[index + 1])])
                index += 2
            } else {
                index += 1
            }
        }
        return value
    }

    /// `Foo` or `Module.Foo` in `Foo.self`.
    static func typeName(_ base: ExprSyntax) -> WrittenType? {
        if let reference = base.as(DeclReferenceExprSyntax.self), reference.baseName.text.first?.isUppercase == true {
            let name = reference.baseName.text
            return WrittenType(name: name, isOptional: false, spelling: name)
        }
        if let member = base.as(MemberAccessExprSyntax.self) {
            let name = member.declName.baseName.text
            return WrittenType(name: name, isOptional: false, spelling: name)
        }
        if let typeExpr = base.as(TypeExprSyntax.self) { return WrittenTypeReader.read(typeExpr.type) }
        return nil
    }
}

/// Reads written types into `WrittenType`.
enum WrittenTypeReader {
    static func read(_ type: TypeSyntax) -> WrittenType {
        let spelling = spelling(of: type)
        var optional = false
        var current = type
        while true {
            if let wrapped = current.as(OptionalTypeSyntax.self) {
                optional = true
                current = wrapped.wrappedType
            } else if let wrapped = current.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
                optional = true
                current = wrapped.wrappedType
            } else if let some = current.as(SomeOrAnyTypeSyntax.self) {
                current = some.constraint
            } else if let tuple = current.as(TupleTypeSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
                current = only.type
            } else if let attributed = current.as(AttributedTypeSyntax.self) {
                current = attributed.baseType
            } else if let identifier = current.as(IdentifierTypeSyntax.self), identifier.name.text == "Optional",
                      let argument = identifier.genericArgumentClause?.arguments.first {
                optional = true
                guard case .type(let inner) = argument.argument else { break }
                current = inner
            } else {
                break
            }
        }
        let name: String
        if let identifier = current.as(IdentifierTypeSyntax.self) {
            name = identifier.name.text
        } else if let member = current.as(MemberTypeSyntax.self) {
            // `GraphInspect.X` always means the library's X, even where the app declares its own.
            let base = member.baseType.as(IdentifierTypeSyntax.self)?.name.text
            name = base == RuntimeDeclarations.module ? base! + "." + member.name.text : member.name.text
        } else if current.is(ArrayTypeSyntax.self) {
            name = "Array"
        } else if current.is(DictionaryTypeSyntax.self) {
            name = "Dictionary"
        } else {
            name = current.trimmedDescription
        }
        return WrittenType(name: name, isOptional: optional, spelling: spelling)
    }

    /// The type as written. `trimmedDescription` rebuilds the node without its trivia, which was
    /// a sixth of `check`'s time on a generated app; a plain `X` or `X?` is spelt from its token.
    private static func spelling(of type: TypeSyntax) -> String {
        if let identifier = type.as(IdentifierTypeSyntax.self), identifier.genericArgumentClause == nil {
            return identifier.name.text
        }
        if let optional = type.as(OptionalTypeSyntax.self), let identifier = optional.wrappedType.as(IdentifierTypeSyntax.self),
           identifier.genericArgumentClause == nil {
            return identifier.name.text + "?"
        }
        return type.trimmedDescription
    }

    /// `Base.Name` of a member type (`Module.X`, `X?`, `any Module.X`), nil for any other type.
    static func memberName(_ type: TypeSyntax) -> String? {
        var current = type
        while true {
            if let wrapped = current.as(OptionalTypeSyntax.self) { current = wrapped.wrappedType }
            else if let wrapped = current.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { current = wrapped.wrappedType }
            else if let some = current.as(SomeOrAnyTypeSyntax.self) { current = some.constraint }
            else { break }
        }
        guard let member = current.as(MemberTypeSyntax.self), let base = member.baseType.as(IdentifierTypeSyntax.self) else { return nil }
        return base.name.text + "." + member.name.text
    }

    static func read(_ name: some SyntaxProtocol) -> WrittenType {
        if let type = name.as(TypeSyntax.self) { return read(type) }
        let text = name.trimmedDescription
        return WrittenType(name: text, isOptional: false, spelling: text)
    }
}

/// Turns syntax nodes of one file into `path:line:column` positions.
private struct Positions {
    let path: String
    let converter: SourceLocationConverter
    /// `FileReader.nestedInScope` where the body being read is.
    let nestedInScope: [String: String]
    /// `FileReader.moduleNames` and `moduleKeys`.
    let moduleNames: [String: String]
    let moduleKeys: Set<String>

    /// A written type, its name resolved to a nested type in scope where there is one, else to
    /// this module's own when other modules declare one of that name; `Module.X` to that module's.
    func written(_ type: TypeSyntax) -> WrittenType {
        var result = WrittenTypeReader.read(type)
        if let nested = nestedInScope[result.name] {
            result.name = nested
        } else if let qualified = WrittenTypeReader.memberName(type), moduleKeys.contains(qualified) {
            result.name = qualified
        } else if let own = moduleNames[result.name] {
            result.name = own
        }
        return result
    }

    func position(_ node: some SyntaxProtocol) -> SourcePosition {
        let location = node.startLocation(converter: converter)
        return SourcePosition(file: path, line: location.line, column: location.column)
    }
}
