#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Where a `TraceFileWriter` puts its bytes: a shared memory mapping of the file where one can be
/// made (regular files on Linux), else `write(2)` per line (pipes, devices, other systems). Not
/// thread-safe: the writer calls it under its lock. A value, so the hot path is a bounds check
/// and a copy, with no reference counting.
///
/// Both keep the trace's promise: when `append` returns, the bytes are in the kernel's page cache,
/// so a process killed at any point (SIGKILL included) loses at most the line being appended.
struct TraceSink {
    let descriptor: Int32
    private var mapped: MappedTraceFile?

    /// Streams to `descriptor`, or maps it when `map` is set and a mapping can be made.
    init(descriptor: Int32, map: Bool) {
        self.descriptor = descriptor
        #if os(Linux)
        mapped = map ? MappedTraceFile(descriptor: descriptor) : nil
        #else
        mapped = nil
        #endif
    }

    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        if mapped != nil {
            if mapped!.append(bytes) { return }
            // No room could be reserved (disk full, quota): go on with write(2), which fails
            // line by line instead of faulting on a page the disk cannot hold.
            mapped = nil
        }
        Self.writeAll(descriptor, bytes)
    }

    /// Cuts a mapped file to the length written; later lines are streamed.
    mutating func finish() {
        mapped?.finish()
        mapped = nil
    }

    /// Writes the whole buffer, retrying after signals and partial writes; gives up on an error.
    static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) {
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += written
        }
    }
}

/// A trace file written through a shared memory mapping, one chunk at a time.
///
/// Each chunk is reserved on disk first (`posix_fallocate`, so a full disk is an error here and
/// never a SIGBUS on a later write), then mapped with `MAP_SHARED`: a copy into it is in the page
/// cache at once and survives the process, which is what makes the trace crash-safe without a
/// system call per event. The file is cut back to its written length when the writer finishes;
/// a process that dies first leaves the rest of the last chunk as NUL bytes, which readers treat
/// as the end of the trace (docs/trace-format.md).
struct MappedTraceFile {
    /// Bytes reserved and mapped at a time.
    static let chunkSize = 1 << 20

    private let descriptor: Int32
    /// The mapping of the current chunk, and where it starts in the file.
    private var chunk: UnsafeMutableRawPointer?
    private var chunkOffset = 0
    /// Bytes written into the current chunk.
    private var used = 0

    /// Maps the file open at `descriptor`, which must be empty. Nil where a mapping cannot be
    /// made (then nothing was changed, and the caller streams with write(2)).
    init?(descriptor: Int32) {
        self.descriptor = descriptor
        guard mapChunk(at: 0) else {
            _ = ftruncate(descriptor, 0)
            return nil
        }
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
                guard mapChunk(at: chunkOffset + Self.chunkSize) else {
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
        if let chunk { munmap(chunk, Self.chunkSize) }
        chunk = nil
        _ = ftruncate(descriptor, off_t(end))
        _ = lseek(descriptor, off_t(end), SEEK_SET)
    }

    private mutating func mapChunk(at offset: Int) -> Bool {
        #if os(Linux)
        guard posix_fallocate(descriptor, off_t(offset), off_t(Self.chunkSize)) == 0 else { return false }
        // MAP_POPULATE: the chunk's pages are read in now, not one by one on the hot path.
        let address = mmap(nil, Self.chunkSize, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE, descriptor, off_t(offset))
        guard let address, address != MAP_FAILED else { return false }
        if let chunk { munmap(chunk, Self.chunkSize) }
        chunk = address
        chunkOffset = offset
        used = 0
        return true
        #else
        return false
        #endif
    }
}
