import ArgumentParser

extension GraphInspectCommand {
    /// `graphinspect lsp`: a language server beside sourcekit-lsp, run by the editor. The server
    /// reads Swift sources with swift-syntax, so it runs in `graphinspect-check`.
    public struct LanguageServerCommand: ParsableCommand {
        public static let configuration = CommandConfiguration(
            commandName: "lsp",
            abstract: "The graph in the editor: a language server (LSP 3.17 on standard input and output) beside sourcekit-lsp.",
            discussion: """
                Run by the editor, not by hand. Diagnostics are check's findings and the rules', \
                from the editor's unsaved text; hover on a lookup says where it is answered, on a \
                provider who uses it; definition goes from a lookup to its provider, references \
                from a provider to its lookups; a code lens counts each provider's lookups. The \
                workspace folders' Sources (else the folders) are read, with a cache in \
                .build/graphinspect-lsp. Editors' configurations: docs/editors.md.

                Exit codes: 0 after shutdown and exit, 1 when input ends first, 69 graphinspect-check not built.
                """
        )

        public init() {}

        public func run() throws {
            try CLIError.reported { try CompanionTool.lsp.replaceThisProcess(command: "lsp") }
        }
    }
}
