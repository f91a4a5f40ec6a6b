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

/// A JSON value being built.
private final class Node {
    enum Content {
        case empty
        case scalar(String)
        case object([(String, Node)])
        case array([Node])
    }

    var content: Content = .empty

    func rendered() -> String {
        var out = ""
        render(into: &out)
        return out
    }

    func render(into out: inout String) {
        switch content {
        case .empty: out += "null"
        case .scalar(let text): out += text
        case .object(let members):
            out += "{"
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { out += "," }
                JSONString.append(key, to: &out)
                out += ":"
                value.render(into: &out)
            }
            out += "}"
        case .array(let elements):
            out += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { out += "," }
                element.render(into: &out)
            }
            out += "]"
        }
    }

    func member(_ key: String) -> Node {
        let node = Node()
        if case .object(var members) = content {
            members.append((key, node))
            content = .object(members)
        } else {
            content = .object([(key, node)])
        }
        return node
    }

    func element() -> Node {
        let node = Node()
        if case .array(var elements) = content {
            elements.append(node)
            content = .array(elements)
        } else {
            content = .array([node])
        }
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
        if case .object = root.content {} else { root.content = .object([]) }
        return KeyedEncodingContainer(KeyedContainer<Key>(node: root))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .array = root.content {} else { root.content = .array([]) }
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
            node.content = .scalar(out)
        case let bool as Bool: node.content = .scalar(bool ? "true" : "false")
        case let int as Int: node.content = .scalar(String(int))
        case let int as UInt64: node.content = .scalar(String(int))
        case let int as Int64: node.content = .scalar(String(int))
        case let int as UInt: node.content = .scalar(String(int))
        case let int as Int32: node.content = .scalar(String(int))
        case let int as UInt32: node.content = .scalar(String(int))
        case let double as Double:
            guard double.isFinite else {
                throw EncodingError.invalidValue(double, .init(codingPath: [], debugDescription: "JSON has no \(double)"))
            }
            node.content = .scalar(String(double))
        default:
            try value.encode(to: LineEncoder(root: node))
        }
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: Node
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws { node.member(key.stringValue).content = .scalar("null") }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try Scalar.set(node.member(key.stringValue), value)
    }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let child = node.member(key.stringValue)
        child.content = .object([])
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(node: child))
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = node.member(key.stringValue)
        child.content = .array([])
        return UnkeyedContainer(node: child)
    }
    mutating func superEncoder() -> any Encoder { LineEncoder(root: node.member("super")) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { LineEncoder(root: node.member(key.stringValue)) }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let node: Node
    var codingPath: [any CodingKey] { [] }
    var count: Int {
        if case .array(let elements) = node.content { elements.count } else { 0 }
    }

    mutating func encodeNil() throws { node.element().content = .scalar("null") }
    mutating func encode<T: Encodable>(_ value: T) throws { try Scalar.set(node.element(), value) }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let child = node.element()
        child.content = .object([])
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(node: child))
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let child = node.element()
        child.content = .array([])
        return UnkeyedContainer(node: child)
    }
    mutating func superEncoder() -> any Encoder { LineEncoder(root: node.element()) }
}

private struct SingleContainer: SingleValueEncodingContainer {
    let node: Node
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() throws { node.content = .scalar("null") }
    mutating func encode<T: Encodable>(_ value: T) throws { try Scalar.set(node, value) }
}
