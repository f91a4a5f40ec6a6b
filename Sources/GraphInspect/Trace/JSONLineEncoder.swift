/// Encodes an `Encodable` value as one line of compact JSON, without Foundation.
///
/// The runtime writes trace lines with it, so traces use exactly the keys the `Codable`
/// conformances declare (which is what the reader decodes), in declaration order. Supports what
/// the event types use: keyed and unkeyed containers, strings, integers, booleans, nil.
///
/// It streams: text is appended as the value encodes itself, with no tree in between. Codable
/// encodes in order, so a container is complete once anything is written to one further out;
/// that is when its closing bracket is appended (and at the end, for the rest).
struct JSONLineEncoder {
    func encode(_ value: some Encodable) throws -> String {
        let output = Output()
        let encoder = LineEncoder(output: output, level: 0)
        try Scalar.write(value, with: encoder)
        output.close(to: 0)
        return output.text
    }
}

/// The line being written, and the containers still open in it, innermost last.
private final class Output {
    var text = ""
    /// Whether each open container is an object, and whether it has a member or element yet.
    var open: [(isObject: Bool, hasMember: Bool)] = []

    init() { text.reserveCapacity(256) }

    /// Closes containers until `level` remain open.
    func close(to level: Int) {
        while open.count > level { text += open.removeLast().isObject ? "}" : "]" }
    }

    /// Opens an object or array at the current level.
    func openContainer(object: Bool) {
        text += object ? "{" : "["
        open.append((object, false))
    }

    /// Starts a member (with its key) or element of the container at `level`, closing any deeper.
    func startItem(level: Int, key: String?) {
        close(to: level)
        if open[level - 1].hasMember { text += "," }
        open[level - 1].hasMember = true
        if let key {
            JSONString.append(key, to: &text)
            text += ":"
        }
    }
}

/// The encoder of one value, written at `level` (the number of containers open around it).
private final class LineEncoder: Encoder {
    let output: Output
    let level: Int
    /// Whether this value has begun (a container opened or a scalar written): a value encoded
    /// twice into one encoder (an enum's tag, then its payload) shares the container.
    var started: Container?
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] = [:]

    enum Container { case object, array, scalar }

    init(output: Output, level: Int) {
        self.output = output
        self.level = level
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if started == nil {
            output.close(to: level)
            output.openContainer(object: true)
            started = .object
        }
        return KeyedEncodingContainer(KeyedContainer<Key>(output: output, level: level + 1))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if started == nil {
            output.close(to: level)
            output.openContainer(object: false)
            started = .array
        }
        return UnkeyedContainer(output: output, level: level + 1)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleContainer(encoder: self)
    }
}

/// Writes scalars as text; anything else encodes itself through a nested `LineEncoder`.
private enum Scalar {
    static func write(_ value: some Encodable, with encoder: LineEncoder) throws {
        if let text = try literal(value) {
            encoder.output.close(to: encoder.level)
            encoder.output.text += text
            encoder.started = .scalar
            return
        }
        try value.encode(to: encoder)
        if encoder.started == nil {
            // A value that wrote nothing at all.
            encoder.output.text += "null"
            encoder.started = .scalar
        }
    }

    /// The JSON text of a scalar, or nil for a value that encodes itself.
    static func literal(_ value: some Encodable) throws -> String? {
        switch value {
        case let id as ObjectID: return String(id.rawValue)
        case let string as String:
            var out = ""
            JSONString.append(string, to: &out)
            return out
        case let bool as Bool: return bool ? "true" : "false"
        case let int as Int: return String(int)
        case let int as UInt64: return String(int)
        case let int as Int64: return String(int)
        case let int as UInt: return String(int)
        case let int as Int32: return String(int)
        case let int as UInt32: return String(int)
        case let double as Double:
            guard double.isFinite else {
                throw EncodingError.invalidValue(double, .init(codingPath: [], debugDescription: "JSON has no \(double)"))
            }
            return String(double)
        default: return nil
        }
    }

    /// Writes `value` as the next item of the container at `level`.
    static func item(_ value: some Encodable, key: String?, output: Output, level: Int) throws {
        output.startItem(level: level, key: key)
        if let text = try literal(value) {
            output.text += text
        } else {
            try write(value, with: LineEncoder(output: output, level: level))
        }
    }

    /// A string member or element, without a cast.
    static func item(string: String, key: String?, output: Output, level: Int) {
        output.startItem(level: level, key: key)
        JSONString.append(string, to: &output.text)
    }

    /// Any other scalar member or element, as its text.
    static func item(text: String, key: String?, output: Output, level: Int) {
        output.startItem(level: level, key: key)
        output.text += text
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let output: Output
    /// The number of containers open up to and including this one.
    let level: Int
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws {
        output.startItem(level: level, key: key.stringValue)
        output.text += "null"
    }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try Scalar.item(value, key: key.stringValue, output: output, level: level)
    }
    // The scalars synthesized conformances encode most, without a dynamic cast.
    mutating func encode(_ value: String, forKey key: Key) throws {
        Scalar.item(string: value, key: key.stringValue, output: output, level: level)
    }
    mutating func encode(_ value: Bool, forKey key: Key) throws {
        Scalar.item(text: value ? "true" : "false", key: key.stringValue, output: output, level: level)
    }
    mutating func encode(_ value: Int, forKey key: Key) throws {
        Scalar.item(text: String(value), key: key.stringValue, output: output, level: level)
    }
    mutating func encode(_ value: UInt64, forKey key: Key) throws {
        Scalar.item(text: String(value), key: key.stringValue, output: output, level: level)
    }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        output.startItem(level: level, key: key.stringValue)
        output.openContainer(object: true)
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(output: output, level: level + 1))
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        output.startItem(level: level, key: key.stringValue)
        output.openContainer(object: false)
        return UnkeyedContainer(output: output, level: level + 1)
    }
    mutating func superEncoder() -> any Encoder {
        output.startItem(level: level, key: "super")
        return LineEncoder(output: output, level: level)
    }
    mutating func superEncoder(forKey key: Key) -> any Encoder {
        output.startItem(level: level, key: key.stringValue)
        return LineEncoder(output: output, level: level)
    }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let output: Output
    let level: Int
    private(set) var count = 0
    var codingPath: [any CodingKey] { [] }

    init(output: Output, level: Int) {
        self.output = output
        self.level = level
    }

    mutating func encodeNil() throws {
        output.startItem(level: level, key: nil)
        output.text += "null"
        count += 1
    }
    mutating func encode<T: Encodable>(_ value: T) throws {
        try Scalar.item(value, key: nil, output: output, level: level)
        count += 1
    }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        output.startItem(level: level, key: nil)
        output.openContainer(object: true)
        count += 1
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(output: output, level: level + 1))
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        output.startItem(level: level, key: nil)
        output.openContainer(object: false)
        count += 1
        return UnkeyedContainer(output: output, level: level + 1)
    }
    mutating func superEncoder() -> any Encoder {
        output.startItem(level: level, key: nil)
        count += 1
        return LineEncoder(output: output, level: level)
    }
}

private struct SingleContainer: SingleValueEncodingContainer {
    let encoder: LineEncoder
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() throws {
        encoder.output.close(to: encoder.level)
        encoder.output.text += "null"
        encoder.started = .scalar
    }
    mutating func encode<T: Encodable>(_ value: T) throws { try Scalar.write(value, with: encoder) }
}
