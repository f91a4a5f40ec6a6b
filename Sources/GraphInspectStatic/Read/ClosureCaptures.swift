import SwiftSyntax

/// The names a closure holds strongly once it is made: those its body names from outside it,
/// `self` included, less those it captures `weak` or `unowned` and those it declares itself
/// (parameters, `let`s, `guard let self`). A closure inside it counts as its body, except that a
/// name the inner one captures weakly is not counted for either: a finding must never rest on a
/// capture the code asked to be weak.
enum ClosureCaptures {
    static func strong(_ closure: ClosureExprSyntax) -> [String] {
        var finder = Finder()
        return finder.strong(closure).sorted()
    }

    private struct Finder {
        mutating func strong(_ closure: ClosureExprSyntax) -> Set<String> {
            var named: Set<String> = []
            var declared = Set(BodyReader.parameters(of: closure))
            var weak: Set<String> = []
            var listed: Set<String> = []
            for capture in closure.signature?.capture?.items ?? [] {
                let specifier = capture.specifier?.specifier.text
                if specifier == "weak" || specifier == "unowned" {
                    weak.insert(capture.name.text)
                    if let value = capture.initializer?.value { weak.formUnion(references(in: Syntax(value))) }
                } else {
                    // `[module]`, `[m = module]`: held strongly, under its own name inside.
                    declared.insert(capture.name.text)
                    listed.formUnion(capture.initializer.map { references(in: Syntax($0.value)) } ?? [capture.name.text])
                }
            }
            for statement in closure.statements { collect(Syntax(statement), named: &named, declared: &declared) }
            return named.subtracting(declared).subtracting(weak).union(listed.subtracting(weak))
        }

        /// The names `node` refers to, with nested closures read by `strong`.
        private mutating func collect(_ node: Syntax, named: inout Set<String>, declared: inout Set<String>) {
            if let inner = node.as(ClosureExprSyntax.self) {
                named.formUnion(strong(inner))
                // What the inner closure captures weakly is weak for this one too.
                for capture in inner.signature?.capture?.items ?? [] where capture.specifier != nil {
                    declared.insert(capture.name.text)
                }
                return
            }
            if let pattern = node.as(IdentifierPatternSyntax.self) {
                declared.insert(pattern.identifier.text)
                return
            }
            if let condition = node.as(OptionalBindingConditionSyntax.self), condition.initializer == nil,
               let pattern = condition.pattern.as(IdentifierPatternSyntax.self) {
                // `guard let self`, `if let module`: names the captured one (weak, if it was so
                // captured), and binds a local of the same name from it.
                named.insert(pattern.identifier.text)
                return
            }
            if let member = node.as(MemberAccessExprSyntax.self) {
                // `module.key`: the base is named, the member is not.
                if let base = member.base { collect(Syntax(base), named: &named, declared: &declared) }
                return
            }
            if let reference = node.as(DeclReferenceExprSyntax.self) {
                named.insert(reference.baseName.text)
                return
            }
            if node.is(FunctionDeclSyntax.self) || node.is(ClassDeclSyntax.self) || node.is(StructDeclSyntax.self) {
                return
            }
            for child in node.children(viewMode: .sourceAccurate) { collect(child, named: &named, declared: &declared) }
        }

        private func references(in node: Syntax) -> Set<String> {
            if let reference = node.as(DeclReferenceExprSyntax.self) { return [reference.baseName.text] }
            if let member = node.as(MemberAccessExprSyntax.self) { return member.base.map { references(in: Syntax($0)) } ?? [] }
            return node.children(viewMode: .sourceAccurate).reduce(into: []) { $0.formUnion(references(in: $1)) }
        }
    }
}
