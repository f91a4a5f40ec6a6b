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
        WriteAll.write(descriptor, bytes)
    }

    /// Cuts a mapped file to the length written; later lines are streamed.
    mutating func finish() {
        mapped?.finish()
        mapped = nil
    }
}
