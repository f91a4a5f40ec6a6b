/// The names a file reads as members (`component.analytics`, `.track`): every identifier written
/// after a dot, found from the text alone, without parsing. The rules' `unused-provider` counts a
/// provider read this way as used (a builder reading `component.analytics` through the concrete
/// type uses it, though no lookup does). A name in a comment or a string counts too: it can only
/// make a provider look used, never unused, so a finding stays true.
enum MemberReads {
    static func scan(_ text: String) -> [String] {
        scan(Array(text.utf8))
    }

    static func scan(_ bytes: [UInt8]) -> [String] {
        var names: Set<String> = []
        var index = 1
        while index < bytes.count {
            guard bytes[index - 1] == UInt8(ascii: "."), isHead(bytes[index]) else {
                index += 1
                continue
            }
            let start = index
            index += 1
            while index < bytes.count, isBody(bytes[index]) { index += 1 }
            names.insert(String(decoding: bytes[start..<index], as: UTF8.self))
        }
        return names.sorted()
    }

    /// A Swift identifier's first byte: a letter, `_`, or the lead byte of a non-ASCII character.
    private static func isHead(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || byte == UInt8(ascii: "_") || byte >= 0x80
    }

    private static func isBody(_ byte: UInt8) -> Bool {
        isHead(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }
}
