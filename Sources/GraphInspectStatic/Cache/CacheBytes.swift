import GraphInspectCheckContract

/// The check cache's byte format: variable-length integers (zig-zag, seven bits a byte), strings
/// as UTF-8 written once and then by their number, optionals as a flag byte.
struct CacheBytesWriter {
    private(set) var bytes: [UInt8] = []

    /// Room for `count` bytes, so a big write grows the buffer once.
    mutating func reserve(_ count: Int) { bytes.reserveCapacity(count) }
    private var strings: [String: Int] = [:]
    /// How positions are written: whole, gathered (written whole, and kept in `gathered`), or
    /// each as its rank among a file's positions (what a contribution's shape is made of).
    var positions: PositionForm = .whole
    var gathered: [SourcePosition] = []
    /// Statements (and locals) left out of the functions written: what a contribution's shape
    /// leaves out when an edit adds or removes them (`InertStatements`, `BodyEdit`); nil writes
    /// them all.
    var leavingOut: (any StatementFilter)?

    /// The number the contribution being written gave its first function (`FileContribution.write`).
    var functionNumbersFrom = 1

    enum PositionForm {
        case whole
        /// Not written: what a statement is, wherever it is written (`BodyEdit`).
        case omitted
        case gathered
        case ranked([SourcePosition: Int])
    }

    mutating func int(_ value: Int) {
        var rest = UInt64(bitPattern: Int64((value << 1) ^ (value >> (Int.bitWidth - 1))))
        while rest >= 0x80 {
            bytes.append(UInt8(rest & 0x7F) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }

    mutating func byte(_ value: UInt8) { bytes.append(value) }

    mutating func word(_ value: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }

    /// A string: its number when written before (the number plus one), else 0 and its bytes.
    mutating func string(_ value: String) {
        if let number = strings[value] {
            int(number + 1)
            return
        }
        strings[value] = strings.count
        int(0)
        raw(Array(value.utf8))
    }

    /// A length and the bytes.
    mutating func raw(_ value: some Collection<UInt8>) {
        int(value.count)
        bytes += value
    }

    mutating func optional<T>(_ value: T?, _ write: (inout CacheBytesWriter, T) -> Void) {
        guard let value else { return bool(false) }
        bool(true)
        write(&self, value)
    }

    mutating func array<T>(_ values: [T], _ write: (inout CacheBytesWriter, T) -> Void) {
        int(values.count)
        for value in values { write(&self, value) }
    }
}

/// Reads what `CacheBytesWriter` wrote; anything cut short or out of range throws.
struct CacheBytesReader {
    /// Why bytes could not be read back.
    struct Malformed: Error {}

    private let bytes: [UInt8]
    private(set) var offset: Int
    private let end: Int
    private var strings: [String] = []

    init(_ bytes: [UInt8], from start: Int = 0, to end: Int? = nil) {
        self.bytes = bytes
        offset = start
        self.end = end ?? bytes.count
    }

    var isAtEnd: Bool { offset == end }

    mutating func int() throws -> Int {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard offset < end, shift < 64 else { throw Malformed() }
            let byte = bytes[offset]
            offset += 1
            result |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { break }
            shift += 7
        }
        let value = Int64(bitPattern: result)
        return Int((value >> 1) ^ -(value & 1))
    }

    /// A count of things each at least `size` bytes long, checked against what is left.
    mutating func count(each size: Int = 1) throws -> Int {
        let count = try int()
        guard count >= 0, count <= (end - offset) / max(size, 1) else { throw Malformed() }
        return count
    }

    mutating func bool() throws -> Bool {
        switch try byte() {
        case 0: false
        case 1: true
        default: throw Malformed()
        }
    }

    mutating func byte() throws -> UInt8 {
        guard offset < end else { throw Malformed() }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func word() throws -> UInt64 {
        guard end - offset >= 8 else { throw Malformed() }
        var value: UInt64 = 0
        for index in 0..<8 { value |= UInt64(bytes[offset + index]) << UInt64(index * 8) }
        offset += 8
        return value
    }

    mutating func string() throws -> String {
        let number = try int()
        if number > 0 {
            guard number <= strings.count else { throw Malformed() }
            return strings[number - 1]
        }
        guard number == 0 else { throw Malformed() }
        let text = String(decoding: try raw(), as: UTF8.self)
        strings.append(text)
        return text
    }

    mutating func raw() throws -> ArraySlice<UInt8> {
        let count = try count()
        defer { offset += count }
        return bytes[offset..<offset + count]
    }

    mutating func optional<T>(_ read: (inout CacheBytesReader) throws -> T) throws -> T? {
        try bool() ? try read(&self) : nil
    }

    mutating func array<T>(_ read: (inout CacheBytesReader) throws -> T) throws -> [T] {
        let count = try count()
        var values: [T] = []
        values.reserveCapacity(count)
        for _ in 0..<count { values.append(try read(&self)) }
        return values
    }
}
