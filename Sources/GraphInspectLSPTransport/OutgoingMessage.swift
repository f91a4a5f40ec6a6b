import Foundation
import GraphInspectLSPProtocol

/// The bodies of the messages the server sends, as JSON-RPC wants them: keys sorted, slashes
/// unescaped, so the same answer is the same bytes.
public enum OutgoingMessage {
    /// A response: the result (JSON `null` when nil, as the protocol requires) or an error.
    private struct Response<Result: Encodable>: Encodable {
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

    private struct Notification<Params: Encodable>: Encodable {
        var jsonrpc = "2.0"
        var method: String
        var params: Params
    }

    /// The answer to the request `id`.
    public static func response<Result: Encodable>(_ id: RequestID?, _ result: Result?) -> Data? {
        encode(Response(id: id, result: result, error: nil))
    }

    /// A request's failure.
    public static func error(_ id: RequestID?, _ error: ResponseError) -> Data? {
        encode(Response<Empty>(id: id, result: nil, error: error))
    }

    /// A notification of type `N`.
    public static func notification<N: LSPNotification>(_ type: N.Type, _ params: N.Params) -> Data? {
        encode(Notification(method: N.method, params: params))
    }

    private static func encode<Message: Encodable>(_ message: Message) -> Data? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try? encoder.encode(message)
    }
}
