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

/// JSON string literals, for trace lines and for JSON embedded in the HTML replay.
public enum JSONString {
    /// `text` as a quoted JSON string. `safeInHTMLScript` also escapes `<`, `>` and `&`, so the
    /// literal can sit inside a `<script>` block without closing it.
    public static func literal(_ text: String, safeInHTMLScript: Bool = false) -> String {
        var out = ""
        append(text, to: &out, safeInHTMLScript: safeInHTMLScript)
        return out
    }

    /// Appends `text` as a quoted JSON string, escaping quotes, backslashes, control characters,
    /// U+2028/U+2029 (line breaks to JavaScript), and with `safeInHTMLScript` `<`, `>`, `&`.
    static func append(_ text: String, to out: inout String, safeInHTMLScript: Bool = false) {
        out += "\""
        // Most names need no escape: append them whole. (0xE2 leads U+2028 and U+2029.)
        if !text.utf8.contains(where: { needsEscape($0, safeInHTMLScript: safeInHTMLScript) }) {
            out += text
            out += "\""
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "<" where safeInHTMLScript, ">" where safeInHTMLScript, "&" where safeInHTMLScript:
                out += unicodeEscape(scalar.value)
            default:
                if scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    out += unicodeEscape(scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }

    /// Appends `text` as a quoted JSON string to a line's bytes, exactly as `append(_:to:)` does
    /// to text (`TraceLine`).
    static func append(_ text: String, to bytes: inout [UInt8]) {
        var text = text
        let appendedWhole: Bool = text.withUTF8 { utf8 in
            // Most names need no escape: their bytes go in as they are.
            guard !utf8.contains(where: { needsEscape($0, safeInHTMLScript: false) }) else { return false }
            bytes.append(UInt8(ascii: "\""))
            bytes.append(contentsOf: utf8)
            bytes.append(UInt8(ascii: "\""))
            return true
        }
        if appendedWhole { return }
        var escaped = ""
        append(text, to: &escaped)
        bytes.append(contentsOf: escaped.utf8)
    }

    /// Whether a string with this UTF-8 byte needs escaping: control characters, quotes,
    /// backslashes, 0xE2 (which leads U+2028 and U+2029), and for HTML `<`, `>`, `&`.
    @inline(__always)
    private static func needsEscape(_ byte: UInt8, safeInHTMLScript: Bool) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0xE2
            || safeInHTMLScript && (byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "&"))
    }

    /// `\u00XX`: four lowercase hex digits.
    private static func unicodeEscape(_ value: UInt32) -> String {
        let hex = String(value, radix: 16)
        return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
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
