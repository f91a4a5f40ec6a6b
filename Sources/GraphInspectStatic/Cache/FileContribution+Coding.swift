import GraphInspectCheckContract

/// A `FileContribution` as the check cache keeps it: every change, every function and every
/// expression written field by field (`CacheBytes`), read back into new objects with the same
/// numbers. Reading back what was written gives the reader the same tables (`CheckCacheTests`).
extension FileContribution {
    /// How deep expressions may nest when read back: far beyond what the parser makes, a guard
    /// against bytes that are not the cache's.
    static let deepestExpression = 20_000

    /// Writes it with its functions numbered from 1, as read: a contribution a reader has
    /// renumbered (`SourceReader.apply`) writes as it did before.
    func write(to out: inout CacheBytesWriter) {
        let outer = out.functionNumbersFrom
        out.functionNumbersFrom = functions.lazy.map(\.id).min() ?? 1
        defer { out.functionNumbersFrom = outer }
        out.int(functionCount)
        out.array(changes) { out, change in
            switch change {
            case .declared(let name, let kind, let inherited, let attributes, let position):
                out.byte(0)
                out.string(name)
                out.byte(kind.rawValue)
                out.array(inherited) { $0.write($1) }
                out.array(attributes) { $0.string($1) }
                out.write(position)
            case .extended(let name, let inherited):
                out.byte(1)
                out.string(name)
                out.array(inherited) { $0.write($1) }
            case .initializer(let owner, let function):
                out.byte(2)
                out.string(owner)
                out.write(function)
            case .method(let owner, let function):
                out.byte(3)
                out.string(owner)
                out.write(function)
            case .enumCase(let owner, let name, let raw):
                out.byte(4)
                out.string(owner)
                out.string(name)
                out.optional(raw) { $0.string($1) }
            case .property(let owner, let property, let literal):
                out.byte(5)
                out.string(owner)
                out.write(property)
                out.optional(literal) { $0.string($1) }
            case .free(let function):
                out.byte(6)
                out.write(function)
            case .topLevel(let function):
                out.byte(7)
                out.write(function)
            case .escapesBranchDecisions:
                out.byte(8)
            case .closureAlias(let name):
                out.byte(9)
                out.string(name)
            case .renaming(let name, let target):
                out.byte(10)
                out.string(name)
                out.string(target)
            }
        }
        out.optional(syntaxError) { $0.write($1) }
        out.array(selfReads) { $0.string($1) }
    }

    static func read(from input: inout CacheBytesReader) throws -> FileContribution {
        let functionCount = try input.int()
        guard functionCount >= 0 else { throw CacheBytesReader.Malformed() }
        let changes = try input.array { input throws -> Change in
            switch try input.byte() {
            case 0:
                .declared(
                    name: try input.string(), kind: try input.code(TypeDecl.Kind.self),
                    inherited: try input.array { try $0.writtenType() }, attributes: try input.array { try $0.string() },
                    position: try input.position()
                )
            case 1: .extended(name: try input.string(), inherited: try input.array { try $0.writtenType() })
            case 2: .initializer(owner: try input.string(), try input.function())
            case 3: .method(owner: try input.string(), try input.function())
            case 4: .enumCase(owner: try input.string(), name: try input.string(), raw: try input.optional { try $0.string() })
            case 5: .property(owner: try input.string(), try input.property(), literal: try input.optional { try $0.string() })
            case 6: .free(try input.function())
            case 7: .topLevel(try input.function())
            case 8: .escapesBranchDecisions
            case 9: .closureAlias(try input.string())
            case 10: .renaming(try input.string(), of: try input.string())
            default: throw CacheBytesReader.Malformed()
            }
        }
        let syntaxError = try input.optional { try $0.position() }
        let contribution = FileContribution(
            changes: changes, functionCount: functionCount, syntaxError: syntaxError, selfReads: try input.array { try $0.string() }
        )
        guard contribution.functions.allSatisfy({ (1...functionCount).contains($0.id) }) else { throw CacheBytesReader.Malformed() }
        return contribution
    }
}


extension CacheBytesWriter {
    mutating func write(_ position: SourcePosition) {
        switch positions {
        case .whole:
            break
        case .omitted:
            return
        case .gathered:
            gathered.append(position)
        case .ranked(let ranks):
            int(ranks[position] ?? -1)
            return
        }
        string(position.file)
        int(position.line)
        int(position.column)
    }

    mutating func write(_ type: WrittenType) {
        string(type.name)
        bool(type.isOptional)
        string(type.spelling)
    }

    mutating func write(_ function: FunctionIR) {
        int(function.id - functionNumbersFrom + 1)
        string(function.name)
        byte(function.kind.rawValue)
        optional(function.owner) { $0.string($1) }
        bool(function.isStatic)
        array(function.parameters) { out, parameter in
            out.optional(parameter.label) { $0.string($1) }
            out.string(parameter.name)
            out.optional(parameter.type) { $0.write($1) }
            out.bool(parameter.hasDefault)
            out.optional(parameter.defaultLiteral) { $0.string($1) }
        }
        optional(function.returnType) { $0.write($1) }
        write(function.position)
        var locals = function.locals
        if let filter = leavingOut {
            array(function.body.indices.filter { !filter.leavesOut(function.body[$0], at: $0, in: function) }) { $0.write(function.body[$1]) }
            locals = locals.filter { !filter.leavesOut(local: $0.key, in: function) }
        } else {
            array(function.body) { $0.write($1) }
        }
        array(locals.sorted { $0.key < $1.key }) { out, local in
            out.string(local.key)
            out.optional(local.value) { $0.write($1) }
        }
    }

    mutating func write(_ property: PropertyDecl) {
        string(property.name)
        optional(property.type) { $0.write($1) }
        byte(property.form.rawValue)
        bool(property.isStatic)
        bool(property.isConstant)
        optional(property.initializer) { $0.write($1) }
        optional(property.getter) { $0.write($1) }
        write(property.position)
    }

    mutating func write(_ statement: Statement) {
        switch statement {
        case .bind(let name, let type, let value):
            byte(0)
            string(name)
            optional(type) { $0.write($1) }
            optional(value) { $0.write($1) }
        case .assign(let target, let value):
            byte(1)
            write(target)
            write(value)
        case .evaluate(let value):
            byte(2)
            write(value)
        case .returns(let value):
            byte(3)
            write(value)
        case .guarded(let tests, let inner):
            byte(4)
            array(tests) { out, test in
                out.string(test.parameter)
                out.array(test.values) { $0.string($1) }
                out.bool(test.negated)
            }
            write(inner)
        }
    }

    mutating func write(_ expr: Expr) {
        switch expr {
        case .nilLiteral: byte(0)
        case .literal(let type, let text):
            byte(1)
            write(type)
            optional(text) { $0.string($1) }
        case .selfRef: byte(2)
        case .superRef: byte(3)
        case .name(let name, let position):
            byte(4)
            string(name)
            write(position)
        case .implicitMember(let name):
            byte(5)
            string(name)
        case .member(let base, let name, let position):
            byte(6)
            write(base)
            string(name)
            write(position)
        case .call(let callee, let arguments, let position):
            byte(7)
            write(callee)
            array(arguments) { out, argument in
                out.optional(argument.label) { $0.string($1) }
                out.write(argument.value)
            }
            write(position)
        case .cast(let value, let type):
            byte(8)
            write(value)
            write(type)
        case .typeRef(let type):
            byte(9)
            write(type)
        case .anyOf(let values):
            byte(10)
            array(values) { $0.write($1) }
        case .effects(let values):
            byte(11)
            array(values) { $0.write($1) }
        case .dynamicString(let position):
            byte(12)
            write(position)
        case .closure(let parameters, let result, let position, let captures):
            byte(13)
            array(parameters) { $0.string($1) }
            optional(result) { $0.write($1) }
            write(position)
            array(captures) { $0.string($1) }
        case .unknown: byte(14)
        }
    }
}

extension CacheBytesReader {
    /// A case written as its raw value.
    mutating func code<Code: RawRepresentable<UInt8>>(_: Code.Type) throws -> Code {
        guard let code = Code(rawValue: try byte()) else { throw Malformed() }
        return code
    }

    mutating func position() throws -> SourcePosition {
        SourcePosition(file: try string(), line: try int(), column: try int())
    }

    mutating func writtenType() throws -> WrittenType {
        WrittenType(name: try string(), isOptional: try bool(), spelling: try string())
    }

    mutating func function() throws -> FunctionIR {
        let function = FunctionIR(
            id: try int(), name: try string(), kind: try code(FunctionIR.Kind.self), owner: try optional { try $0.string() },
            isStatic: try bool(),
            parameters: try array { input throws in
                ParameterDecl(
                    label: try input.optional { try $0.string() }, name: try input.string(),
                    type: try input.optional { try $0.writtenType() }, hasDefault: try input.bool(),
                    defaultLiteral: try input.optional { try $0.string() }
                )
            },
            returnType: try optional { try $0.writtenType() }, position: try position()
        )
        function.body = try array { try $0.statement() }
        let locals = try array { input throws in (try input.string(), try input.optional { try $0.writtenType() }) }
        for (name, type) in locals { function.locals[name] = .some(type) }
        return function
    }

    mutating func property() throws -> PropertyDecl {
        PropertyDecl(
            name: try string(), type: try optional { try $0.writtenType() }, form: try code(PropertyDecl.Form.self),
            isStatic: try bool(), isConstant: try bool(), initializer: try optional { try $0.expr(depth: 0) }, getter: try optional { try $0.function() },
            position: try position()
        )
    }

    mutating func statement() throws -> Statement {
        switch try byte() {
        case 0: .bind(name: try string(), type: try optional { try $0.writtenType() }, value: try optional { try $0.expr(depth: 0) })
        case 1: .assign(target: try expr(depth: 0), value: try expr(depth: 0))
        case 2: .evaluate(try expr(depth: 0))
        case 3: .returns(try expr(depth: 0))
        case 4:
            .guarded(
                try array { input throws in
                    BranchTest(parameter: try input.string(), values: try input.array { try $0.string() }, negated: try input.bool())
                },
                try unguardedStatement()
            )
        default: throw Malformed()
        }
    }

    /// The statement a `.guarded` holds: any but another `.guarded`.
    private mutating func unguardedStatement() throws -> Statement {
        let statement = try statement()
        if case .guarded = statement { throw Malformed() }
        return statement
    }

    mutating func expr(depth: Int) throws -> Expr {
        guard depth < FileContribution.deepestExpression else { throw Malformed() }
        let next = depth + 1
        switch try byte() {
        case 0: return .nilLiteral
        case 1: return .literal(try writtenType(), text: try optional { try $0.string() })
        case 2: return .selfRef
        case 3: return .superRef
        case 4: return .name(try string(), try position())
        case 5: return .implicitMember(try string())
        case 6: return .member(try expr(depth: next), try string(), try position())
        case 7:
            let callee = try expr(depth: next)
            let arguments = try array { input throws in
                Expr.Argument(label: try input.optional { try $0.string() }, value: try input.expr(depth: next))
            }
            return .call(callee, arguments, try position())
        case 8: return .cast(try expr(depth: next), try writtenType())
        case 9: return .typeRef(try writtenType())
        case 10: return .anyOf(try array { try $0.expr(depth: next) })
        case 11: return .effects(try array { try $0.expr(depth: next) })
        case 12: return .dynamicString(try position())
        case 13:
            return .closure(
                parameters: try array { try $0.string() }, result: try optional { try $0.expr(depth: next) }, position: try position(),
                captures: try array { try $0.string() }
            )
        case 14: return .unknown
        default: throw Malformed()
        }
    }
}
