import GraphInspectCheckContract
import SwiftSyntax

/// Reduces a function body (or top-level code) to statements.
struct BodyReader {
    let file: Positions
    var statements: [Statement] = []
    var locals: [String: WrittenType?] = [:]
    /// The parameters of the closures being read, by the name the code writes (`$0`, `holder`),
    /// to the name the reading keeps: each closure's own (`$0#812`), so two closures of one
    /// function never share a parameter.
    private(set) var renamed: [String: String] = [:]
    private let closures = ClosureNumbers()
    /// Which binding each local name refers to (`LocalScopes`): a body's sibling and inner
    /// scopes may bind the same name to different values.
    let scopes: LocalScopes
    /// The parameters a branch may test (`BranchTest`): the function's parameters of a plain type
    /// name, not `inout`.
    let deciding: Set<String>
    /// The decidable branches the code being read is in, outermost first (`append` wraps in them).
    var tests: [BranchTest] = []

    /// Each closure of the body numbered in the order the reading first meets it, which the
    /// syntax alone decides: a name with the number stays the same when lines move (the check
    /// cache keeps a reading whose file only moved).
    private final class ClosureNumbers {
        var numbers: [Int: Int] = [:]
        func number(_ closure: ClosureExprSyntax) -> Int {
            let offset = closure.position.utf8Offset
            if let known = numbers[offset] { return known }
            numbers[offset] = numbers.count
            return numbers.count - 1
        }
    }

    /// A reader of the code `nodes` make up, in a function with these `parameters`, of which
    /// branches may test those in `deciding`.
    init(file: Positions, reading nodes: [Syntax] = [], parameters: [String] = [], deciding: Set<String> = []) {
        self.file = file
        scopes = LocalScopes(reading: nodes, parameters: parameters)
        self.deciding = deciding
    }

    /// Adds a statement, under the decidable branches it is in.
    mutating func append(_ statement: Statement) {
        statements.append(tests.isEmpty ? statement : .guarded(tests, statement))
    }

    /// The names the code refers to that it does not bind (`LocalScopes.unbound`).
    var unboundNames: Set<String> { scopes.unbound }

    /// The name the reading keeps for the local `token` binds or refers to.
    private func local(_ token: TokenSyntax) -> String {
        scopes.name(of: token) ?? token.text
    }

    /// Collects the statements under `node`: declarations, bindings, returns, and every
    /// outermost expression; closures inside them add their own statements.
    mutating func collect(_ node: Syntax) {
        if let variable = node.as(VariableDeclSyntax.self) {
            for binding in variable.bindings {
                let type = binding.typeAnnotation.map { file.written($0.type) }
                let value = binding.initializer.map { expression($0.value) }
                if let identifier = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier {
                    let written: WrittenType? = type ?? binding.initializer.flatMap { FileReader.collectionType(of: $0.value) }
                        ?? value.flatMap(FileReader.inferredType)
                    locals[local(identifier)] = .some(written)
                    append(.bind(name: local(identifier), type: type, value: value))
                } else if let tuple = binding.pattern.as(TuplePatternSyntax.self), let value {
                    bindTuple(tuple, to: value, source: binding.initializer?.value)
                } else if let value {
                    // `let _: T = x`, tuples: the value is still evaluated (lookups happen).
                    append(.bind(name: "_", type: type, value: value))
                }
                if let initializer = binding.initializer { collectClosures(in: Syntax(initializer.value)) }
            }
            return
        }
        if let condition = node.as(OptionalBindingConditionSyntax.self) {
            guard let identifier = condition.pattern.as(IdentifierPatternSyntax.self)?.identifier else { return }
            let type = condition.typeAnnotation.map { file.written($0.type) }
            let value = condition.initializer.map { expression($0.value) }
                ?? .name(scopes.shorthandValue(of: identifier) ?? renamed[identifier.text] ?? identifier.text, file.position(identifier))
            let written: WrittenType? = type ?? FileReader.inferredType(value)
            locals[local(identifier)] = .some(written)
            append(.bind(name: local(identifier), type: type, value: value))
            if let initializer = condition.initializer { collectClosures(in: Syntax(initializer.value)) }
            return
        }
        if let loop = node.as(ForStmtSyntax.self) {
            collectLoop(loop)
            return
        }
        if let returned = node.as(ReturnStmtSyntax.self) {
            if let value = returned.expression {
                append(.returns(expression(value)))
                collectClosures(in: Syntax(value))
            }
            return
        }
        if let branch = node.as(IfExprSyntax.self) {
            collectIf(branch)
            return
        }
        if let guarded = node.as(GuardStmtSyntax.self) {
            collectGuard(guarded)
            return
        }
        if let items = node.as(CodeBlockItemListSyntax.self) {
            collectItems(items)
            return
        }
        if let branch = node.as(SwitchExprSyntax.self) {
            // `switch` is an expression in Swift; its subject, patterns and cases are code.
            collectSwitch(branch)
            return
        }
        if let expr = node.as(ExprSyntax.self) {
            append(statement(expr))
            collectClosures(in: Syntax(expr))
            return
        }
        if node.is(FunctionDeclSyntax.self) || node.is(ClassDeclSyntax.self) || node.is(StructDeclSyntax.self)
            || node.is(EnumDeclSyntax.self) || node.is(ProtocolDeclSyntax.self) || node.is(ExtensionDeclSyntax.self) {
            return  // nested declarations: not read (docs/check.md says so)
        }
        for child in node.children(viewMode: .sourceAccurate) { collect(child) }
    }

    /// `for element in sequence { ... }`: the element is any of the sequence's elements (a
    /// collection is any of what it holds). In `for (key, value) in pairs` (a dictionary,
    /// `enumerated()`), the last name is the element; the others hold no object.
    mutating func collectLoop(_ loop: ForStmtSyntax) {
        let sequence = expression(loop.sequence)
        var names: [TokenSyntax] = []
        if let identifier = loop.pattern.as(IdentifierPatternSyntax.self)?.identifier {
            names = [identifier]
        } else if let tuple = loop.pattern.as(TuplePatternSyntax.self) {
            names = tuple.elements.compactMap { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier }
        } else if let binding = loop.pattern.as(ValueBindingPatternSyntax.self)?.pattern.as(IdentifierPatternSyntax.self)?.identifier {
            names = [binding]
        }
        let type = loop.typeAnnotation.map { file.written($0.type) }
        for (offset, name) in names.enumerated() {
            locals[local(name)] = .some(offset == names.count - 1 ? type : nil)
        }
        if let element = names.last {
            append(.bind(name: local(element), type: type, value: sequence))
        } else {
            append(.evaluate(sequence))
        }
        collectClosures(in: Syntax(loop.sequence))
        if let condition = loop.whereClause { collect(Syntax(condition.condition)) }
        collectItems(loop.body.statements)
    }

    /// `let (a, b) = (x, y)`: each name its own element when the value is written as a tuple;
    /// otherwise (a call returning a tuple) each is any of what the value holds.
    mutating func bindTuple(_ tuple: TuplePatternSyntax, to value: Expr, source: ExprSyntax?) {
        let elements = Array(tuple.elements)
        let written = source?.as(TupleExprSyntax.self).map { Array($0.elements) }
        for (offset, element) in elements.enumerated() {
            guard let identifier = element.pattern.as(IdentifierPatternSyntax.self)?.identifier else { continue }
            let part = written.flatMap { $0.count == elements.count ? expression($0[offset].expression) : nil } ?? value
            locals[local(identifier)] = .some(FileReader.inferredType(part))
            append(.bind(name: local(identifier), type: nil, value: part))
        }
    }

    /// Reads the statements of every closure inside `node` (not nested twice: `collect` recurses);
    /// its parameters become locals of the function being read. A closure opens with `{`, so an
    /// expression whose text has none is not walked.
    mutating func collectClosures(in node: Syntax) {
        guard file.source.contains(UInt8(ascii: "{"), in: node) else { return }
        collectClosures(below: node)
    }

    private mutating func collectClosures(below node: Syntax) {
        if let closure = node.as(ClosureExprSyntax.self) {
            let outer = renamed
            renamed = renames(entering: closure)
            defer { renamed = outer }
            for name in parameters(of: closure) where locals[name] == nil { locals[name] = .some(nil) }
            collectItems(closure.statements)
            return
        }
        for child in node.children(viewMode: .sourceAccurate) { collectClosures(below: child) }
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

    /// The renames in force inside `closure`: its parameters, each its own.
    func renames(entering closure: ClosureExprSyntax) -> [String: String] {
        var inside = renamed
        let number = closures.number(closure)
        for name in Self.parameters(of: closure) { inside[name] = "\(name)#\(number)" }
        return inside
    }

    /// `closure`'s parameters as the reading names them.
    func parameters(of closure: ClosureExprSyntax) -> [String] {
        let number = closures.number(closure)
        return Self.parameters(of: closure).map { "\($0)#\(number)" }
    }

    /// What calling `closure` gives: its single expression, or what its first `return` returns.
    func closureResult(_ closure: ClosureExprSyntax) -> Expr? {
        var inside = self
        inside.renamed = renames(entering: closure)
        guard let result = inside.result(of: closure) else { return nil }
        // `{ (c: Cart) -> Payments in c.payments }`: the type it returns is what a lookup asks for.
        guard let returned = closure.signature?.returnClause?.type else { return result }
        return .cast(result, file.written(returned))
    }

    private func result(of closure: ClosureExprSyntax) -> Expr? {
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
            // `a = b`, and `a = b as? T`, `a = b ?? c`: unfolded, the value is the rest.
            if elements.count >= 3, elements[1].is(AssignmentExprSyntax.self) {
                let value = elements.count == 3 ? expression(elements[2]) : sequenceExpression(Array(elements.dropFirst(2)))
                return .assign(target: expression(elements[0]), value: value)
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
            guard let text = FileReader.stringLiteral(ExprSyntax(string)) else { return interpolated(string) }
            return .literal(WrittenType(name: "String", isOptional: false, spelling: "String"), text: text)
        }
        if expr.is(IntegerLiteralExprSyntax.self) { return .literal(WrittenType(name: "Int", isOptional: false, spelling: "Int"), text: nil) }
        if expr.is(FloatLiteralExprSyntax.self) { return .literal(WrittenType(name: "Double", isOptional: false, spelling: "Double"), text: nil) }
        if let bool = expr.as(BooleanLiteralExprSyntax.self) {
            return .literal(WrittenType(name: "Bool", isOptional: false, spelling: "Bool"), text: bool.literal.text)
        }
        if let reference = expr.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            if name == "self" { return .selfRef }
            // `Self.start(root)`: the type the code is in, as `Self.self` reads (`FlowAnalysis.staticTypeReference`).
            if name == "Self" { return .typeRef(WrittenType(name: name, isOptional: false, spelling: name)) }
            if let bound = scopes.name(of: reference.baseName) { return .name(bound, file.position(reference)) }
            if let own = renamed[name] { return .name(own, file.position(reference)) }
            return .name(file.moduleNames[name] ?? name, file.position(reference))
        }
        if expr.is(SuperExprSyntax.self) { return .superRef }
        if let member = expr.as(MemberAccessExprSyntax.self) {
            file.escapes.read(member)
            let name = member.declName.baseName.text
            guard let base = member.base else { return .implicitMember(name) }
            if name == "self", let type = typeName(base) { return .typeRef(type) }
            // `Module.X`, for a type name more than one module declares.
            if let module = base.as(DeclReferenceExprSyntax.self)?.baseName.text, file.moduleKeys.contains(module + "." + name) {
                return .name(module + "." + name, file.position(member.declName))
            }
            return .member(expression(base), name, file.position(member.declName))
        }
        if let call = expr.as(FunctionCallExprSyntax.self) {
            file.escapes.read(call)
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
            return .closure(
                parameters: parameters(of: closure), result: closureResult(closure), position: file.position(closure),
                captures: ClosureCaptures.strong(closure)
            )
        }
        if let ternary = expr.as(TernaryExprSyntax.self) { return .anyOf([expression(ternary.thenExpression), expression(ternary.elseExpression)]) }
        if let typeExpr = expr.as(TypeExprSyntax.self) { return .typeRef(WrittenTypeReader.read(typeExpr.type, in: file.source)) }
        if let cast = expr.as(AsExprSyntax.self) { return .cast(expression(cast.expression), file.written(cast.type)) }
        if let sequence = expr.as(SequenceExprSyntax.self) { return sequenceExpression(Array(sequence.elements)) }
        return .unknown
    }

    /// A string built at run time: a name the reader cannot know, whose interpolated expressions
    /// still run (`"\(component.analytics)"` looks `analytics` up).
    func interpolated(_ string: StringLiteralExprSyntax) -> Expr {
        let dynamic = Expr.dynamicString(file.position(string))
        let segments = string.segments.compactMap { $0.as(ExpressionSegmentSyntax.self) }.flatMap { segment in
            segment.expressions.map { expression($0.expression) }
        }
        return segments.isEmpty ? dynamic : .anyOf([dynamic, .effects(segments)])
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
    func typeName(_ base: ExprSyntax) -> WrittenType? {
        if let reference = base.as(DeclReferenceExprSyntax.self), reference.baseName.text.first?.isUppercase == true {
            let name = reference.baseName.text
            return WrittenType(name: name, isOptional: false, spelling: name)
        }
        if let member = base.as(MemberAccessExprSyntax.self) {
            let name = member.declName.baseName.text
            return WrittenType(name: name, isOptional: false, spelling: name)
        }
        if let typeExpr = base.as(TypeExprSyntax.self) { return WrittenTypeReader.read(typeExpr.type, in: file.source) }
        return nil
    }
}
