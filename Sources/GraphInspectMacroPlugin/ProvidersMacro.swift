import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@Providers`: lists a component class's computed properties (`var depA: DepA { DepA() }`) in a
/// `ComputedProviders` table stored in the class, which the runtime's provider index reads, so
/// lookups from below see them as the article's lookups expect.
///
/// Lists instance properties with a getter (not `static`, `async` or `throws` ones, which a lookup
/// cannot read; not opaque `some` types, which have no metatype to name), and stored properties
/// declared as closures (`let makeRequest: () -> Request`), which `Mirror` hands over at the wrong
/// calling convention; other stored properties are left to `Mirror`.
public struct ProvidersMacro: MemberMacro {
    public static func expansion(
        of node: AttributeSyntax,
        providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let type = declaration.as(ClassDeclSyntax.self) else {
            context.diagnose(Diagnostic(node: node, message: ProvidersDiagnostic.notAClass))
            return []
        }
        if type.genericParameterClause != nil {
            context.diagnose(Diagnostic(node: node, message: ProvidersDiagnostic.generic))
            return []
        }
        let owner = type.name.text
        let entries = type.memberBlock.members.flatMap { member in
            member.decl.as(VariableDeclSyntax.self).map(computedProviders) ?? []
        }
        let list = entries.map { "        .init(\"\($0.name)\", (\($0.type)).self) { $0.\($0.member) as Any },\n" }.joined()
        return [
            """
            private let _graphinspectProviders_\(raw: owner) = ComputedProviders<\(raw: owner)>([
            \(raw: list)])
            """,
        ]
    }

    /// The computed instance properties one declaration introduces: name, member spelling, type.
    static func computedProviders(_ variable: VariableDeclSyntax) -> [(name: String, member: String, type: String)] {
        let isStatic = variable.modifiers.contains { ["static", "class"].contains($0.name.text) }
        guard !isStatic else { return [] }
        return variable.bindings.compactMap { binding in
            guard binding.accessorBlock.map(isReadable) ?? false || isClosure(binding),
                  let identifier = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier,
                  let type = binding.typeAnnotation?.type.trimmed,
                  !type.is(SomeOrAnyTypeSyntax.self) || type.as(SomeOrAnyTypeSyntax.self)?.someOrAnySpecifier.text == "any"
            else { return nil }
            let member = identifier.text
            let name = member.hasPrefix("`") ? String(member.dropFirst().dropLast()) : member
            return (name, member, type.description)
        }
    }

    /// A stored property (no accessors, or observers alone) whose declared type is a function, or an
    /// Optional or tuple of one.
    static func isClosure(_ binding: PatternBindingSyntax) -> Bool {
        if let accessors = binding.accessorBlock, isReadable(accessors) { return false }
        return binding.typeAnnotation.map { holdsFunction($0.type) } ?? false
    }

    private static func holdsFunction(_ type: TypeSyntax) -> Bool {
        if type.is(FunctionTypeSyntax.self) { return true }
        if let attributed = type.as(AttributedTypeSyntax.self) { return holdsFunction(attributed.baseType) }
        if let optional = type.as(OptionalTypeSyntax.self) { return holdsFunction(optional.wrappedType) }
        if let named = type.as(IdentifierTypeSyntax.self), named.name.text == "Optional",
           let argument = named.genericArgumentClause?.arguments.first, case .type(let wrapped) = argument.argument {
            return holdsFunction(wrapped)
        }
        if let tuple = type.as(TupleTypeSyntax.self) { return tuple.elements.contains { holdsFunction($0.type) } }
        return false
    }

    /// A getter a lookup can call: a bare `{ ... }` body, or a synchronous, non-throwing `get`.
    /// Observers alone (`willSet`/`didSet`) mean a stored property.
    static func isReadable(_ block: AccessorBlockSyntax) -> Bool {
        switch block.accessors {
        case .getter:
            return true
        case .accessors(let accessors):
            return accessors.contains { accessor in
                ["get", "_read"].contains(accessor.accessorSpecifier.text) && accessor.effectSpecifiers == nil
            }
        }
    }
}

enum ProvidersDiagnostic: String, DiagnosticMessage {
    case notAClass
    case generic

    var message: String {
        switch self {
        case .notAClass: "@Providers lists the computed providers of a Component subclass; this is not a class"
        case .generic: "@Providers does not support generic component classes; declare their providers as stored properties or @Lazy"
        }
    }

    var diagnosticID: MessageID { MessageID(domain: "GraphInspectMacros", id: rawValue) }
    var severity: DiagnosticSeverity { .error }
}
