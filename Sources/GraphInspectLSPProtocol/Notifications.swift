/// The notifications the server reads, and the one it sends (`PublishDiagnosticsNotification`).

public enum InitializedNotification: LSPNotification {
    public static let method = "initialized"
    public typealias Params = NoParams
}

/// Ends the server: status 0 after `shutdown`, else 1.
public enum ExitNotification: LSPNotification {
    public static let method = "exit"
    public typealias Params = NoParams
}

public enum CancelRequestNotification: LSPNotification {
    public static let method = "$/cancelRequest"
    public typealias Params = NoParams
}

public enum SetTraceNotification: LSPNotification {
    public static let method = "$/setTrace"
    public typealias Params = NoParams
}

public enum DidChangeConfigurationNotification: LSPNotification {
    public static let method = "workspace/didChangeConfiguration"
    public typealias Params = NoParams
}

public enum DidOpenNotification: LSPNotification {
    public static let method = "textDocument/didOpen"
    public typealias Params = DidOpenParams
}

public enum DidChangeNotification: LSPNotification {
    public static let method = "textDocument/didChange"
    public typealias Params = DidChangeParams
}

public enum DidCloseNotification: LSPNotification {
    public static let method = "textDocument/didClose"
    public typealias Params = DidCloseParams
}

public enum DidSaveNotification: LSPNotification {
    public static let method = "textDocument/didSave"
    public typealias Params = NoParams
}

public enum PublishDiagnosticsNotification: LSPNotification {
    public static let method = "textDocument/publishDiagnostics"
    public typealias Params = PublishDiagnosticsParams
}
