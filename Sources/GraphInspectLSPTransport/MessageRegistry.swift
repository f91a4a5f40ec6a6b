import Foundation
import GraphInspectLSPProtocol

/// The handlers of a server (`Receiver`) by message type: each registered request or notification
/// type's parameters are decoded as that type and handed to its handler, a method of the server.
/// Parameters that do not decode are answered with an error (when the message has an id); a
/// method nobody registered, with `methodNotFound`.
public struct MessageRegistry<Receiver: AnyObject & Sendable>: Sendable {
    /// Handles one message; returns the response's body, if any.
    private typealias Handler = @Sendable (Receiver, IncomingMessage) -> Data?
    private var handlers: [String: Handler] = [:]

    public init() {}

    /// Answers `R` with `answer` (its result, or nil for `null`).
    public func on<R: LSPRequest>(_ request: R.Type, _ answer: @escaping @Sendable (Receiver) -> (R.Params) -> R.Result?) -> Self {
        var registry = self
        registry.handlers[R.method] = { receiver, message in
            let params: R.Params
            do { params = try message.params(R.Params.self) } catch { return Self.refusal(of: message, R.method, error) }
            return OutgoingMessage.response(message.id, answer(receiver)(params))
        }
        return registry
    }

    /// Hands `N`'s parameters to `handle`.
    public func on<N: LSPNotification>(_ notification: N.Type, _ handle: @escaping @Sendable (Receiver) -> (N.Params) -> Void) -> Self {
        var registry = self
        registry.handlers[N.method] = { receiver, message in
            let params: N.Params
            do { params = try message.params(N.Params.self) } catch { return Self.refusal(of: message, N.method, error) }
            handle(receiver)(params)
            return nil
        }
        return registry
    }

    /// Handles `message` (whose method is `method`) with the handler registered for it; returns
    /// the response to send, if any.
    public func dispatch(_ message: IncomingMessage, method: String, to receiver: Receiver) -> Data? {
        guard let handler = handlers[method] else { return message.id == nil ? nil : OutgoingMessage.error(message.id, .notAnswered(method)) }
        return handler(receiver, message)
    }

    /// Parameters that do not decode: an error for a request, nothing for a notification.
    private static func refusal(of message: IncomingMessage, _ method: String, _ error: any Error) -> Data? {
        message.id == nil ? nil : OutgoingMessage.error(message.id, .badParams(method, error))
    }
}
