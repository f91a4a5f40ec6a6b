/// A request's failure as JSON-RPC says it: a code and a message. Every error the server answers
/// with is worded here.
public struct ResponseError: Codable, Equatable, Sendable {
    public var code: Int
    public var message: String

    public init(code: Int, message: String) {
        self.code = code
        self.message = message
    }

    public static let parseError = -32700
    public static let invalidRequest = -32600
    public static let methodNotFound = -32601
    public static let invalidParams = -32602
    public static let requestCancelled = -32800
    public static let serverNotInitialized = -32002

    /// The body is not JSON, or not an object with the fields of a message.
    public static let notJSONRPC = ResponseError(code: parseError, message: "not a JSON-RPC message")
    /// A request other than `initialize` before it.
    public static let notInitialized = ResponseError(code: serverNotInitialized, message: "initialize first")

    /// A method the server has no handler for.
    public static func notAnswered(_ method: String) -> ResponseError {
        ResponseError(code: methodNotFound, message: "graphinspect lsp does not answer \(method)")
    }

    /// Parameters that do not decode as the method's.
    public static func badParams(_ method: String, _ error: any Error) -> ResponseError {
        ResponseError(code: invalidParams, message: "\(method): \(error)")
    }
}
