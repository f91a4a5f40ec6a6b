#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Where a `TraceFileWriter` puts its bytes, chosen once when the file is opened. Not thread-safe:
/// the writer calls it under its lock.
///
/// Both keep the trace's promise: when `append` returns, the bytes are in the kernel's page cache,
/// so a process killed at any point (SIGKILL included) loses at most the line being appended.
enum TraceSink {
    /// `write(2)` per line: pipes, devices, and files where a mapping is not available.
    case stream(Int32)
    /// A shared memory mapping of the file: a line is a `memcpy` into pages the kernel owns.
    case mapped(MappedTraceFile)

    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        switch self {
        case .stream(let descriptor):
            TraceSink.writeAll(descriptor, bytes)
        case .mapped(let file):
            if !file.append(bytes) {
                // No room could be reserved (disk full, quota): go on with write(2), which fails
                // line by line instead of faulting on a page the disk cannot hold.
                let descriptor = file.finish()
                self = .stream(descriptor)
                TraceSink.writeAll(descriptor, bytes)
            }
        }
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
final class MappedTraceFile {
    /// Bytes reserved and mapped at a time.
    static let chunkSize = 1 << 20

    private let descriptor: Int32
    /// The mapping of the current chunk, and where it starts in the file.
    private var chunk: UnsafeMutableRawPointer?
    private var chunkOffset = 0
    /// Bytes written into the current chunk.
    private var used = 0
    private var finished = false

    /// Maps the file open at `descriptor`, which must be empty. Nil where a mapping cannot be
    /// made (then nothing was changed, and the caller streams with write(2)). Linux only for now:
    /// other systems stream.
    init?(descriptor: Int32) {
        self.descriptor = descriptor
        guard mapChunk(at: 0) else {
            _ = ftruncate(descriptor, 0)
            return nil
        }
    }

    /// The file length the trace has so far.
    var length: Int { chunkOffset + used }

    /// Copies `bytes` in, mapping further chunks as needed; false when no more room can be
    /// reserved (nothing of `bytes` was then written).
    func append(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard !finished else { return false }
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

    /// Unmaps, cuts the file to its written length, and hands the descriptor back (positioned at
    /// the end, for appending).
    @discardableResult
    func finish() -> Int32 {
        finish(cuttingAt: length)
    }

    @discardableResult
    private func finish(cuttingAt end: Int) -> Int32 {
        guard !finished else { return descriptor }
        finished = true
        if let chunk { munmap(chunk, Self.chunkSize) }
        chunk = nil
        _ = ftruncate(descriptor, off_t(end))
        _ = lseek(descriptor, off_t(end), SEEK_SET)
        return descriptor
    }

    private func mapChunk(at offset: Int) -> Bool {
        #if os(Linux)
        guard posix_fallocate(descriptor, off_t(offset), off_t(Self.chunkSize)) == 0 else { return false }
        // MAP_POPULATE: the chunk's pages are faulted in now, not one by one on the hot path.
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
