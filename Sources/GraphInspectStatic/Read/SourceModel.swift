import GraphInspectCheckContract

/// What the static reader keeps of an app's Swift sources: its types, their members, and every
/// function body reduced to the few statement and expression shapes the flow analysis reads.
///
/// The model is deliberately small. Control flow is dropped (every branch is taken, in any order),
/// except a branch on a Bool parameter (`BranchTest`), which the analysis may skip where every
/// place making the object passes a literal failing it. Closures' bodies join the function they
/// are written in, and what the reader does not model becomes `.unknown`, which the analysis
/// never treats as a value it knows.

/// A type as written, reduced to what matching needs: its name and whether it is optional.
/// `Optional<X>`, `X?`, `X!`, `any X` and `(any X)?` all read as `X` (optional or not).
struct WrittenType: Hashable, Sendable {
    /// The name without generic arguments or module prefix (`Array<Int>` is `Array`).
    var name: String
    var isOptional: Bool
    /// The spelling with generic arguments kept (for messages): `[String: Int]`, `Payments`.
    var spelling: String
}

/// One property a type declares.
struct PropertyDecl: Sendable {
    /// Raw values are the check cache's codes.
    enum Form: UInt8, Sendable, Equatable {
        case stored
        /// `@Lazy var`: a provider built on first use.
        case lazyWrapper
        /// Swift's `lazy var`: invisible to lookup.
        case lazyVar
        /// A getter: a provider only in classes marked `@Providers`.
        case computed
        /// A stored closure (`let make: () -> T`, or `let make = { ... }`): invisible to lookup
        /// (the runtime cannot call what reflection gives), a provider only in classes marked
        /// `@Providers`. A stored field everywhere else.
        case storedClosure
    }

    var name: String
    var type: WrittenType?
    var form: Form
    var isStatic: Bool
    /// Declared `let`: set once, by the initialiser (or its own default), so a branch on it may be
    /// decided per object (`BranchTest`).
    var isConstant: Bool = false
    var initializer: Expr?
    /// For computed properties: the getter, as a function of the type.
    var getter: FunctionIR?
    var position: SourcePosition
}

/// One parameter of a function or initialiser.
struct ParameterDecl: Sendable {
    /// The argument label (nil for `_`).
    var label: String?
    var name: String
    var type: WrittenType?
    var hasDefault: Bool
    /// The default when it is a literal a branch can test (`online: Bool = false` is `"false"`,
    /// `mode: Mode = .guest` is `"guest"`): what an omitted argument passes, for `BranchTest`s.
    var defaultLiteral: String? = nil
}

/// A function, initialiser, getter or a file's top-level code, reduced to statements.
final class FunctionIR: @unchecked Sendable {
    /// Raw values are the check cache's codes.
    enum Kind: UInt8, Sendable, Equatable { case initializer, method, getter, topLevel, free }

    /// Numbered in reading order across every file (`SourceReader.apply`).
    var id: Int
    let name: String
    let kind: Kind
    /// The type it belongs to (nil for top-level code and free functions).
    let owner: String?
    let isStatic: Bool
    let parameters: [ParameterDecl]
    let returnType: WrittenType?
    let position: SourcePosition
    var body: [Statement] = []
    /// Names bound by `let`/`var`/`if let`/`guard let` anywhere in the body, with their written types.
    var locals: [String: WrittenType?] = [:]

    init(
        id: Int, name: String, kind: Kind, owner: String?, isStatic: Bool, parameters: [ParameterDecl],
        returnType: WrittenType?, position: SourcePosition
    ) {
        self.id = id
        self.name = name
        self.kind = kind
        self.owner = owner
        self.isStatic = isStatic
        self.parameters = parameters
        self.returnType = returnType
        self.position = position
    }

    /// Whether arguments with these labels can call it (defaulted parameters may be left out).
    func accepts(labels: [String?]) -> Bool {
        var index = 0
        for parameter in parameters {
            if index < labels.count, labels[index] == parameter.label {
                index += 1
            } else if !parameter.hasDefault {
                return false
            }
        }
        return index == labels.count
    }
}

/// A statement, as far as values flow through it.
enum Statement: Sendable {
    /// `let name: Type = value` (also `if let`, `guard let`; `value` nil when none is given).
    case bind(name: String, type: WrittenType?, value: Expr?)
    /// `target = value`.
    case assign(target: Expr, value: Expr)
    /// An expression evaluated for its effects: calls, lookups.
    case evaluate(Expr)
    /// `return value` (and a single-expression body's implicit return).
    case returns(Expr)
    /// A statement that runs only when every test holds (the branches it is in, outermost first).
    /// The inner statement is never `.guarded`: the body stays a flat list.
    indirect case guarded([BranchTest], Statement)

    /// The statement without the branches it is in.
    var unguarded: Statement {
        if case .guarded(_, let inner) = self { return inner }
        return self
    }

    /// The branches the statement is in (none for most).
    var tests: [BranchTest] {
        if case .guarded(let tests, _) = self { return tests }
        return []
    }
}

/// A branch's condition the analysis can decide: the code runs only when the parameter (or the
/// property of `self`, `self.mode`) holds one of `values` (`negated`: none of them). `if online`
/// is `online` in `["true"]`, its `else` the same negated; `case .guest:` is `mode` in `["guest"]`.
/// Only a parameter the body never rebinds gets one (`BranchTests`).
struct BranchTest: Hashable, Sendable {
    var parameter: String
    var values: [String]
    var negated: Bool

    /// What `parameter` starts with when the test is of a property of `self` (`self.mode`).
    static let selfPrefix = "self."

    /// The property of `self` tested, if the test is of one.
    var property: String? { parameter.hasPrefix(Self.selfPrefix) ? String(parameter.dropFirst(Self.selfPrefix.count)) : nil }

    /// The opposite test: an `else`, a `guard`'s body.
    var negation: BranchTest { BranchTest(parameter: parameter, values: values, negated: !negated) }

    /// Whether a parameter holding the literal `value` passes.
    func passes(_ value: String) -> Bool { values.contains(value) != negated }
}

/// An expression, as far as the analysis reads it.
indirect enum Expr: Sendable {
    case nilLiteral
    /// A literal of a standard type (`"a"` is `String`, `1` is `Int`...).
    case literal(WrittenType, text: String?)
    case selfRef
    case superRef
    case name(String, SourcePosition)
    /// `.home`: a member of the type the context expects.
    case implicitMember(String)
    case member(Expr, String, SourcePosition)
    case call(Expr, [Argument], SourcePosition)
    /// `value as? T`, `as!`, `as`.
    case cast(Expr, WrittenType)
    /// `T.self`.
    case typeRef(WrittenType)
    /// Any of these (`a ?? b`, `c ? a : b`, array literals).
    case anyOf([Expr])
    /// Evaluated for what happens inside (`a == b.c`), with no value of its own.
    case effects([Expr])
    /// A string built at run time (interpolation): a name the reader cannot know.
    case dynamicString(SourcePosition)
    /// `{ parent in CartComponent(parent: parent) }`: a closure value. Its body's statements join
    /// the function it is written in (its parameters are that function's locals); calling it binds
    /// the arguments to them, and gives `result` (a single-expression body's value, or its first
    /// `return`'s). `captures`: the names it holds strongly (`ClosureCaptures`), sorted.
    case closure(parameters: [String], result: Expr?, position: SourcePosition, captures: [String])
    case unknown

    struct Argument: Sendable {
        var label: String?
        var value: Expr
    }
}

/// A class, struct, enum, actor or protocol, with what its extensions add.
struct TypeDecl: Sendable {
    /// Raw values are the check cache's codes.
    enum Kind: UInt8, Sendable { case `class`, `struct`, `enum`, `protocol`, actor }

    var name: String
    var kind: Kind
    /// The module it is declared in (the target's folder name), or "GraphInspect" for the runtime's.
    var module: String
    var inherited: [WrittenType] = []
    var attributes: Set<String> = []
    var properties: [String: PropertyDecl] = [:]
    /// Property names in declaration order (what the runtime's `Mirror` sees first comes first).
    var propertyOrder: [String] = []
    var initializers: [FunctionIR] = []
    var methods: [String: [FunctionIR]] = [:]
    /// Enum cases with their raw values (`case a = "x"`; nil when the case name is the value).
    var cases: [String: String?] = [:]
    /// `static let home: ModuleKey = "home"`: constants whose value is a string literal.
    var stringConstants: [String: String] = [:]
    var position: SourcePosition?
    /// Declared in the runtime library (a stand-in the reader carries), not in the app.
    var isLibrary: Bool
}

extension Statement {
    /// Calls `body` with every expression the statement holds, outermost first (a closure's
    /// result among them; its body's statements are the function's own).
    func visitExpressions(_ body: (Expr) -> Void) {
        switch self {
        case .bind(_, _, let value): value?.visit(body)
        case .assign(let target, let value):
            target.visit(body)
            value.visit(body)
        case .evaluate(let value), .returns(let value): value.visit(body)
        case .guarded(_, let inner): inner.visitExpressions(body)
        }
    }
}

extension Expr {
    /// Calls `body` with this expression and every one inside it, outermost first.
    func visit(_ body: (Expr) -> Void) {
        body(self)
        switch self {
        case .member(let base, _, _), .cast(let base, _): base.visit(body)
        case .call(let callee, let arguments, _):
            callee.visit(body)
            for argument in arguments { argument.value.visit(body) }
        case .anyOf(let list), .effects(let list): for item in list { item.visit(body) }
        case .closure(_, let result, _, _): result?.visit(body)
        case .nilLiteral, .literal, .selfRef, .superRef, .name, .implicitMember, .typeRef, .dynamicString, .unknown: break
        }
    }
}
