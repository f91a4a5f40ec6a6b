/// What the editor says of its documents: which file, its text, the edits made to it, a place in it.

public struct TextDocumentIdentifier: Codable, Sendable {
    public var uri: String
}

public struct TextDocumentItem: Codable, Sendable {
    public var uri: String
    public var languageId: String?
    public var version: Int?
    public var text: String
}

public struct DidOpenParams: Codable, Sendable {
    public var textDocument: TextDocumentItem
}

public struct DidChangeParams: Codable, Sendable {
    public struct Change: Codable, Sendable {
        /// Absent: the whole text.
        public var range: Range?
        public var text: String
    }

    public var textDocument: TextDocumentIdentifier
    public var contentChanges: [Change]
}

public struct DidCloseParams: Codable, Sendable {
    public var textDocument: TextDocumentIdentifier
}

public struct TextDocumentPositionParams: Codable, Sendable {
    public var textDocument: TextDocumentIdentifier
    public var position: Position
}

public struct CodeLensParams: Codable, Sendable {
    public var textDocument: TextDocumentIdentifier
}

public struct CodeActionParams: Codable, Sendable {
    public var textDocument: TextDocumentIdentifier
    public var range: Range
}
