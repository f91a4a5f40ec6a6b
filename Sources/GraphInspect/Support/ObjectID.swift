/// Identifies one runtime object (component, module, holder, router, view component) or one
/// builder run within a process or a snapshot.
///
/// The runtime numbers objects from a process-wide counter, so raw ids depend on what else the
/// process did. A snapshot renumbers them 1, 2, 3... in the order they were recorded, which makes
/// snapshots of the same run identical.
public struct ObjectID: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: UInt64

    public init(_ rawValue: UInt64) { self.rawValue = rawValue }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(UInt64.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public static func < (lhs: ObjectID, rhs: ObjectID) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { "#\(rawValue)" }

    static let counter = Locked<UInt64>(0)

    /// A fresh id, unique in this process.
    static func next() -> ObjectID {
        ObjectID(counter.withLock { value in
            value += 1
            return value
        })
    }
}
