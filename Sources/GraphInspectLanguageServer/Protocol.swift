import Foundation

/// The Language Server Protocol's messages this server reads and writes, as Codable values: only
/// the fields it uses (a decoder ignores the rest, so richer clients' messages decode too).

/// A request's id: a number or a string.
enum RequestID: Codable, Hashable, Sendable {
    case number(Int)
    case string(String)

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int.self) { self = .number(number) } else { self = .string(try container.decode(String.self)) }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .number(let number): try container.encode(number)
        case .string(let string): try container.encode(string)
        }
    }
}

/// What every incoming message says of itself: a request has an id and a method, a notification
/// a method alone, a response (to nothing this server asks) an id alone.
struct MessageHead: Decodable {
    var id: RequestID?
    var method: String?
}

/// An incoming message's parameters, decoded once its method is known.
struct MessageParams<Params: Decodable>: Decodable {
    var params: Params
}

/// A response: the result (JSON `null` when nil, as the protocol requires) or an error.
struct Response<Result: Encodable>: Encodable {
    var id: RequestID?
    var result: Result?
    var error: ResponseError?

    enum CodingKeys: String, CodingKey { case jsonrpc, id, result, error }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode("2.0", forKey: .jsonrpc)
        if let id { try container.encode(id, forKey: .id) } else { try container.encodeNil(forKey: .id) }
        if let error { try container.encode(error, forKey: .error) } else if let result { try container.encode(result, forKey: .result) } else { try container.encodeNil(forKey: .result) }
    }
}

struct ResponseError: Encodable, Equatable {
    var code: Int
    var message: String

    static let parseError = -32700
    static let invalidRequest = -32600
    static let methodNotFound = -32601
    static let invalidParams = -32602
    static let requestCancelled = -32800
    static let serverNotInitialized = -32002
}

struct Notification<Params: Encodable>: Encodable {
    var jsonrpc = "2.0"
    var method: String
    var params: Params
}

/// Nothing: a result of `null`.
struct Empty: Codable {}

struct Position: Codable, Hashable, Comparable {
    /// 0-based.
    var line: Int
    /// 0-based, in UTF-16 code units.
    var character: Int

    static func < (a: Self, b: Self) -> Bool { (a.line, a.character) < (b.line, b.character) }
}

struct Range: Codable, Hashable {
    var start: Position
    var end: Position

    func contains(_ position: Position) -> Bool { start <= position && position <= end }
}

struct Location: Codable, Hashable {
    var uri: String
    var range: Range
}

struct Diagnostic: Codable, Equatable {
    var range: Range
    /// 1 error, 2 warning, 3 information, 4 hint.
    var severity: Int
    var code: String?
    var source = "graphinspect"
    var message: String
    var relatedInformation: [RelatedInformation]?

    struct RelatedInformation: Codable, Equatable {
        var location: Location
        var message: String
    }
}

struct PublishDiagnosticsParams: Codable {
    var uri: String
    var diagnostics: [Diagnostic]
}

struct TextDocumentIdentifier: Codable {
    var uri: String
}

struct TextDocumentItem: Codable {
    var uri: String
    var languageId: String?
    var version: Int?
    var text: String
}

struct DidOpenParams: Codable {
    var textDocument: TextDocumentItem
}

struct DidChangeParams: Codable {
    struct Change: Codable {
        /// Absent: the whole text.
        var range: Range?
        var text: String
    }

    var textDocument: TextDocumentIdentifier
    var contentChanges: [Change]
}

struct DidCloseParams: Codable {
    var textDocument: TextDocumentIdentifier
}

struct TextDocumentPositionParams: Codable {
    var textDocument: TextDocumentIdentifier
    var position: Position
}

struct CodeLensParams: Codable {
    var textDocument: TextDocumentIdentifier
}

struct CodeActionParams: Codable {
    var textDocument: TextDocumentIdentifier
    var range: Range
}

struct TextEdit: Codable, Hashable {
    var range: Range
    var newText: String
}

/// A quick fix: its edits by file URI.
struct CodeAction: Codable, Equatable {
    struct WorkspaceEdit: Codable, Equatable {
        var changes: [String: [TextEdit]]
    }

    var title: String
    var kind = "quickfix"
    var diagnostics: [Diagnostic]?
    var isPreferred: Bool?
    var edit: WorkspaceEdit
}

struct Hover: Codable {
    struct Markup: Codable {
        var kind = "markdown"
        var value: String
    }

    var contents: Markup
    var range: Range?
}

struct CodeLens: Codable {
    struct Command: Codable {
        var title: String
        var command: String
    }

    var range: Range
    var command: Command
}

struct InitializeParams: Codable {
    struct Folder: Codable {
        var uri: String
        var name: String?
    }

    var rootUri: String?
    var rootPath: String?
    var workspaceFolders: [Folder]?
}

struct InitializeResult: Codable {
    struct Capabilities: Codable {
        struct Sync: Codable {
            var openClose = true
            /// 2: incremental.
            var change = 2
        }

        struct Lens: Codable {
            var resolveProvider = false
        }

        var positionEncoding = "utf-16"
        var textDocumentSync = Sync()
        var hoverProvider = true
        var definitionProvider = true
        var implementationProvider = true
        var referencesProvider = true
        var codeLensProvider = Lens()
        var codeActionProvider = true
    }

    struct ServerInfo: Codable {
        var name = "graphinspect"
        var version: String
    }

    var capabilities = Capabilities()
    var serverInfo: ServerInfo
}
