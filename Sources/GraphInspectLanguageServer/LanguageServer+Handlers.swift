import Foundation
import GraphInspectLSPProtocol
import GraphInspectLSPTransport

/// The messages the server handles, by type, and the handlers of the session's lifecycle and the
/// editor's documents. The answers are in LanguageServer+Answers.swift.
extension LanguageServer {
    static let handlers = MessageRegistry<LanguageServer>()
        .on(InitializeRequest.self, LanguageServer.initialize)
        .on(InitializedNotification.self, LanguageServer.ignore)
        .on(CancelRequestNotification.self, LanguageServer.ignore)
        .on(SetTraceNotification.self, LanguageServer.ignore)
        .on(DidChangeConfigurationNotification.self, LanguageServer.ignore)
        .on(DidSaveNotification.self, LanguageServer.ignore)
        .on(ShutdownRequest.self, LanguageServer.shutdown)
        .on(ExitNotification.self, LanguageServer.exit)
        .on(DidOpenNotification.self, LanguageServer.didOpen)
        .on(DidChangeNotification.self, LanguageServer.didChange)
        .on(DidCloseNotification.self, LanguageServer.didClose)
        .on(HoverRequest.self, LanguageServer.hover)
        .on(DefinitionRequest.self, LanguageServer.definition)
        .on(ImplementationRequest.self, LanguageServer.definition)
        .on(ReferencesRequest.self, LanguageServer.references)
        .on(CodeLensRequest.self, LanguageServer.codeLenses)
        .on(CodeActionRequest.self, LanguageServer.codeActions)

    /// The messages handled before `initialize`.
    static let beforeInitialize: Set<String> = [InitializeRequest.method, ExitNotification.method]

    func initialize(_ params: InitializeParams) -> InitializeResult? {
        roots = Self.roots(params)
        rules = roots.compactMap(rulesFor)
        initialized = true
        return InitializeResult(serverInfo: .init(version: "0.1.0"))
    }

    /// A notification the server has no use for (`didSave`: the editor's text was already read).
    func ignore(_ params: NoParams) {}

    func shutdown(_ params: NoParams) -> Empty? {
        shuttingDown = true
        return nil
    }

    func exit(_ params: NoParams) {
        exitStatus = shuttingDown ? 0 : 1
    }

    func didOpen(_ params: DidOpenParams) {
        guard let path = FileURI.path(params.textDocument.uri) else { return }
        documents.opened(path, text: params.textDocument.text)
        stale = true
    }

    func didChange(_ params: DidChangeParams) {
        guard let path = FileURI.path(params.textDocument.uri) else { return }
        for change in params.contentChanges { documents.changed(path, change) }
        stale = true
    }

    func didClose(_ params: DidCloseParams) {
        guard let path = FileURI.path(params.textDocument.uri) else { return }
        documents.closed(path)
        stale = true
    }

    /// The folders the editor opened: each one's `Sources` when it has one, as `check` reads a package.
    static func roots(_ params: InitializeParams) -> [String] {
        let uris = params.workspaceFolders?.map(\.uri) ?? params.rootUri.map { [$0] } ?? []
        var roots = uris.compactMap(FileURI.path)
        if roots.isEmpty, let path = params.rootPath { roots = [path] }
        if roots.isEmpty { roots = [FileManager.default.currentDirectoryPath] }
        return roots
    }
}
