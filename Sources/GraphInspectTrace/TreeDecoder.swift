import Foundation

/// A `Decoder` over a parsed value. Every mismatch gives up; the fallback words the error.
struct TreeDecoder: Decoder {
    let value: JSONValue
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else { throw LineDecoder.GiveUp() }
        return KeyedDecodingContainer(KeyedContainer<Key>(members: members))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else { throw LineDecoder.GiveUp() }
        return UnkeyedContainer(elements: elements)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleContainer(value: value)
    }
}

/// Scalars from a value: what the trace's types hold.
private enum Scalar {
    static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        switch value {
        case .string(let text) where type == String.self: return text as! T
        case .bool(let flag) where type == Bool.self: return flag as! T
        case .integer(let number):
            if type == Int.self, let int = Int(exactly: number) { return int as! T }
            if type == UInt64.self, let int = UInt64(exactly: number) { return int as! T }
            if type == Int64.self { return number as! T }
            if type == UInt.self, let int = UInt(exactly: number) { return int as! T }
            if type == Int32.self, let int = Int32(exactly: number) { return int as! T }
            if type == UInt32.self, let int = UInt32(exactly: number) { return int as! T }
            if type == Double.self { return Double(number) as! T }
        default: break
        }
        if type == String.self || type == Bool.self || type == Int.self || type == UInt64.self || type == Double.self {
            throw LineDecoder.GiveUp()
        }
        return try T(from: TreeDecoder(value: value))
    }
}

struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [(key: String, value: JSONValue)]
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { members.compactMap { Key(stringValue: $0.key) } }

    private func member(_ key: Key) -> JSONValue? {
        let name = key.stringValue
        return members.first { $0.key == name }?.value
    }

    func contains(_ key: Key) -> Bool { member(key) != nil }

    func decodeNil(forKey key: Key) throws -> Bool {
        guard let value = member(key) else { throw LineDecoder.GiveUp() }
        if case .null = value { return true }
        return false
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        guard let value = member(key) else { throw LineDecoder.GiveUp() }
        return try Scalar.decode(type, from: value)
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let value = member(key) else { return nil }
        if case .null = value { return nil }
        return try Scalar.decode(type, from: value)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        guard let value = member(key) else { throw LineDecoder.GiveUp() }
        return try TreeDecoder(value: value).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        guard let value = member(key) else { throw LineDecoder.GiveUp() }
        return try TreeDecoder(value: value).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { throw LineDecoder.GiveUp() }
    func superDecoder(forKey key: Key) throws -> any Decoder { throw LineDecoder.GiveUp() }
}

struct UnkeyedContainer: UnkeyedDecodingContainer {
    let elements: [JSONValue]
    var currentIndex = 0
    var codingPath: [any CodingKey] { [] }
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd else { throw LineDecoder.GiveUp() }
        if case .null = elements[currentIndex] { currentIndex += 1; return true }
        return false
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        guard !isAtEnd else { throw LineDecoder.GiveUp() }
        let value = try Scalar.decode(type, from: elements[currentIndex])
        currentIndex += 1
        return value
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        guard !isAtEnd else { throw LineDecoder.GiveUp() }
        defer { currentIndex += 1 }
        return try TreeDecoder(value: elements[currentIndex]).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard !isAtEnd else { throw LineDecoder.GiveUp() }
        defer { currentIndex += 1 }
        return try TreeDecoder(value: elements[currentIndex]).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder { throw LineDecoder.GiveUp() }
}

struct SingleContainer: SingleValueDecodingContainer {
    let value: JSONValue
    var codingPath: [any CodingKey] { [] }

    func decodeNil() -> Bool {
        if case .null = value { return true }
        return false
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try Scalar.decode(type, from: value)
    }
}
