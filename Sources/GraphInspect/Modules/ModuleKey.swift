/// The key a module is found by in the holder tree.
///
/// Replaces the article's `SupportedModules` enum: declare keys as constants
/// (`extension ModuleKey { static let settings: ModuleKey = "settings" }`); lookups also accept
/// any `RawRepresentable` enum with `String` raw values.
public struct ModuleKey: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }

    /// Converts an enum key like the article's `SupportedModules`.
    public init<Key: RawRepresentable>(_ key: Key) where Key.RawValue == String {
        rawValue = key.rawValue
    }

    public var description: String { rawValue }
}
