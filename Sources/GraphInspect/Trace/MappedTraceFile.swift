#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A trace file written through a shared memory mapping, one chunk at a time.
///
/// Each chunk is reserved on disk first (`posix_fallocate`, so a full disk is an error here and
/// never a SIGBUS on a later write), then mapped with `MAP_SHARED`: a copy into it is in the page
/// cache at once and survives the process, which is what makes the trace crash-safe without a
/// system call per event. The file is cut back to its written length when the writer finishes;
/// a process that dies first leaves the rest of the last chunk as NUL bytes, which readers treat
/// as the end of the trace (docs/trace-format.md).
///
/// The next chunk is reserved, mapped and faulted in on a thread of its own (`ChunkPreparer`)
/// while this one fills, so the thread that records never takes a page fault or a system call:
/// the kernel's side of a 4 KB page (about 5 µs here) was a third of a traced lookup's time.
struct MappedTraceFile {
    /// Bytes reserved and mapped at a time.
    static let chunkSize = 1 << 20

    private let descriptor: Int32
    /// The mapping of the current chunk, and where it starts in the file.
    private var chunk: UnsafeMutableRawPointer?
    private var chunkOffset = 0
    /// Bytes written into the current chunk.
    private var used = 0
    /// Maps the chunk after this one ahead of need.
    private let preparer: ChunkPreparer

    /// Maps the file open at `descriptor`, which must be empty. Nil where a mapping cannot be
    /// made (then nothing was changed, and the caller streams with write(2)).
    init?(descriptor: Int32) {
        self.descriptor = descriptor
        preparer = ChunkPreparer(descriptor: descriptor, size: Self.chunkSize)
        guard let first = ChunkPreparer.map(descriptor: descriptor, offset: 0, size: Self.chunkSize) else {
            _ = ftruncate(descriptor, 0)
            return nil
        }
        chunk = first
        preparer.prepare(at: Self.chunkSize)
    }

    /// The file length the trace has so far.
    var length: Int { chunkOffset + used }

    /// Copies `bytes` in, mapping further chunks as needed; false when no more room could be
    /// reserved (then the mapping is finished, cut before this line, and nothing of it kept).
    @inline(__always)
    mutating func append(_ bytes: UnsafeRawBufferPointer) -> Bool {
        if bytes.count <= Self.chunkSize - used {
            (chunk! + used).copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
            used += bytes.count
            return true
        }
        return appendAcrossChunks(bytes)
    }

    private mutating func appendAcrossChunks(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let lineStart = length
        var source = 0
        while source < bytes.count {
            if used == Self.chunkSize {
                guard moveToNextChunk() else {
                    // Take back the part of the line already copied, so what follows starts clean.
                    finish(cuttingAt: lineStart)
                    return false
                }
            }
            let count = min(bytes.count - source, Self.chunkSize - used)
            (chunk! + used).copyMemory(from: bytes.baseAddress! + source, byteCount: count)
            used += count
            source += count
        }
        return true
    }

    /// Unmaps, and cuts the file to its written length, leaving the descriptor at its end.
    mutating func finish() {
        finish(cuttingAt: length)
    }

    private mutating func finish(cuttingAt end: Int) {
        // First, so a preparation still running cannot reserve space after the cut.
        preparer.cancel()
        if let chunk { munmap(chunk, Self.chunkSize) }
        chunk = nil
        _ = ftruncate(descriptor, off_t(end))
        _ = lseek(descriptor, off_t(end), SEEK_SET)
    }

    /// Replaces the full chunk with the next one (prepared ahead, or mapped now), and starts
    /// preparing the one after, which unmaps the full one off this thread.
    private mutating func moveToNextChunk() -> Bool {
        let offset = chunkOffset + Self.chunkSize
        guard let next = preparer.take(at: offset) else { return false }
        let filled = chunk
        chunk = next
        chunkOffset = offset
        used = 0
        preparer.prepare(at: offset + Self.chunkSize, retiring: filled)
        return true
    }
}
