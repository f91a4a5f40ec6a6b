import SwiftSyntax

/// Ways a file may make an object that the reading does not see as a place making it: a
/// `typealias` naming a type, `.init` (implicit, on a metatype, or as a function value),
/// `type(of:).init`, `Module.Type(...)`. Branch decisions (`BranchTest`) rest on knowing every
/// place that makes an object, so sources with any of these decide no branch: every branch counts.
/// A `typealias` of a function type is kept by name instead (`closureAliases`): a stored property
/// of that type is a closure, which lookups cannot read.
final class BranchEscapes {
    /// Whether the file holds any of the ways above.
    private(set) var found = false
    /// Set while an initialiser's body is read: `self.init` there delegates; anywhere else (a
    /// static factory's `self.init(...)`) it makes an object.
    var inInitializer = false
    /// The file's `typealias`es of a function type (or an Optional or tuple of one).
    private(set) var closureAliases: [String] = []
    /// The file's `typealias`es of another name (`typealias Factory2 = Factory`), by name: one
    /// of a closure's alias is a closure's too (`SourceReader.closureAliases`).
    private(set) var renamings: [(name: String, of: String)] = []

    /// A `typealias`: a closure's name kept, any other makes the sources' constructions unknown.
    func read(_ alias: TypeAliasDeclSyntax) {
        let value = alias.initializer.value
        if FileReader.holdsFunctionType(value) {
            closureAliases.append(alias.name.text)
            return
        }
        found = true
        var named = value
        if let optional = value.as(OptionalTypeSyntax.self) { named = optional.wrappedType }
        if let identifier = named.as(IdentifierTypeSyntax.self) { renamings.append((alias.name.text, identifier.name.text)) }
        if let member = named.as(MemberTypeSyntax.self) { renamings.append((alias.name.text, member.name.text)) }
    }

    /// `.init`, `T.init`, `type(of: x).init`: anything but `self.init` and `super.init`.
    func read(_ member: MemberAccessExprSyntax) {
        guard member.declName.baseName.tokenKind == .keyword(.`init`) else { return }
        if inInitializer, let base = member.base?.as(DeclReferenceExprSyntax.self), base.baseName.tokenKind == .keyword(.self) { return }
        if member.base?.is(SuperExprSyntax.self) == true { return }
        found = true
    }

    /// `Module.Type(...)` or `Outer.Inner(...)`, which the reading may not take for the type: a
    /// call of a capitalised member of a name.
    func read(_ call: FunctionCallExprSyntax) {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.base?.is(DeclReferenceExprSyntax.self) == true,
              member.declName.baseName.text.first?.isUppercase == true else { return }
        found = true
    }
}
