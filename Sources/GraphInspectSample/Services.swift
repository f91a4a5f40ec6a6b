/// The sample app's services: small, real and deterministic, so dumps are the same every run.

/// Counts named events; the root component provides one for the whole app.
public final class Analytics: @unchecked Sendable {
    private var counts: [String: Int] = [:]
    public init() {}
    public func track(_ event: String) { counts[event, default: 0] += 1 }
}

/// Fetches data; provided at the root.
public final class NetworkClient: Sendable {
    public let baseURL: String
    public init(baseURL: String) { self.baseURL = baseURL }
}

/// Keeps the signed-in user's settings; built lazily at the root, on first lookup.
public final class SettingsStore: Sendable {
    public let network: NetworkClient?
    public init(network: NetworkClient? = nil) { self.network = network }
}

/// Caches decoded images; one per component through `shared`.
public final class ImageCache: Sendable {
    public init() {}
}

/// Loads and saves the user's profile; provided by the profile holder's component.
public final class ProfileStore: Sendable {
    public let network: NetworkClient
    public init(network: NetworkClient) { self.network = network }
}

/// Charges cards; the profile area has one for subscriptions.
public final class PaymentService: Sendable {
    public init() {}
}

/// Remote feature switches; the app's, unless an area brings its own.
public final class FeatureFlags: Sendable {
    public init() {}
}

/// The colours and fonts of the app.
public struct Theme: Sendable, Equatable {
    public var name: String
    public init(name: String) { self.name = name }
}

/// How avatars are drawn; provided by the avatar module's own component.
public struct AvatarStyle: Sendable, Equatable {
    public var diameter: Int
    public init(diameter: Int) { self.diameter = diameter }
}
