/// A request of the Language Server Protocol as a type: its method, what it carries, what it is
/// answered with. Servers register a handler per type; nothing dispatches on the method's text.
public protocol LSPRequest: Sendable {
    associatedtype Params: Decodable & Sendable
    associatedtype Result: Encodable & Sendable
    static var method: String { get }
}

/// A notification (a message that is not answered) as a type: its method and what it carries.
public protocol LSPNotification: Sendable {
    associatedtype Params: Codable & Sendable
    static var method: String { get }
}

/// The parameters of a message that has none, or whose parameters this server does not read: never
/// decoded, so a client may leave `params` out or send any.
public struct NoParams: Codable, Sendable {
    public init() {}
}

/// Nothing: a result of `null`.
public struct Empty: Codable, Sendable {
    public init() {}
}
