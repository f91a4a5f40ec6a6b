import SwiftSyntax

/// The branches a body reader can leave to the analysis to decide (`BranchTest`): `if`, `guard`
/// and `switch` on one parameter, or one stored property of `self`, written as `p`, `!p`, `(p)`,
/// `p == true`, `mode != .guest` (or the literal first), `switch mode { case .guest: ... }`. Any
/// other condition (`a && b`, several conditions, a call, `if let`, a `case` with a payload or a
/// `where`) gives no test, and both branches count as they always did. Whether the subject holds
/// literals it can name (a `Bool`, an enum the sources declare) is the analysis's business.
extension BodyReader {
    /// Collects a list of statements; a `guard` in it puts the rest of the list under its test.
    mutating func collectItems(_ items: CodeBlockItemListSyntax) {
        let depth = tests.count
        for item in items { collect(Syntax(item)) }
        tests.removeLast(tests.count - depth)
    }

    /// `if`: the conditions as code, the body under the test, the `else` (an `else if` chain
    /// among them) under its negation.
    mutating func collectIf(_ branch: IfExprSyntax) {
        collect(Syntax(branch.conditions))
        let test = self.test(branch.conditions)
        collect(Syntax(branch.body), under: test)
        switch branch.elseBody {
        case .ifExpr(let next)?:
            if let negation = test?.negation { tests.append(negation) }
            collectIf(next)
            if test != nil { tests.removeLast() }
        case .codeBlock(let block)?:
            collect(Syntax(block), under: test?.negation)
        case nil:
            break
        }
    }

    /// `guard test else { ... }`: the body under the negation; the statements after it, up to
    /// the end of the list the guard is in, under the test (`collectItems` drops it there).
    mutating func collectGuard(_ guarded: GuardStmtSyntax) {
        collect(Syntax(guarded.conditions))
        let test = self.test(guarded.conditions)
        collect(Syntax(guarded.body), under: test?.negation)
        if let test { tests.append(test) }
    }

    /// `switch subject { case .a, .b: ... default: ... }`: each case's statements under the values
    /// its patterns name, `default` under none of them. A case with any other pattern (a payload,
    /// a `where`, a binding), a `fallthrough` or a `#if` among the cases: no tests in the switch.
    mutating func collectSwitch(_ branch: SwitchExprSyntax) {
        collect(Syntax(branch.subject))
        let cases = branch.cases.compactMap { $0.as(SwitchCaseSyntax.self) }
        var decided = subject(branch.subject) != nil && cases.count == branch.cases.count
            && !branch.cases.contains { $0.tokens(viewMode: .sourceAccurate).contains { $0.tokenKind == .keyword(.fallthrough) } }
        var named: [String] = []
        var values: [[String]?] = []
        for switchCase in cases {
            guard case .case(let label) = switchCase.label else { values.append(nil); continue }
            let literals = label.caseItems.map { item in item.whereClause == nil ? Self.patternLiteral(item.pattern) : nil }
            let all = literals.compactMap { $0 }
            if all.count != literals.count { decided = false }
            named += all
            values.append(all)
        }
        for (switchCase, caseValues) in zip(cases, values) {
            collect(Syntax(switchCase.label))
            var test: BranchTest?
            if decided, let name = subject(branch.subject) {
                test = caseValues.map { BranchTest(parameter: name, values: $0, negated: false) }
                    ?? BranchTest(parameter: name, values: named, negated: true)
            }
            collect(Syntax(switchCase.statements), under: test)
        }
    }

    /// A `case` pattern naming one literal: `.guest`, `Mode.guest`, `true`.
    private static func patternLiteral(_ pattern: PatternSyntax) -> String? {
        pattern.as(ExpressionPatternSyntax.self).flatMap { testedLiteral($0.expression) }
    }

    /// A literal a branch can test, as its text: `true`/`false`, or an enum case written `.guest`
    /// or `Mode.guest` (the analysis holds the name to the enum's cases).
    static func testedLiteral(_ expr: ExprSyntax) -> String? {
        if let literal = expr.as(BooleanLiteralExprSyntax.self) { return literal.literal.text }
        guard let member = expr.as(MemberAccessExprSyntax.self), member.declName.argumentNames == nil else { return nil }
        guard let base = member.base else { return member.declName.baseName.text }
        guard let type = base.as(DeclReferenceExprSyntax.self), type.baseName.text.first?.isUppercase == true else { return nil }
        return member.declName.baseName.text
    }

    private mutating func collect(_ node: Syntax, under test: BranchTest?) {
        if let test { tests.append(test) }
        collect(node)
        if test != nil { tests.removeLast() }
    }

    /// The test a condition list makes: one expression element that is an atom, else none.
    func test(_ conditions: ConditionElementListSyntax) -> BranchTest? {
        guard conditions.count == 1, case .expression(let expr)? = conditions.first?.condition else { return nil }
        return test(expr)
    }

    /// `p`, `!p`, `(p)`, `p == literal`, `p != literal`, `literal == p`: a test of a deciding
    /// parameter; nil for anything else.
    func test(_ expr: ExprSyntax) -> BranchTest? {
        if let tuple = expr.as(TupleExprSyntax.self) {
            guard tuple.elements.count == 1, let only = tuple.elements.first, only.label == nil else { return nil }
            return test(only.expression)
        }
        if let prefix = expr.as(PrefixOperatorExprSyntax.self) {
            guard prefix.operator.text == "!" else { return nil }
            return test(prefix.expression)?.negation
        }
        if let subject = subject(expr) {
            return BranchTest(parameter: subject, values: ["true"], negated: false)
        }
        guard let sequence = expr.as(SequenceExprSyntax.self) else { return nil }
        let elements = Array(sequence.elements)
        guard elements.count == 3, let op = elements[1].as(BinaryOperatorExprSyntax.self),
              op.operator.text == "==" || op.operator.text == "!=" else { return nil }
        let negated = op.operator.text == "!="
        if let subject = subject(elements[0]), let literal = Self.testedLiteral(elements[2]) {
            return BranchTest(parameter: subject, values: [literal], negated: negated)
        }
        if let subject = subject(elements[2]), let literal = Self.testedLiteral(elements[0]) {
            return BranchTest(parameter: subject, values: [literal], negated: negated)
        }
        return nil
    }

    /// What a test may test: a deciding parameter, by its name (not when a local or a closure's
    /// parameter shadows it: the reading names those apart); or a property of `self`, written
    /// `self.mode` or `mode` where nothing in the body binds that name, as `self.mode`.
    func subject(_ expr: ExprSyntax) -> String? {
        if let member = expr.as(MemberAccessExprSyntax.self), member.declName.argumentNames == nil,
           member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) {
            return BranchTest.selfPrefix + member.declName.baseName.text
        }
        guard let reference = expr.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil,
              case .identifier = reference.baseName.tokenKind else { return nil }
        let name = reference.baseName.text
        guard renamed[name] == nil else { return nil }
        switch scopes.name(of: reference.baseName) {
        case name?: return deciding.contains(name) ? name : nil
        case nil: return BranchTest.selfPrefix + name
        default: return nil
        }
    }
}
