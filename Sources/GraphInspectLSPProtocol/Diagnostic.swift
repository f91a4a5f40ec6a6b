/// A finding shown on a range of a file.
public struct Diagnostic: Codable, Equatable, Sendable {
    public var range: Range
    /// 1 error, 2 warning, 3 information, 4 hint.
    public var severity: Int
    public var code: String?
    public var source = "graphinspect"
    public var message: String
    public var relatedInformation: [RelatedInformation]?

    public struct RelatedInformation: Codable, Equatable, Sendable {
        public var location: Location
        public var message: String

        public init(location: Location, message: String) {
            self.location = location
            self.message = message
        }
    }

    public init(range: Range, severity: Int, code: String?, message: String, relatedInformation: [RelatedInformation]?) {
        self.range = range
        self.severity = severity
        self.code = code
        self.message = message
        self.relatedInformation = relatedInformation
    }
}

/// Every finding of one file, replacing those published before.
public struct PublishDiagnosticsParams: Codable, Sendable {
    public var uri: String
    public var diagnostics: [Diagnostic]

    public init(uri: String, diagnostics: [Diagnostic]) {
        self.uri = uri
        self.diagnostics = diagnostics
    }
}
