import Foundation
import GraphInspectLSPProtocol

/// A message read from the client, its envelope decoded: a request has an id and a method, a
/// notification a method alone, a response (to nothing this server asks) an id alone. Its
/// parameters are decoded once the handler for its method says what type they are.
public struct IncomingMessage: Sendable {
    public let id: RequestID?
    public let method: String?
    private let body: Data

    private struct Head: Decodable {
        var id: RequestID?
        var method: String?
    }

    private struct Params<P: Decodable>: Decodable {
        var params: P
    }

    /// Nil when the body is not a JSON-RPC message.
    public init?(body: [UInt8]) {
        self.body = Data(body)
        guard let head = try? JSONDecoder().decode(Head.self, from: self.body) else { return nil }
        id = head.id
        method = head.method
    }

    /// The message's parameters as `P`; `NoParams` is not read at all.
    public func params<P: Decodable>(_ type: P.Type) throws -> P {
        if let none = NoParams() as? P { return none }
        return try JSONDecoder().decode(Params<P>.self, from: body).params
    }
}
