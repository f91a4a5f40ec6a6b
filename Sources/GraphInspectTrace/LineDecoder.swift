import Foundation
import GraphInspect

/// Decodes one trace line into a `Decodable` value without Foundation's `JSONDecoder`: a strict
/// JSON parser into a small tree, and a `Decoder` over it.
///
/// The reader's fast path, nothing more. It accepts a subset of what `JSONDecoder` accepts, with
/// the same meaning: objects without duplicate keys, integers without fraction or exponent,
/// strings with every JSON escape. Anything else (and any decoding failure) throws, and the reader
/// falls back to `JSONDecoder`, which then decides, and words any error, exactly as before.
struct LineDecoder {
    /// Why the fast path gave up; never shown (the fallback decides).
    struct GiveUp: Error {}

    func decode<T: Decodable>(_ type: T.Type, from bytes: UnsafeRawBufferPointer) throws -> T {
        var parser = Parser(bytes: bytes)
        let value = try parser.parseDocument()
        return try T(from: TreeDecoder(value: value))
    }

    /// A trace event. `lookup` lines, most of a trace, are built straight from the parsed tree
    /// (the generic `Decoder` machinery cost more than the parse: about half of reading a
    /// 1,000,000-line trace); every other event goes through `GraphEvent`'s `Decodable`. Same
    /// meaning as `JSONDecoder`'s (the line-decoder fuzzer compares them): unknown fields ignored,
    /// `null` for an optional field is absent, anything else unexpected gives up.
    func decodeEvent(from bytes: UnsafeRawBufferPointer) throws -> GraphEvent {
        var parser = Parser(bytes: bytes)
        let value = try parser.parseDocument()
        if case .object(let members) = value, let lookup = try Self.lookup(members) { return .lookup(lookup) }
        return try GraphEvent(from: TreeDecoder(value: value))
    }

    /// The lookup a `"event":"lookup"` object holds; nil for any other event.
    private static func lookup(_ members: [(key: String, value: Value)]) throws -> DependencyLookup? {
        guard members.contains(where: { $0.key == "event" && $0.value.isString("lookup") }) else { return nil }
        var requester: ObjectID?, name: String?, type: String?, walk: [ObjectID]?, cacheHit: Bool?
        var provider: ObjectID?, location: SourceLocation?, repeats: Int?
        for (key, value) in members {
            switch key {
            case "requester": requester = try value.id()
            case "name": name = try value.string()
            case "type": type = try value.string()
            case "walk": walk = try value.elements().map { try $0.id() }
            case "cacheHit": cacheHit = try value.bool()
            case "provider": provider = value.isNull ? nil : try value.id()
            case "repeats": repeats = value.isNull ? nil : Int(try value.integer())
            case "location":
                guard !value.isNull else { continue }
                guard case .object(let fields) = value,
                      let file = try fields.first(where: { $0.key == "file" })?.value.string(),
                      let line = try fields.first(where: { $0.key == "line" })?.value.integer()
                else { throw GiveUp() }
                location = SourceLocation(file: file, line: Int(line))
            default: continue
            }
        }
        guard let requester, let name, let type, let walk, let cacheHit else { throw GiveUp() }
        return DependencyLookup(requester: requester, name: name, type: type, walk: walk, provider: provider,
                                cacheHit: cacheHit, location: location, repeats: repeats)
    }
}

/// Reading a parsed value as one type, or giving up.
extension Value {
    fileprivate var isNull: Bool { if case .null = self { true } else { false } }

    fileprivate func isString(_ text: String) -> Bool { if case .string(let value) = self { value == text } else { false } }

    fileprivate func string() throws -> String {
        guard case .string(let value) = self else { throw LineDecoder.GiveUp() }
        return value
    }

    fileprivate func bool() throws -> Bool {
        guard case .bool(let value) = self else { throw LineDecoder.GiveUp() }
        return value
    }

    fileprivate func integer() throws -> Int64 {
        guard case .integer(let value) = self else { throw LineDecoder.GiveUp() }
        return value
    }

    /// An id: a non-negative integer.
    fileprivate func id() throws -> ObjectID {
        let value = try integer()
        guard value >= 0 else { throw LineDecoder.GiveUp() }
        return ObjectID(UInt64(value))
    }

    fileprivate func elements() throws -> [Value] {
        guard case .array(let values) = self else { throw LineDecoder.GiveUp() }
        return values
    }
}

/// A parsed JSON value.
private indirect enum Value {
    case null
    case bool(Bool)
    case integer(Int64)
    case string(String)
    case array([Value])
    case object([(key: String, value: Value)])
}

/// Recursive descent over the line's bytes, nesting at most `maxDepth` deep (hostile input cannot
/// overflow the stack).
private struct Parser {
    let bytes: UnsafeRawBufferPointer
    var index = 0
    static let maxDepth = 32

    init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    mutating func parseDocument() throws -> Value {
        let value = try parseValue(depth: 0)
        skipSpace()
        guard index == bytes.count else { throw LineDecoder.GiveUp() }
        return value
    }

    private mutating func skipSpace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    private mutating func parseValue(depth: Int) throws -> Value {
        guard depth < Self.maxDepth else { throw LineDecoder.GiveUp() }
        skipSpace()
        guard index < bytes.count else { throw LineDecoder.GiveUp() }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth)
        case UInt8(ascii: "["): return try parseArray(depth: depth)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expect("true"); return .bool(true)
        case UInt8(ascii: "f"): try expect("false"); return .bool(false)
        case UInt8(ascii: "n"): try expect("null"); return .null
        default: return .integer(try parseInteger())
        }
    }

    private mutating func expect(_ word: StaticString) throws {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw LineDecoder.GiveUp() }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { throw LineDecoder.GiveUp() }
        index += count
    }

    private mutating func parseObject(depth: Int) throws -> Value {
        index += 1
        var members: [(key: String, value: Value)] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
        while true {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw LineDecoder.GiveUp() }
            let key = try parseString()
            guard !members.contains(where: { $0.key == key }) else { throw LineDecoder.GiveUp() }
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw LineDecoder.GiveUp() }
            index += 1
            members.append((key, try parseValue(depth: depth + 1)))
            skipSpace()
            guard index < bytes.count else { throw LineDecoder.GiveUp() }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            guard bytes[index] == UInt8(ascii: "}") else { throw LineDecoder.GiveUp() }
            index += 1
            return .object(members)
        }
    }

    private mutating func parseArray(depth: Int) throws -> Value {
        index += 1
        var elements: [Value] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(elements) }
        while true {
            elements.append(try parseValue(depth: depth + 1))
            skipSpace()
            guard index < bytes.count else { throw LineDecoder.GiveUp() }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            guard bytes[index] == UInt8(ascii: "]") else { throw LineDecoder.GiveUp() }
            index += 1
            return .array(elements)
        }
    }

    /// `-?(0|[1-9][0-9]*)` within Int64; a fraction or exponent gives up.
    private mutating func parseInteger() throws -> Int64 {
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        let start = index
        var value: Int64 = 0
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
            let digit = Int64(bytes[index] - UInt8(ascii: "0"))
            let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times.addingReportingOverflow(digit)
            guard !overflow1, !overflow2 else { throw LineDecoder.GiveUp() }
            value = sum
            index += 1
        }
        let digits = index - start
        guard digits > 0, !(digits > 1 && bytes[start] == UInt8(ascii: "0")), !(negative && value == 0) else { throw LineDecoder.GiveUp() }
        if index < bytes.count, [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(bytes[index]) {
            throw LineDecoder.GiveUp()
        }
        return negative ? -value : value
    }

    /// A string, its escapes resolved; the raw bytes when there are none.
    private mutating func parseString() throws -> String {
        index += 1
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                // Invalid UTF-8 would have been replaced: leave that to the fallback.
                guard text.utf8.count == index - start else { throw LineDecoder.GiveUp() }
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { return try parseEscapedString(from: start) }
            guard byte >= 0x20 else { throw LineDecoder.GiveUp() }
            index += 1
        }
        throw LineDecoder.GiveUp()
    }

    private mutating func parseEscapedString(from start: Int) throws -> String {
        var utf8 = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                guard let text = String(validating: utf8, as: UTF8.self) else { throw LineDecoder.GiveUp() }
                return text
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { throw LineDecoder.GiveUp() }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try parseHex4()
                    if (0xD800...0xDBFF).contains(scalar) {
                        try expect("\\u")
                        let low = try parseHex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw LineDecoder.GiveUp() }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let unicode = Unicode.Scalar(scalar) else { throw LineDecoder.GiveUp() }
                    utf8.append(contentsOf: Array(String(Character(unicode)).utf8))
                default: throw LineDecoder.GiveUp()
                }
            default:
                guard byte >= 0x20 else { throw LineDecoder.GiveUp() }
                utf8.append(byte)
                index += 1
            }
        }
        throw LineDecoder.GiveUp()
    }

    private mutating func parseHex4() throws -> UInt32 {
        guard index + 4 <= bytes.count else { throw LineDecoder.GiveUp() }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw LineDecoder.GiveUp()
            }
            value = value * 16 + UInt32(digit)
            index += 1
        }
        return value
    }
}

/// A `Decoder` over a parsed value. Every mismatch gives up; the fallback words the error.
private struct TreeDecoder: Decoder {
    let value: Value
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
    static func decode<T: Decodable>(_ type: T.Type, from value: Value) throws -> T {
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

private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [(key: String, value: Value)]
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { members.compactMap { Key(stringValue: $0.key) } }

    private func member(_ key: Key) -> Value? {
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

private struct UnkeyedContainer: UnkeyedDecodingContainer {
    let elements: [Value]
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

private struct SingleContainer: SingleValueDecodingContainer {
    let value: Value
    var codingPath: [any CodingKey] { [] }

    func decodeNil() -> Bool {
        if case .null = value { return true }
        return false
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try Scalar.decode(type, from: value)
    }
}

/// For the fuzzers (`fuzz-line-decoder`): whether the fast path agrees with `JSONDecoder` on one
/// line. The fast path may give up; when it decodes an event, `JSONDecoder` must decode the same.
@_spi(Fuzzing)
public func lineDecodersAgree(on line: [UInt8]) -> Bool {
    guard let fast = line.withUnsafeBytes({ try? LineDecoder().decodeEvent(from: $0) }) else { return true }
    return (try? JSONDecoder().decode(GraphEvent.self, from: Data(line))) == fast
}
