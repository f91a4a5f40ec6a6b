import SwiftSyntax

/// Which binding each local name of a body refers to, as Swift scopes them: each code block,
/// `case`, `if`/`while` (its conditions with its body), `for` loop and closure binds its own
/// locals, and a binding shadows those of the scopes around it from where it is written.
///
/// The reading drops control flow and keeps one set of values per name in a function, so two
/// locals written alike (`let c` in each `case`) would otherwise be one. A binding written at the
/// body's outermost scope, or whose name the body binds only once, keeps its name; every other
/// binding of that name is read as `name@N`, N counting that name's bindings in source order, so
/// the reading name depends on the syntax alone (moving lines keeps it).
struct LocalScopes {
    /// The reading name of each binding's identifier and of each reference to a local or a
    /// parameter, by the token's offset in the file. A name not here is a member, a global or a
    /// closure's parameter (`BodyReader` renames those).
    private var names: [Int: String] = [:]
    /// `if let c`, `guard let c`: the name the value is read from (the `c` outside), by the
    /// offset of the identifier bound.
    private var shorthands: [Int: String] = [:]
    /// The names the code reads that nothing in it binds (no local, parameter or closure
    /// parameter), lowercase and not called: in a type's member, its own properties read without
    /// `self.` among them.
    private(set) var unbound: Set<String> = []

    init() {}

    /// Resolves every local of the code `nodes` make up (a body's statements, or one expression)
    /// in a function with these `parameters` (bound at the outermost scope).
    init(reading nodes: [Syntax], parameters: [String] = []) {
        var walk = Walk()
        for name in parameters {
            walk.sites.append(Walk.Site(name: name, depth: 0))
            walk.scopes[0][name] = .some(walk.sites.count - 1)
        }
        for node in nodes { walk.visit(node) }
        var counts: [String: Int] = [:]
        for site in walk.sites { counts[site.name, default: 0] += 1 }
        var ordinals: [String: Int] = [:]
        var reading: [String] = []
        for site in walk.sites {
            ordinals[site.name, default: 0] += 1
            let keeps = site.depth == 0 || counts[site.name] == 1
            reading.append(keeps ? site.name : "\(site.name)@\(ordinals[site.name] ?? 0)")
        }
        for (offset, site) in walk.resolved { names[offset] = reading[site] }
        for (offset, site) in walk.shorthands { shorthands[offset] = reading[site] }
        // Swift reads a name as the block's local from the block's start (a use before the
        // declaration does not compile), so a name some scope around the reference binds later
        // is not a member's.
        for (name, around) in walk.unresolved where !around.contains(where: { walk.boundIn[$0]?.contains(name) == true }) {
            unbound.insert(name)
        }
    }

    /// The reading name of the local bound or referred to by `token`, if it is one.
    func name(of token: TokenSyntax) -> String? {
        names[token.positionAfterSkippingLeadingTrivia.utf8Offset]
    }

    /// For `if let c` with no value: the reading name of the `c` it reads, if that is a local.
    func shorthandValue(of token: TokenSyntax) -> String? {
        shorthands[token.positionAfterSkippingLeadingTrivia.utf8Offset]
    }

    /// One walk over the syntax, in source order, with a stack of scopes.
    private struct Walk {
        /// One binding: its written name and how many scopes deep it is written.
        struct Site {
            var name: String
            var depth: Int
        }

        var sites: [Site] = []
        /// Token offset to the index of the site it binds or refers to.
        var resolved: [Int: Int] = [:]
        var shorthands: [Int: Int] = [:]
        /// Names read that no scope open where they are read binds by then, with those scopes.
        var unresolved: [(name: String, around: [Int])] = []
        /// Every name each scope binds (closure parameters among them), by the scope's number.
        var boundIn: [Int: Set<String>] = [:]
        /// The numbers of the scopes open, outermost first.
        var open: [Int] = [0]
        var scopeCount = 1
        /// Each open scope: written name to its site, or nil for a closure's parameter (which
        /// shadows the locals outside it and is no local of the function).
        var scopes: [[String: Int?]] = [[:]]

        mutating func visit(_ node: Syntax) {
            if let variable = node.as(VariableDeclSyntax.self) {
                // `let c = c.child`: the value reads the `c` outside, so it is walked first.
                for binding in variable.bindings {
                    if let value = binding.initializer?.value { visit(Syntax(value)) }
                    bind(Syntax(binding.pattern))
                }
            } else if let condition = node.as(OptionalBindingConditionSyntax.self) {
                if let value = condition.initializer?.value {
                    visit(Syntax(value))
                } else if let identifier = condition.pattern.as(IdentifierPatternSyntax.self)?.identifier,
                          let outer = lookUp(identifier.text) {
                    shorthands[offset(identifier)] = outer
                }
                bind(Syntax(condition.pattern))
            } else if let branch = node.as(IfExprSyntax.self) {
                // The conditions' bindings hold in the body alone, not in `else`.
                scoped {
                    for condition in branch.conditions { $0.visit(Syntax(condition)) }
                    $0.visit(Syntax(branch.body))
                }
                if let otherwise = branch.elseBody { visit(Syntax(otherwise)) }
            } else if let loop = node.as(WhileStmtSyntax.self) {
                scoped {
                    for condition in loop.conditions { $0.visit(Syntax(condition)) }
                    $0.visit(Syntax(loop.body))
                }
            } else if let loop = node.as(ForStmtSyntax.self) {
                visit(Syntax(loop.sequence))
                scoped {
                    $0.bind(Syntax(loop.pattern))
                    if let condition = loop.whereClause { $0.visit(Syntax(condition.condition)) }
                    $0.visit(Syntax(loop.body))
                }
            } else if let closure = node.as(ClosureExprSyntax.self) {
                scoped {
                    for name in BodyReader.parameters(of: closure) {
                        $0.scopes[$0.scopes.count - 1][name] = .some(nil)
                        $0.boundIn[$0.open[$0.open.count - 1], default: []].insert(name)
                    }
                    for item in closure.statements { $0.visit(Syntax(item)) }
                }
            } else if node.is(CodeBlockSyntax.self) || node.is(SwitchCaseSyntax.self) || node.is(CatchClauseSyntax.self) {
                scoped { walker in
                    for child in node.children(viewMode: .sourceAccurate) { walker.visit(child) }
                }
            } else if let pattern = node.as(IdentifierPatternSyntax.self) {
                // `case .some(let c)`, `catch let c`: bound where the pattern is.
                bind(Syntax(pattern))
            } else if let call = node.as(FunctionCallExprSyntax.self), let callee = call.calledExpression.as(DeclReferenceExprSyntax.self) {
                // `print(x)`, `reload()`: a function called, not a property read.
                refer(callee, read: false)
                for child in node.children(viewMode: .sourceAccurate) where child.id != call.calledExpression.id { visit(child) }
            } else if let reference = node.as(DeclReferenceExprSyntax.self) {
                refer(reference, read: true)
            } else if let member = node.as(MemberAccessExprSyntax.self) {
                // `c.store`: the base is a reference, the member's name is not.
                if let base = member.base { visit(Syntax(base)) }
            } else if node.is(FunctionDeclSyntax.self) || node.is(ClassDeclSyntax.self) || node.is(StructDeclSyntax.self)
                || node.is(EnumDeclSyntax.self) || node.is(ProtocolDeclSyntax.self) || node.is(ExtensionDeclSyntax.self) {
                return  // nested declarations are not read (`BodyReader`)
            } else {
                for child in node.children(viewMode: .sourceAccurate) { visit(child) }
            }
        }

        /// Resolves a reference to its local; `read`: one bound nowhere in the code is `unbound`
        /// (a property read without `self.` when it starts with a lowercase letter).
        mutating func refer(_ reference: DeclReferenceExprSyntax, read: Bool) {
            let name = reference.baseName.text
            if let site = lookUp(name) {
                resolved[offset(reference.baseName)] = site
            } else if read, name != "self", name.first?.isLowercase == true || name.first == "_", !scopes.contains(where: { $0[name] != nil }) {
                unresolved.append((name, open))
            }
        }

        /// Binds every identifier the pattern names (`c`, `(a, b)`, `let c`) in the innermost scope.
        mutating func bind(_ pattern: Syntax) {
            if let identifier = pattern.as(IdentifierPatternSyntax.self)?.identifier {
                let name = identifier.text
                guard name != "_" else { return }
                sites.append(Site(name: name, depth: scopes.count - 1))
                boundIn[open[open.count - 1], default: []].insert(name)
                scopes[scopes.count - 1][name] = .some(sites.count - 1)
                resolved[offset(identifier)] = sites.count - 1
                return
            }
            for child in pattern.children(viewMode: .sourceAccurate) { bind(child) }
        }

        /// The site `name` refers to here: the innermost scope's binding of it, if a local's.
        func lookUp(_ name: String) -> Int? {
            for scope in scopes.reversed() {
                if let site = scope[name] { return site }
            }
            return nil
        }

        mutating func scoped(_ body: (inout Walk) -> Void) {
            scopes.append([:])
            open.append(scopeCount)
            scopeCount += 1
            body(&self)
            scopes.removeLast()
            open.removeLast()
        }

        func offset(_ token: TokenSyntax) -> Int {
            token.positionAfterSkippingLeadingTrivia.utf8Offset
        }
    }
}
