import GraphInspectCheckContract
import SwiftSyntax

/// Reads written types into `WrittenType`.
enum WrittenTypeReader {
    /// `type` as written in `source` (the file it was parsed from).
    static func read(_ type: TypeSyntax, in source: SourceText) -> WrittenType {
        let spelling = spelling(of: type, in: source)
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
            name = source.trimmedText(of: current)
        }
        return WrittenType(name: name, isOptional: optional, spelling: spelling)
    }

    /// The type as written. `trimmedDescription` rebuilds the node without its trivia, which was
    /// a sixth of `check`'s time on a generated app; a plain `X` or `X?` is spelt from its token,
    /// any other from the source (`SourceText.trimmedText`).
    private static func spelling(of type: TypeSyntax, in source: SourceText) -> String {
        if let identifier = type.as(IdentifierTypeSyntax.self), identifier.genericArgumentClause == nil {
            return identifier.name.text
        }
        if let optional = type.as(OptionalTypeSyntax.self), let identifier = optional.wrappedType.as(IdentifierTypeSyntax.self),
           identifier.genericArgumentClause == nil {
            return identifier.name.text + "?"
        }
        return source.trimmedText(of: type)
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

    static func read(_ name: some SyntaxProtocol, in source: SourceText) -> WrittenType {
        if let type = name.as(TypeSyntax.self) { return read(type, in: source) }
        let text = source.trimmedText(of: name)
        return WrittenType(name: text, isOptional: false, spelling: text)
    }
}
