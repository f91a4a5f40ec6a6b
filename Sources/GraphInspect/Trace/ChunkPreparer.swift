#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Reserves, maps and faults in a trace file's next chunk on a thread of its own, so the thread
/// that records finds it ready (`MappedTraceFile`).
///
/// One preparation at a time, each on a short-lived joinable thread: `take` joins it (which also
/// makes its result visible), `cancel` joins and unmaps what it made. Only the writer calls it,
/// under the writer's lock. Where no thread can be started, or the preparation failed, `take`
/// maps the chunk on the calling thread, as it would have been without a preparer.
final class ChunkPreparer {
    private let descriptor: Int32
    private let size: Int
    /// The preparation under way or done, not yet taken.
    private var pending: (preparation: Preparation, thread: pthread_t)?

    init(descriptor: Int32, size: Int) {
        self.descriptor = descriptor
        self.size = size
    }

    deinit { cancel() }

    /// Starts mapping the chunk at `offset`, and unmaps `retired` (the chunk just filled) on the
    /// same thread: unmapping 1 MB of written shared pages took the recording thread tens of
    /// microseconds per chunk.
    func prepare(at offset: Int, retiring retired: UnsafeMutableRawPointer? = nil) {
        cancel()
        #if os(Linux)
        let preparation = Preparation(descriptor: descriptor, offset: offset, size: size, retired: retired)
        var thread = pthread_t()
        let context = Unmanaged.passRetained(preparation).toOpaque()
        guard pthread_create(&thread, nil, { context in
            let preparation = Unmanaged<Preparation>.fromOpaque(context!).takeRetainedValue()
            preparation.address = ChunkPreparer.map(descriptor: preparation.descriptor, offset: preparation.offset, size: preparation.size)
            if let retired = preparation.retired { munmap(retired, preparation.size) }
            return nil
        }, context) == 0 else {
            Unmanaged<Preparation>.fromOpaque(context).release()
            if let retired { munmap(retired, size) }
            return
        }
        pending = (preparation, thread)
        #else
        if let retired { munmap(retired, size) }
        #endif
    }

    /// The mapping of the chunk at `offset`: the one prepared if it is that one and it worked,
    /// else one made now; nil when the space cannot be reserved.
    func take(at offset: Int) -> UnsafeMutableRawPointer? {
        if let preparation = join(), let address = preparation.address {
            if preparation.offset == offset { return address }
            munmap(address, size)
        }
        return Self.map(descriptor: descriptor, offset: offset, size: size)
    }

    /// Waits for the preparation under way, if any, and unmaps what it made.
    func cancel() {
        if let address = join()?.address { munmap(address, size) }
    }

    /// Waits for the preparation under way and hands it over.
    private func join() -> Preparation? {
        guard let taken = pending else { return nil }
        pending = nil
        #if os(Linux)
        pthread_join(taken.thread, nil)
        #endif
        return taken.preparation
    }

    /// `MADV_POPULATE_WRITE` (Linux 5.14): faults pages in writable, as a write would, without
    /// writing. Spelled out because older C headers lack it; older kernels refuse it (EINVAL).
    private static let populateWrite: Int32 = 23

    /// Reserves `size` bytes of the file at `offset` and maps them shared, faulted in for
    /// writing; nil when the space cannot be reserved or mapped.
    static func map(descriptor: Int32, offset: Int, size: Int) -> UnsafeMutableRawPointer? {
        #if os(Linux)
        guard posix_fallocate(descriptor, off_t(offset), off_t(size)) == 0 else { return nil }
        let address = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, off_t(offset))
        guard let address, address != MAP_FAILED else { return nil }
        if madvise(address, size, populateWrite) == 0 { return address }
        // An older kernel: map it again with MAP_POPULATE, which reads the pages in (a shared
        // mapping gets them read-only, so each still faults once, on its first write).
        munmap(address, size)
        let populated = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE, descriptor, off_t(offset))
        guard let populated, populated != MAP_FAILED else { return nil }
        return populated
        #else
        return nil
        #endif
    }
}

/// One chunk's preparation: what to map and what to unmap, and (written by its thread, read after
/// joining it) where it was mapped.
private final class Preparation: @unchecked Sendable {
    let descriptor: Int32
    let offset: Int
    let size: Int
    /// A filled chunk to unmap once the new one is mapped.
    let retired: UnsafeMutableRawPointer?
    var address: UnsafeMutableRawPointer?

    init(descriptor: Int32, offset: Int, size: Int, retired: UnsafeMutableRawPointer?) {
        self.descriptor = descriptor
        self.offset = offset
        self.size = size
        self.retired = retired
    }
}
