/// What the server answers requests with: hover text, code lenses, quick fixes.

public struct Hover: Codable, Sendable {
    public struct Markup: Codable, Sendable {
        public var kind = "markdown"
        public var value: String

        public init(value: String) { self.value = value }
    }

    public var contents: Markup
    public var range: Range?

    public init(contents: Markup, range: Range?) {
        self.contents = contents
        self.range = range
    }
}

public struct CodeLens: Codable, Sendable {
    public struct Command: Codable, Sendable {
        public var title: String
        public var command: String

        public init(title: String, command: String) {
            self.title = title
            self.command = command
        }
    }

    public var range: Range
    public var command: Command

    public init(range: Range, command: Command) {
        self.range = range
        self.command = command
    }
}

/// A quick fix: its edits by file URI.
public struct CodeAction: Codable, Equatable, Sendable {
    public struct WorkspaceEdit: Codable, Equatable, Sendable {
        public var changes: [String: [TextEdit]]

        public init(changes: [String: [TextEdit]]) { self.changes = changes }
    }

    public var title: String
    public var kind = "quickfix"
    public var diagnostics: [Diagnostic]?
    public var isPreferred: Bool?
    public var edit: WorkspaceEdit

    public init(title: String, diagnostics: [Diagnostic]?, isPreferred: Bool?, edit: WorkspaceEdit) {
        self.title = title
        self.diagnostics = diagnostics
        self.isPreferred = isPreferred
        self.edit = edit
    }
}
