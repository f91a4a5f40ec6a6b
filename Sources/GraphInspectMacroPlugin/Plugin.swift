import SwiftCompilerPlugin
import SwiftSyntaxMacros

/// The compiler plugin that expands GraphInspectMacros' macros.
@main
struct GraphInspectMacroPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [ProvidersMacro.self]
}
