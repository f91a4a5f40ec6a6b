import GraphInspectCheckContract
import SwiftParser
import SwiftSyntax

/// Reads one parsed file into its `FileContribution`.
struct FileReader {
    let path: String
    let module: String
    let isLibrary: Bool
    let source: SourceText
    var contribution = FileContribution()
    /// The types nested in the types enclosing the code being read, by simple name (`Component`
    /// -> `RawKeyPathComponentSyntax.Component`): inside a type, Swift resolves a name to a type
    /// it nests before any other of that name (the library's `Component` among them).
    var nestedInScope: [String: String] = [:]
    /// This module's keys for type names other modules declare too (`ModuleScope`), and every
    /// `Module.X` key.
    var moduleNames: [String: String] = [:]
    var moduleKeys: Set<String> = []
    /// What its types' members read with no `self.` (`FileContribution.selfReads`).
    var selfReads: Set<String> = []

    /// A written type, its name resolved to a nested type in scope where there is one.
    func written(_ type: TypeSyntax) -> WrittenType { positions.written(type) }

    init(path: String, module: String, isLibrary: Bool, source: SourceText) {
        self.path = path
        self.module = module
        self.isLibrary = isLibrary
        self.source = source
    }

    func position(_ node: some SyntaxProtocol) -> SourcePosition {
        positions.position(node)
    }

    /// Positions in this file, for the body readers (which must not hold the reader: a copy of
    /// its type table in each would make every later change copy the table).
    var positions: Positions {
        Positions(path: path, source: source, nestedInScope: nestedInScope, moduleNames: moduleNames, moduleKeys: moduleKeys, escapes: escapes)
    }
    /// Ways of making objects the reading does not follow, found while reading (`BranchEscapes`).
    let escapes = BranchEscapes()

    mutating func readFile(_ tree: SourceFileSyntax) {
        var topLevelItems: [CodeBlockItemSyntax] = []
        for item in tree.statements {
            if let block = item.item.as(IfConfigDeclSyntax.self) {
                topLevelItems += readTopLevel(block)
                continue
            }
            if let decl = item.item.as(DeclSyntax.self), readDeclaration(decl, in: nil) {
                continue
            }
            topLevelItems.append(item)
        }
        guard !topLevelItems.isEmpty, let first = topLevelItems.first else { return }
        let function = contribution.newFunction(
            name: "top-level code", kind: .topLevel, owner: nil, isStatic: true, parameters: [], returnType: nil,
            position: position(first)
        )
        var body = BodyReader(file: positions, reading: topLevelItems.map { Syntax($0) })
        for item in topLevelItems { body.collect(Syntax(item)) }
        function.body = body.statements
        function.locals = body.locals
        contribution.changes.append(.topLevel(function))
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
            contribution.changes.append(.extended(name: name, inherited: inherited))
            let enclosing = outer
            outer = name
            readMembers(ext.memberBlock, of: name)
            outer = enclosing
        } else if let function = decl.as(FunctionDeclSyntax.self), owner == nil {
            if let ir = readFunction(function, owner: nil) { contribution.changes.append(.free(ir)) }
        } else if let block = decl.as(IfConfigDeclSyntax.self), let owner {
            readMembers(of: block, of: owner)
        } else if let alias = decl.as(TypeAliasDeclSyntax.self) {
            escapes.read(alias)
        } else if decl.is(ImportDeclSyntax.self) || decl.is(IfConfigDeclSyntax.self)
                    || decl.is(PrecedenceGroupDeclSyntax.self) || decl.is(OperatorDeclSyntax.self) || decl.is(MacroDeclSyntax.self) {
            // Nothing a lookup depends on. (A top-level `#if` is read by `readFile`, one in a
            // type's body by `readMembers(of:of:)`.)
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
        let names = Set(attributes.compactMap { $0.as(AttributeSyntax.self).map { WrittenTypeReader.read($0.attributeName, in: source).name } })
        let here = position(node)
        contribution.changes.append(.declared(name: name, kind: kind, inherited: inherited, attributes: names.sorted(), position: here))
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
        readMembers(block.members, of: owner)
    }

    mutating func readMembers(_ members: MemberBlockItemListSyntax, of owner: String) {
        for member in members {
            let decl = member.decl
            if let variable = decl.as(VariableDeclSyntax.self) {
                readProperty(variable, of: owner)
            } else if let initializer = decl.as(InitializerDeclSyntax.self) {
                let parameters = readParameters(initializer.signature.parameterClause)
                let ir = contribution.newFunction(
                    name: "init", kind: .initializer, owner: owner, isStatic: false, parameters: parameters,
                    returnType: nil, position: position(initializer)
                )
                if let body = initializer.body {
                    escapes.inInitializer = true
                    fill(ir, with: body.statements, deciding: Self.decidingParameters(initializer.signature.parameterClause))
                    escapes.inInitializer = false
                }
                contribution.changes.append(.initializer(owner: owner, ir))
            } else if let function = decl.as(FunctionDeclSyntax.self) {
                if let ir = readFunction(function, owner: owner) {
                    contribution.changes.append(.method(owner: owner, ir))
                }
            } else if let enumCase = decl.as(EnumCaseDeclSyntax.self) {
                for element in enumCase.elements {
                    let raw = element.rawValue.flatMap { Self.stringLiteral($0.value) }
                    contribution.changes.append(.enumCase(owner: owner, name: element.name.text, raw: raw))
                }
            } else {
                _ = readDeclaration(decl, in: owner)
            }
        }
    }

    mutating func readFunction(_ function: FunctionDeclSyntax, owner: String?) -> FunctionIR? {
        let isStatic = function.modifiers.contains { ["static", "class"].contains($0.name.text) }
        let ir = contribution.newFunction(
            name: function.name.text, kind: owner == nil ? .free : .method, owner: owner, isStatic: isStatic,
            parameters: readParameters(function.signature.parameterClause),
            returnType: function.signature.returnClause.map { written($0.type) },
            position: position(function)
        )
        if let body = function.body { fill(ir, with: body.statements, deciding: Self.decidingParameters(function.signature.parameterClause)) }
        return ir
    }

    mutating func readParameters(_ clause: FunctionParameterClauseSyntax) -> [ParameterDecl] {
        clause.parameters.map { parameter in
            let first = parameter.firstName.text
            let name = parameter.secondName?.text ?? first
            return ParameterDecl(
                label: first == "_" ? nil : first, name: name, type: written(parameter.type),
                hasDefault: parameter.defaultValue != nil,
                defaultLiteral: parameter.defaultValue.flatMap { BodyReader.testedLiteral($0.value) }
            )
        }
    }

    /// The parameters a branch of the body may test (`BranchTest`): written as a plain type name
    /// (`Bool`, an enum; not optional, not `inout`, which the body may change before the test).
    /// Which of them hold literals the analysis can name is its business (`literalCases`).
    static func decidingParameters(_ clause: FunctionParameterClauseSyntax) -> Set<String> {
        var names: Set<String> = []
        for parameter in clause.parameters {
            if let attributed = parameter.type.as(AttributedTypeSyntax.self),
               attributed.specifiers.contains(where: { $0.as(SimpleTypeSpecifierSyntax.self)?.specifier.text == "inout" }) {
                continue
            }
            guard let named = parameter.type.as(IdentifierTypeSyntax.self), named.genericArgumentClause == nil else { continue }
            names.insert((parameter.secondName ?? parameter.firstName).text)
        }
        return names
    }

    /// Reads a function's statements; a body of one expression returns it.
    mutating func fill(_ function: FunctionIR, with items: CodeBlockItemListSyntax, deciding: Set<String> = []) {
        var body = BodyReader(file: positions, reading: items.map { Syntax($0) }, parameters: function.parameters.map(\.name), deciding: deciding)
        body.collectItems(items)
        if function.owner != nil, !function.isStatic { selfReads.formUnion(body.unboundNames) }
        // A body of one expression returns it (the statements of closures inside it follow it).
        if items.count == 1, function.returnType != nil || function.kind == .getter,
           let only = items.first?.item.as(ExprSyntax.self), !only.is(IfExprSyntax.self), !only.is(SwitchExprSyntax.self),
           case .evaluate(let value)? = body.statements.first {
            body.statements[0] = .returns(value)
        }
        function.body = body.statements
        function.locals = body.locals
    }

    mutating func readProperty(_ variable: VariableDeclSyntax, of owner: String) {
        let isStatic = variable.modifiers.contains { ["static", "class"].contains($0.name.text) }
        let isLazyVar = variable.modifiers.contains { $0.name.text == "lazy" }
        let attributes = Set(variable.attributes.compactMap { $0.as(AttributeSyntax.self).map { WrittenTypeReader.read($0.attributeName, in: source).name } })
        for binding in variable.bindings {
            guard let identifier = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier else { continue }
            let name = identifier.text.hasPrefix("`") ? String(identifier.text.dropFirst().dropLast()) : identifier.text
            let body = BodyReader(file: positions, reading: binding.initializer.map { [Syntax($0.value)] } ?? [])
            if isLazyVar { selfReads.formUnion(body.unboundNames) }
            let initializer = binding.initializer.map { body.expression($0.value) }
            var type = binding.typeAnnotation.map { written($0.type) }
            if type == nil, let value = binding.initializer?.value { type = Self.collectionType(of: value) }
            if type == nil, let initializer { type = Self.inferredType(initializer) }
            var form: PropertyDecl.Form = attributes.contains("Lazy") ? .lazyWrapper : isLazyVar ? .lazyVar : .stored
            if form == .stored, !isStatic, Self.declaresClosure(binding) { form = .storedClosure }
            var getter: FunctionIR?
            if let accessors = binding.accessorBlock, let getterItems = Self.getterBody(accessors) {
                form = .computed
                let ir = contribution.newFunction(
                    name: name, kind: .getter, owner: owner, isStatic: isStatic, parameters: [], returnType: type,
                    position: position(binding)
                )
                fill(ir, with: getterItems)
                getter = ir
            } else if !isStatic, let value = binding.initializer?.value,
                      positions.source.contains(UInt8(ascii: "{"), in: Syntax(value)), Self.holdsClosure(value) {
                // `let make = { CartComponent(parent: $0) }`: a closure needs a run to be made in,
                // so the initialiser is read as a getter of each object too (the stored value
                // is what it gives; the property stays stored).
                let ir = contribution.newFunction(
                    name: name, kind: .getter, owner: owner, isStatic: false, parameters: [], returnType: type,
                    position: position(binding)
                )
                var reader = BodyReader(file: positions, reading: [Syntax(value)])
                reader.collectClosures(in: Syntax(value))
                selfReads.formUnion(reader.unboundNames)
                ir.body = [.returns(reader.expression(value))] + reader.statements
                ir.locals = reader.locals
                getter = ir
            }
            let property = PropertyDecl(
                name: name, type: type, form: form, isStatic: isStatic,
                isConstant: variable.bindingSpecifier.tokenKind == .keyword(.let), initializer: initializer, getter: getter,
                position: position(binding)
            )
            let literal = isStatic ? binding.initializer.flatMap { Self.stringLiteral($0.value) } : nil
            contribution.changes.append(.property(owner: owner, property, literal: literal))
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
        case .call(.member(_, let method, _), _, _): collectionMethodType(method)
        default: nil
        }
    }

    /// The value of a string literal without interpolation, escapes resolved (`"a\"b"` is `a"b`).
    /// What the standard library's sequence methods that give a new array are named.
    static let arrayMethods: Set<String> = ["map", "compactMap", "flatMap", "filter", "sorted", "reversed", "shuffled", "prefix", "suffix", "dropFirst", "dropLast"]

    /// `items.map { ... }`: an `Array`, when the method is one of the standard library's that
    /// gives one (a type of the sources with a method of that name is read as the library's).
    static func collectionMethodType(_ method: String) -> WrittenType? {
        arrayMethods.contains(method) ? WrittenType(name: "Array", isOptional: false, spelling: "Array") : nil
    }

    /// Whether a closure is written inside `expr`.
    /// A stored property whose type is a function, or an Optional or tuple of one: written so, or
    /// left to a closure initialiser (`let make = { ... }`).
    static func declaresClosure(_ binding: PatternBindingSyntax) -> Bool {
        if let written = binding.typeAnnotation?.type { return holdsFunctionType(written) }
        return binding.initializer?.value.is(ClosureExprSyntax.self) ?? false
    }

    static func holdsFunctionType(_ type: TypeSyntax) -> Bool {
        if type.is(FunctionTypeSyntax.self) { return true }
        if let named = type.as(IdentifierTypeSyntax.self), named.name.text == "Optional",
           let argument = named.genericArgumentClause?.arguments.first, case .type(let wrapped) = argument.argument {
            return holdsFunctionType(wrapped)
        }
        if let attributed = type.as(AttributedTypeSyntax.self) { return holdsFunctionType(attributed.baseType) }
        if let optional = type.as(OptionalTypeSyntax.self) { return holdsFunctionType(optional.wrappedType) }
        if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return holdsFunctionType(unwrapped.wrappedType) }
        if let tuple = type.as(TupleTypeSyntax.self) { return tuple.elements.contains { holdsFunctionType($0.type) } }
        return false
    }

    static func holdsClosure(_ node: some SyntaxProtocol) -> Bool {
        node.is(ClosureExprSyntax.self) || node.children(viewMode: .sourceAccurate).contains { holdsClosure($0) }
    }

    /// `[a, b]` is an `Array`, `["a": b]` a `Dictionary`: the reading keeps a collection as any
    /// of its elements, so its written type is what says a member (`count`) is the collection's.
    static func collectionType(of expr: ExprSyntax) -> WrittenType? {
        if expr.is(ArrayExprSyntax.self) { return WrittenType(name: "Array", isOptional: false, spelling: "Array") }
        if expr.is(DictionaryExprSyntax.self) { return WrittenType(name: "Dictionary", isOptional: false, spelling: "Dictionary") }
        return nil
    }

    static func stringLiteral(_ expr: ExprSyntax) -> String? {
        expr.as(StringLiteralExprSyntax.self)?.representedLiteralValue
    }
}
