/// The requests the server answers, each with its method and its types.

public enum InitializeRequest: LSPRequest {
    public static let method = "initialize"
    public typealias Params = InitializeParams
    public typealias Result = InitializeResult
}

/// Answered with `null`; `exit` after it ends the server cleanly.
public enum ShutdownRequest: LSPRequest {
    public static let method = "shutdown"
    public typealias Params = NoParams
    public typealias Result = Empty
}

public enum HoverRequest: LSPRequest {
    public static let method = "textDocument/hover"
    public typealias Params = TextDocumentPositionParams
    public typealias Result = Hover
}

public enum DefinitionRequest: LSPRequest {
    public static let method = "textDocument/definition"
    public typealias Params = TextDocumentPositionParams
    public typealias Result = [Location]
}

public enum ImplementationRequest: LSPRequest {
    public static let method = "textDocument/implementation"
    public typealias Params = TextDocumentPositionParams
    public typealias Result = [Location]
}

public enum ReferencesRequest: LSPRequest {
    public static let method = "textDocument/references"
    public typealias Params = TextDocumentPositionParams
    public typealias Result = [Location]
}

public enum CodeLensRequest: LSPRequest {
    public static let method = "textDocument/codeLens"
    public typealias Params = CodeLensParams
    public typealias Result = [CodeLens]
}

public enum CodeActionRequest: LSPRequest {
    public static let method = "textDocument/codeAction"
    public typealias Params = CodeActionParams
    public typealias Result = [CodeAction]
}
