/// The handshake: the folders the editor opened, and what the server can do.

public struct InitializeParams: Codable, Sendable {
    public struct Folder: Codable, Sendable {
        public var uri: String
        public var name: String?
    }

    public var rootUri: String?
    public var rootPath: String?
    public var workspaceFolders: [Folder]?
}

public struct InitializeResult: Codable, Sendable {
    public struct Capabilities: Codable, Sendable {
        public struct Sync: Codable, Sendable {
            public var openClose = true
            /// 2: incremental.
            public var change = 2
        }

        public struct Lens: Codable, Sendable {
            public var resolveProvider = false
        }

        public var positionEncoding = "utf-16"
        public var textDocumentSync = Sync()
        public var hoverProvider = true
        public var definitionProvider = true
        public var implementationProvider = true
        public var referencesProvider = true
        public var codeLensProvider = Lens()
        public var codeActionProvider = true
    }

    public struct ServerInfo: Codable, Sendable {
        public var name = "graphinspect"
        public var version: String

        public init(version: String) { self.version = version }
    }

    public var capabilities = Capabilities()
    public var serverInfo: ServerInfo

    public init(serverInfo: ServerInfo) { self.serverInfo = serverInfo }
}
