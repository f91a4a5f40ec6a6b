/// Encodes an `Encodable` value as one line of compact JSON, without Foundation.
///
/// The runtime writes trace lines with it, so traces use exactly the keys the `Codable`
/// conformances declare (which is what the reader decodes), in declaration order. Supports what
/// the event types use: keyed and unkeyed containers, strings, integers, booleans, nil.
struct JSONLineEncoder {
    func encode(_ value: some Encodable) throws -> String {
        let encoder = LineEncoder()
        try value.encode(to: encoder)
        return encoder.root.rendered()
    }
}

/// A JSON value being built. Members and elements are appended in place (a class's stored
/// arrays, uniquely referenced), so building an event is linear in its size.
private final class Node {
    enum Kind { case empty, scalar, object, array }

    var kind = Kind.empty
    var scalar = ""
    var members: [(key: String, node: Node)] = []
    var elements: [Node] = []

    func rendered() -> String {
        var out = ""
        out.reserveCapacity(256)
        render(into: &out)
        return out
    }

    func render(into out: inout String) {
        switch kind {
        case .empty: out += "null"
        case .scalar: out += scalar
        case .object:
            out += "{"
            for index in members.indices {
                if index > 0 { out += "," }
                JSONString.append(members[index].key, to: &out)
                out += ":"
                members[index].node.render(into: &out)
            }
            out += "}"
        case .array:
            out += "["
            for index in elements.indices {
                if index > 0 { out += "," }
                elements[index].render(into: &out)
            }
            out += "]"
        }
    }

    func setScalar(_ text: String) {
        kind = .scalar
        scalar = text
    }

    func becomeObject() {
        if kind != .object { kind = .object; members = [] }
    }

    func becomeArray() {
        if kind != .array { kind = .array; elements = [] }
    }

    func member(_ key: String) -> Node {
        becomeObject()
        let node = Node()
        members.append((key, node))
        return node
    }

    func element() -> Node {
        becomeArray()
        let node = Node()
        elements.append(node)
        return node
    }
}

/// JSON string literals.
enum JSONString {
    /// Appends `text` as a quoted JSON string, escaping quotes, backslashes and control characters.
    static func append(_ text: String, to out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}

private final class LineEncoder: Encoder {
    let root: Node
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] = [:]

    init(root: Node = Node()) { self.root = root }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        root.becomeObject()
        return KeyedEncodingContainer(KeyedContainer<Key>(node: root))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        root.becomeArray()
        return UnkeyedContainer(node: root)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleContainer(node: root)
    }
}

/// Renders scalars; everything else is encoded through a nested `LineEncoder`.
private enum Scalar {
    static func set(_ node: Node, _ value: some Encodable) throws {
        switch value {
        case let string as String:
            var out = ""
            JSONString.append(string, to: &out)
            node.setScalar(out)
        case let bool as Bool: node.setScalar(bool ? "true" : "false")
        case let int as Int: node.setScalar(String(int))
        case let int as UInt64: node.setScalar(String(int))
        case let int as Int64: node.setScalar(String(int))
        case let int as UInt: node.setScalar(String(int))
        case let int as Int32: node.setScalar(String(int))
        case let int as UInt32: node.setScalar(String(int))
        case let double as Double:
            guard double.isFinite else {
                throw EncodingError.invalidValue(double, .init(codingPath: [], debugDescription: "JSON has no \(double)"))
            }
            node.setScalar(String(double))
        default:
            try value.encode(to: LineEncoder(root: node))
        }
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: Node
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws { node.member(key.stringValue).setScalar("null") }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try Scalar.set(node.member(key.stringValue), value)
    }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let child = node.member(key.stringValue)
        child.becomeObject()
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(node: child))
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = node.member(key.stringValue)
        child.becomeArray()
        return UnkeyedContainer(node: child)
    }
    mutating func superEncoder() -> any Encoder { LineEncoder(root: node.member("super")) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { LineEncoder(root: node.member(key.stringValue)) }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let node: Node
    var codingPath: [any CodingKey] { [] }
    var count: Int { node.elements.count }

    mutating func encodeNil() throws { node.element().setScalar("null") }
    mutating func encode<T: Encodable>(_ value: T) throws { try Scalar.set(node.element(), value) }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let child = node.element()
        child.becomeObject()
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(node: child))
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let child = node.element()
        child.becomeArray()
        return UnkeyedContainer(node: child)
    }
    mutating func superEncoder() -> any Encoder { LineEncoder(root: node.element()) }
}

private struct SingleContainer: SingleValueEncodingContainer {
    let node: Node
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() throws { node.setScalar("null") }
    mutating func encode<T: Encodable>(_ value: T) throws { try Scalar.set(node, value) }
}
