/// A 128-bit digest of bytes, the check cache's key for what a file contributes and its check
/// for what it read back. Two independent 64-bit lanes, each a multiply-xorshift mix over eight
/// bytes at a time (not cryptographic: the cache is the user's own, and a chance collision needs
/// on the order of 2^64 entries).
struct CacheKey: Hashable, Sendable, Comparable, CustomStringConvertible {
    private(set) var high: UInt64
    private(set) var low: UInt64

    init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// The digest of `parts`, each length-prefixed so `["ab", "c"]` and `["a", "bc"]` differ.
    init(_ parts: [String]) {
        var digest = Digest()
        for part in parts {
            var part = part
            part.withUTF8 { bytes in
                digest.add(UInt64(bytes.count))
                digest.add(UnsafeRawBufferPointer(bytes))
            }
        }
        self = digest.key
    }

    /// The digest of raw bytes.
    init(bytes: UnsafeRawBufferPointer) {
        var digest = Digest()
        digest.add(UInt64(bytes.count))
        digest.add(bytes)
        self = digest.key
    }

    static func < (a: CacheKey, b: CacheKey) -> Bool { (a.high, a.low) < (b.high, b.low) }

    var description: String {
        let hex = String(high, radix: 16) + ":" + String(low, radix: 16)
        return hex
    }

    /// The running state of a digest.
    struct Digest {
        private var a: UInt64 = 0x9E37_79B9_7F4A_7C15
        private var b: UInt64 = 0xC2B2_AE3D_27D4_EB4F

        mutating func add(_ word: UInt64) {
            a = Self.mix(a ^ word, by: 0xFF51_AFD7_ED55_8CCD)
            b = Self.mix(b ^ (word &* 0x1656_67B1_9E37_79F9), by: 0xC4CE_B9FE_1A85_EC53)
        }

        mutating func add(_ bytes: UnsafeRawBufferPointer) {
            var index = 0
            while index + 8 <= bytes.count {
                add(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)))
                index += 8
            }
            var tail: UInt64 = 0
            var shift: UInt64 = 0
            while index < bytes.count {
                tail |= UInt64(bytes[index]) << shift
                shift += 8
                index += 1
            }
            add(tail ^ (0xA5 << 56))
        }

        var key: CacheKey {
            CacheKey(high: Self.mix(a ^ (b >> 29), by: 0x9E37_79B9_7F4A_7C15), low: Self.mix(b ^ (a >> 31), by: 0xD6E8_FEB8_6659_FD93))
        }

        private static func mix(_ value: UInt64, by prime: UInt64) -> UInt64 {
            var x = value &* prime
            x ^= x >> 32
            x = x &* 0xD6E8_FEB8_6659_FD93
            x ^= x >> 29
            return x
        }
    }
}
