import SwiftCompilerPlugin
import SwiftSyntax
import SwiftSyntaxMacros

/// `#one`: 1. A macro, so swift-syntax is built for the host as `@Providers` needs it.
public struct OneMacro: ExpressionMacro {
    public static func expansion(of node: some FreestandingMacroExpansionSyntax, in context: some MacroExpansionContext) -> ExprSyntax {
        "1"
    }
}

@main
struct MacroPlugin: CompilerPlugin {
    let providingMacros: [Macro.Type] = [OneMacro.self]
}
