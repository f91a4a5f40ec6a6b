import Foundation

/// One file of the check cache: a fixed first line, the format version and the build that wrote
/// it, the body, and a digest of everything before the digest, so a file cut short or changed
/// on disk is known before any of it is believed.
enum CacheFile {
    private static let magic = Array("graphinspect check cache\n".utf8)

    enum Read {
        case missing
        case unreadable(reason: String)
        case corrupt
        case otherBuild
        /// The file's bytes, and where its body is in them.
        case body([UInt8], Range<Int>)
    }

    static func read(_ path: String, build: String) -> Read {
        let bytes: [UInt8]
        switch contents(of: path) {
        case .missing: return .missing
        case .unreadable: return .unreadable(reason: "permission denied or not a file")
        case .read(let read): bytes = read
        }
        guard bytes.count >= magic.count + 16, bytes.starts(with: magic) else { return .corrupt }
        let end = bytes.count - 16
        let digest = bytes.withUnsafeBytes { Self.digest(UnsafeRawBufferPointer(rebasing: $0[..<end])) }
        var tail = CacheBytesReader(bytes, from: end)
        guard let written = try? CacheKey(high: tail.word(), low: tail.word()), written == digest else { return .corrupt }
        var header = CacheBytesReader(bytes, from: magic.count, to: end)
        guard let version = try? header.word(), let writer = try? header.string() else { return .corrupt }
        guard version == CheckCache.formatVersion, writer == build else { return .otherBuild }
        return .body(bytes, header.offset..<end)
    }

    /// What tells a file cut short or changed on disk from the one written: four words at a time
    /// in four lanes that do not wait on each other, folded into a key with the length and the
    /// bytes past the last 32. (The keys' digest, `CacheKey(bytes:)`, runs one chain, at about a
    /// third of this speed over the 15 MB a kept edit reads.) Each step is a bijection of its
    /// lane, so any one word changed changes the key.
    static func digest(_ bytes: UnsafeRawBufferPointer) -> CacheKey {
        var lanes: (UInt64, UInt64, UInt64, UInt64) = (0x9E37_79B9_7F4A_7C15, 0xC2B2_AE3D_27D4_EB4F, 0x1656_67B1_9E37_79F9, 0xFF51_AFD7_ED55_8CCD)
        @inline(__always) func step(_ lane: UInt64, _ word: UInt64) -> UInt64 {
            var x = (lane ^ word) &* 0x9E37_79B9_7F4A_7C15
            x ^= x >> 29
            return x
        }
        var index = 0
        while index + 32 <= bytes.count {
            lanes.0 = step(lanes.0, UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)))
            lanes.1 = step(lanes.1, UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index + 8, as: UInt64.self)))
            lanes.2 = step(lanes.2, UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index + 16, as: UInt64.self)))
            lanes.3 = step(lanes.3, UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index + 24, as: UInt64.self)))
            index += 32
        }
        var folded = CacheKey.Digest()
        folded.add(UInt64(bytes.count))
        for lane in [lanes.0, lanes.1, lanes.2, lanes.3] { folded.add(lane) }
        folded.add(UnsafeRawBufferPointer(rebasing: bytes[index...]))
        return folded.key
    }

    private enum Contents {
        case missing, unreadable
        case read([UInt8])
    }

    /// The file's bytes, read straight into the array the reader walks (through `Data`, its
    /// megabytes would be copied twice).
    private static func contents(of path: String) -> Contents {
        let descriptor = open(path, O_RDONLY)
        // A path through a file holds no cache, as a missing one does.
        guard descriptor >= 0 else { return errno == ENOENT || errno == ENOTDIR ? .missing : .unreadable }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return .unreadable }
        let size = Int(info.st_size)
        var failed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            while count < size {
                let read = Foundation.read(descriptor, buffer.baseAddress! + count, size - count)
                if read < 0, errno == EINTR { continue }
                guard read > 0 else { break }
                count += read
            }
            failed = count < size
        }
        return failed ? .unreadable : .read(bytes)
    }

    /// Writes `body` framed, atomically (a temporary file renamed over the old one).
    static func write(_ body: [UInt8], to path: String, build: String) throws {
        var header = CacheBytesWriter()
        header.word(CheckCache.formatVersion)
        header.string(build)
        var bytes = magic + header.bytes + body
        let digest = bytes.withUnsafeBytes { Self.digest($0) }
        var tail = CacheBytesWriter()
        tail.word(digest.high)
        tail.word(digest.low)
        bytes += tail.bytes
        try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
