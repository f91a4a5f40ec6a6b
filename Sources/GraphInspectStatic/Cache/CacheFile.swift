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
        let digest = bytes.withUnsafeBytes { CacheKey(bytes: UnsafeRawBufferPointer(rebasing: $0[..<end])) }
        var tail = CacheBytesReader(bytes, from: end)
        guard let written = try? CacheKey(high: tail.word(), low: tail.word()), written == digest else { return .corrupt }
        var header = CacheBytesReader(bytes, from: magic.count, to: end)
        guard let version = try? header.word(), let writer = try? header.string() else { return .corrupt }
        guard version == CheckCache.formatVersion, writer == build else { return .otherBuild }
        return .body(bytes, header.offset..<end)
    }

    private enum Contents {
        case missing, unreadable
        case read([UInt8])
    }

    /// The file's bytes, read straight into the array the reader walks (through `Data`, a cache
    /// file of megabytes was copied twice).
    private static func contents(of path: String) -> Contents {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return errno == ENOENT ? .missing : .unreadable }
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
        let digest = bytes.withUnsafeBytes { CacheKey(bytes: $0) }
        var tail = CacheBytesWriter()
        tail.word(digest.high)
        tail.word(digest.low)
        bytes += tail.bytes
        try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
