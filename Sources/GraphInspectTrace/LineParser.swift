/// Recursive descent over the line's bytes, nesting at most `maxDepth` deep (hostile input cannot
/// overflow the stack).
struct JSONLineParser {
    let bytes: UnsafeRawBufferPointer
    var index = 0
    static let maxDepth = 32

    init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    mutating func parseDocument() throws -> JSONValue {
        let value = try parseValue(depth: 0)
        skipSpace()
        guard index == bytes.count else { throw LineDecoder.GiveUp() }
        return value
    }

    private mutating func skipSpace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    private mutating func parseValue(depth: Int) throws -> JSONValue {
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

    private mutating func parseObject(depth: Int) throws -> JSONValue {
        index += 1
        var members: [(key: String, value: JSONValue)] = []
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

    private mutating func parseArray(depth: Int) throws -> JSONValue {
        index += 1
        var elements: [JSONValue] = []
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
