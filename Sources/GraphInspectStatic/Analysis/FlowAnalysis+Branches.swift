import GraphInspectCheckContract

/// Branches decided per context: `if online { ... }` in an init runs, for the object made with
/// `online: false`, never.
///
/// A branch is skipped in a context only on positive evidence: the parameter it tests
/// (`BranchTest`) holds there only literals that fail the test. The literals a parameter holds
/// are kept in a slot of its own, `?online` (a name Swift cannot write, so nothing evaluates
/// it), as sites of type `literalType`; one with no text stands for a value the reading cannot
/// name, which passes every test. Only the contexts whose every entry binds its arguments in the
/// step that enters it decide (`decidesBranches`), so the slot holds a value from the context's
/// first run, and a skipped branch runs as soon as the slot grows one that passes: the analysis
/// stays monotone, and where in doubt both branches run as before.
extension FlowAnalysis {
    /// The type of a Bool literal's site in a `?` slot: `text` is `"true"`, `"false"`, or nil
    /// for a value the reading cannot name.
    static let literalType = "#literal"

    /// The slot holding the literals `parameter` of `function` may hold in `context`.
    static func literalSlot(_ function: FunctionIR, context: Int, parameter: String) -> Slot {
        .parameter(function: function.id, context: context, name: "?" + parameter)
    }

    /// Whether `function` decides its branches in `context`: an exact run of sources that make
    /// objects only where the reading sees (`BranchEscapes`, `isMadeOnlyWhereRead`), and an
    /// initialiser entered at a site the sources make (`construct`, `super.init`, `self.init`;
    /// not one made elsewhere, which nothing binds), every entry of which binds the arguments as
    /// it enters. Methods, calls, the unreached run and a coarse run's merged contexts run every
    /// branch on a parameter.
    func decidesBranches(_ function: FunctionIR, context: Int) -> Bool {
        guard tracker == nil, !decidesNoBranch, Self.isSite(context), context < sites.count, !isOverloaded(context) else { return false }
        let site = sites[context]
        return function.kind == .initializer && !Self.isValueType(site.type) && site.text != "made elsewhere"
            && isMadeOnlyWhereRead(site.type)
    }

    /// Whether every object of `type` is made where the reading sees it: no conformance through
    /// which code may make one another way (`Decodable`, a protocol with an `init` requirement
    /// or an `init` in an extension, a generic `T(...)`), checked up its supertypes. Only the
    /// architecture's own types and a few standard protocols with no `init` are known to add none.
    func isMadeOnlyWhereRead(_ type: String) -> Bool {
        for supertype in index.supertypes(of: type) {
            if index.isAppType(supertype) {
                if index.kind(of: supertype) == .protocol, index.types[supertype]?.initializers.isEmpty == false { return false }
                continue
            }
            if Self.knownWithoutInit.contains(supertype) || index.kind(of: supertype) != nil { continue }
            return false
        }
        return true
    }

    /// The slot that marks an object made through an initialiser Swift picks among overloads by
    /// types the reading does not know (`init(c: Component)` beside `init(c: FeatureComponent)`):
    /// none of its branches is decided. Written in the step that makes the object, before any of
    /// its code runs, and kept with the rest of the analysis.
    static func overloadedSlot(_ site: Int) -> Slot { .field(site: site, name: "?overloaded") }

    func markOverloaded(_ site: Int) { add(Self.overloadedSlot(site), [literal(nil)]) }

    func isOverloaded(_ site: Int) -> Bool { !values(Self.overloadedSlot(site)).isEmpty }

    /// Standard protocols that declare no initialiser.
    static let knownWithoutInit: Set<String> = [
        "Sendable", "Equatable", "Hashable", "Comparable", "Identifiable", "CustomStringConvertible",
        "CustomDebugStringConvertible", "AnyObject", "Error",
    ]

    /// The literals a value of `type` can be written as, by name: a `Bool`'s (when no app type is
    /// named so), an enum's cases (an enum the sources declare); nil for any other type, whose
    /// branches are not decided.
    func literalCases(of type: WrittenType?) -> Set<String>? {
        guard let type, !type.isOptional else { return nil }
        if type.name == "Bool" { return index.types["Bool"].map(\.isLibrary) ?? true ? ["true", "false"] : nil }
        // An enum of its own `==`, `!=` or `~=` compares as it says, not case by case.
        guard ["==", "!=", "~="].allSatisfy({ index.methods($0, in: type.name).isEmpty }) else { return nil }
        return index.enumCases(of: type.name)
    }

    /// Whether a branch may test `parameter` of `function`: a type whose literals have names
    /// (`literalCases`), and no local of the body shares its name.
    func isLiteralKind(_ parameter: ParameterDecl, in function: FunctionIR) -> Bool {
        literalCases(of: parameter.type) != nil && function.locals[parameter.name] == nil
    }

    /// Binds the literals the arguments pass to `function`'s Bool and enum parameters in `target`:
    /// a literal as written, a parameter of a deciding caller passed on (`super.init(online:
    /// online)`) as what it holds there, an omitted argument as its default literal; anything
    /// else as unknown.
    func bindLiterals(_ arguments: [Expr.Argument], to function: FunctionIR, context target: Int, from caller: Context) {
        guard decidesBranches(function, context: target) else { return }
        let labels = arguments.map(\.label)
        var index = 0
        for parameter in function.parameters {
            var given: Expr?
            if index < labels.count, labels[index] == parameter.label {
                given = arguments[index].value
                index += 1
            }
            guard function.locals[parameter.name] == nil, let cases = literalCases(of: parameter.type) else { continue }
            let slot = Self.literalSlot(function, context: target, parameter: parameter.name)
            guard let given else {
                add(slot, [literal(parameter.defaultLiteral.flatMap { cases.contains($0) ? $0 : nil })])
                continue
            }
            add(slot, literals(given, cases: cases, from: caller))
        }
    }

    /// The slot holding the literals the constant `property` of the object made at `site` holds.
    static func literalSlot(site: Int, property: String) -> Slot {
        .field(site: site, name: "?" + property)
    }

    /// The constant property `name` of the type made at `site` whose literals have names: its
    /// declaration and those names; nil for any other property (a `var`, which code anywhere may
    /// change, a computed or `lazy` one).
    func literalProperty(_ name: String, at site: Int) -> (decl: PropertyDecl, cases: Set<String>)? {
        guard let (_, decl) = index.property(name, in: sites[site].type), decl.isConstant, decl.form == .stored,
              let cases = literalCases(of: decl.type) else { return nil }
        return (decl, cases)
    }

    /// The memberwise initialiser's arguments to constant properties (`AccountsBuilder(mode:
    /// .guest)`): their literals kept per object made.
    func bindLiterals(memberwise arguments: [Expr.Argument], at site: Int, from caller: Context) {
        guard tracker == nil, !decidesNoBranch else { return }
        for argument in arguments {
            guard let label = argument.label, let (_, cases) = literalProperty(label, at: site) else { continue }
            add(Self.literalSlot(site: site, property: label), literals(argument.value, cases: cases, from: caller))
        }
    }

    /// `self.mode = mode` in the initialiser a construction enters (`mode` its parameter, or a
    /// literal): the constant property holds what the parameter was just given. Bound in the step
    /// that makes the object, as the memberwise arguments are, so no method of the object runs
    /// before its properties hold their literals (a skipped branch never ran: the analysis stays
    /// monotone). An initialiser `self.init` or `super.init` enters binds none: its object's
    /// properties stay unknown, and their branches all run.
    func bindLiterals(initializing initializer: FunctionIR, at site: Int) {
        guard decidesBranches(initializer, context: site) else { return }
        for statement in initializer.body {
            guard case .assign(let target, let value) = statement.unguarded else { continue }
            let name: String
            switch target {
            case .member(.selfRef, let member, _): name = member
            case .name(let written, _) where !isLocal(written, in: initializer): name = written
            default: continue
            }
            guard let (_, cases) = literalProperty(name, at: site) else { continue }
            var held: Set<Int> = [literal(nil)]
            if case .name(let given, _) = value, initializer.locals[given] == nil,
               let parameter = initializer.parameters.first(where: { $0.name == given }), literalCases(of: parameter.type) == cases {
                let bound = values(Self.literalSlot(initializer, context: site, parameter: given))
                if !bound.isEmpty { held = bound }
            } else if let text = Self.literalText(value), cases.contains(text) {
                held = [literal(text)]
            }
            add(Self.literalSlot(site: site, property: name), held)
        }
    }

    /// The literal sites `expr`, an argument written in `caller`, may pass: a literal among
    /// `cases` (`true`, `.guest`, `Mode.guest`), what a deciding caller's parameter passed on
    /// holds, else one unknown.
    private func literals(_ expr: Expr, cases: Set<String>, from caller: Context) -> Set<Int> {
        switch expr {
        case .literal(let type, let text?) where type.name == "Bool" && cases.contains(text):
            return [literal(text)]
        case .implicitMember(let name) where cases.contains(name) && !cases.contains("true"):
            return [literal(name)]
        case .member(.name(let type, _), let name, _) where cases.contains(name) && index.enumCases(of: type) == cases:
            return [literal(name)]
        case .name(let name, _):
            guard let function = caller.function, decidesBranches(function, context: caller.id),
                  let parameter = function.parameters.first(where: { $0.name == name }), isLiteralKind(parameter, in: function),
                  literalCases(of: parameter.type) == cases else { break }
            let held = values(Self.literalSlot(function, context: caller.id, parameter: name))
            return held.isEmpty ? [literal(nil)] : held
        default:
            break
        }
        return [literal(nil)]
    }

    private func literal(_ text: String?) -> Int {
        site(Site(type: Self.literalType, position: nil, text: text))
    }

    /// The first of `tests` that fails in `context`, with the literal the subject holds there;
    /// nil when the statement may run (unknown values, a context that does not decide, a test of
    /// something that is no parameter or constant property with named literals).
    func failingTest(_ tests: [BranchTest], of function: FunctionIR, context: Int, selfSites: Set<Int>) -> (test: BranchTest, held: String)? {
        guard tracker == nil else { return nil }
        for test in tests {
            let held: [String?]
            if let property = test.property {
                guard let found = heldByProperty(property, test: test, of: function, selfSites: selfSites) else { continue }
                held = found
            } else {
                guard decidesBranches(function, context: context),
                      let parameter = function.parameters.first(where: { $0.name == test.parameter }),
                      isLiteralKind(parameter, in: function), let cases = literalCases(of: parameter.type),
                      test.values.allSatisfy(cases.contains) else { continue }
                held = values(Self.literalSlot(function, context: context, parameter: test.parameter)).map { sites[$0].text }
            }
            // Empty: no binding seen (never, by `decidesBranches`); run rather than guess.
            guard !held.isEmpty, !held.contains(where: { $0.map(test.passes) ?? true }), let first = held.first ?? nil else { continue }
            return (test, first)
        }
        return nil
    }

    /// The literals the constant property `name` holds across the objects `self` is; nil when
    /// any is unknown to the reading: a name the body binds, an object made elsewhere (no
    /// initialiser the sources show), a property that is no constant with named literals, or a
    /// test naming something that is none of its literals.
    private func heldByProperty(_ name: String, test: BranchTest, of function: FunctionIR, selfSites: Set<Int>) -> [String?]? {
        guard !decidesNoBranch, function.owner != nil, !function.isStatic, !isLocal(name, in: function), !selfSites.isEmpty else { return nil }
        var held: [String?] = []
        for site in selfSites {
            guard Self.isSite(site), site < sites.count, sites[site].text != "made elsewhere", !isOverloaded(site), isMadeOnlyWhereRead(sites[site].type),
                  let (decl, cases) = literalProperty(name, at: site), test.values.allSatisfy(cases.contains) else { return nil }
            if let initializer = decl.initializer {
                // A constant with a default keeps it: no initialiser may set it again.
                guard let text = Self.literalText(initializer), cases.contains(text) else { return nil }
                held.append(text)
            } else {
                let found = values(Self.literalSlot(site: site, property: name))
                guard !found.isEmpty else { return nil }
                held += found.map { sites[$0].text }
            }
        }
        return held
    }

    /// The literal an expression writes (`false`, `.guest`, `Mode.guest`), by name.
    static func literalText(_ expr: Expr) -> String? {
        switch expr {
        case .literal(let type, let text) where type.name == "Bool": text
        case .implicitMember(let name), .member(.name(_, _), let name, _): name
        default: nil
        }
    }

    /// A statement skipped in `context`, in the last pass: each lookup in it is noted as not
    /// checked, a note that holds unless another context runs it.
    func noteSkipped(_ statement: Statement, failing: (test: BranchTest, held: String), in context: Context) {
        guard recording, let function = context.function else { return }
        let isBool = failing.test.values.allSatisfy { $0 == "true" || $0 == "false" }
        let written = { (value: String) in isBool ? value : "." + value }
        let passing = isBool
            ? (failing.test.passes("true") ? "true" : "false")
            : (failing.test.negated ? "none of " : "") + failing.test.values.map(written).joined(separator: " or ")
        let subject = failing.test.property ?? failing.test.parameter
        let makers = failing.test.property != nil ? "every \(function.owner ?? "object") the sources make"
            : function.kind == .initializer ? "every place that makes \(function.owner ?? "it")" : "every call of \(function.name)"
        let held = failing.test.property != nil ? "holds \(written(failing.held))" : "passes \(written(failing.held))"
        statement.visitExpressions { expr in
            guard let (position, kind) = lookup(expr, in: context) else { return }
            note(position, "runs only when `\(subject)` is \(passing), and \(makers) \(held)", lookup: kind)
        }
    }

    /// The lookup `expr` makes, if it is one, at the place the run marks as reached: a dynamic
    /// member of a component or holder, `resolve(...)`, a holder's `module(for:)` or `router(for:)`.
    private func lookup(_ expr: Expr, in context: Context) -> (SourcePosition, Unresolved.LookupKind)? {
        let base: Expr, name: String, position: SourcePosition, labels: [String?]?
        switch expr {
        case .member(let on, let member, let at):
            (base, name, position, labels) = (on, member, at, nil)
        case .call(.member(let on, let method, let at), let arguments, _):
            (base, name, position, labels) = (on, method, at, arguments.map(\.label))
        case .call(.name(let method, let at), let arguments, _):
            (base, name, position, labels) = (.selfRef, method, at, arguments.map(\.label))
        default:
            return nil
        }
        guard let declared = staticType(base, in: context)?.name else { return nil }
        if let labels {
            if name == "resolve", index.isComponent(declared) { return (position, .dependency) }
            if Self.isModuleLookup(name, labels: labels), index.isHolder(declared) { return (position, .module) }
            return nil
        }
        guard isDynamic(name, declared: WrittenType(name: declared, isOptional: false, spelling: declared), actual: nil) else { return nil }
        if index.isComponent(declared) { return (position, .dependency) }
        return index.isHolder(declared) ? (position, .module) : nil
    }
}
