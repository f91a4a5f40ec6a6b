/// A module key with its hash, read once: a holder keeps one per module it holds and a lookup
/// makes one for the key it asks for, so a step of the walk compares integers and compares the
/// strings only when the hashes match. (Comparing two different short strings calls into the
/// standard library, about 23 instructions; a module lookup three holders up made 19 of them.)
struct HeldKey {
    let name: String
    let hash: UInt64

    init(_ name: String) {
        self.name = name
        // FNV-1a over the UTF-8 bytes: stable, and cheap for keys of a few bytes.
        // (Over a contiguous buffer: iterating `utf8` itself took ten times as long.)
        var bytes = name
        hash = bytes.withUTF8 { buffer in
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in buffer { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            return hash
        }
    }

    @inline(__always)
    func matches(_ other: HeldKey) -> Bool {
        hash == other.hash && name == other.name
    }
}
