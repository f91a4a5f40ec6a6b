import CGraphInspectAtomics
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The thread an event happened on, as a small stable number: 1 is the process's main thread,
/// the others are numbered 2, 3... in the order they first record something. A run that does the
/// same work on the same threads numbers them alike, so profiles and traces compare whole.
///
/// The number is kept in a thread-specific slot: after a thread's first event, reading it costs
/// one `pthread_getspecific`, no lock and no system call.
public enum RecordingThread {
    /// The main thread's number.
    public static let main: UInt32 = 1

    /// The calling thread's number, assigned on its first call.
    public static var current: UInt32 {
        let key = slot.key
        if let stored = pthread_getspecific(key) { return UInt32(truncatingIfNeeded: Int(bitPattern: stored)) }
        let number = isMainThread ? main : next.withLock { counter in
            counter += 1
            return counter
        }
        pthread_setspecific(key, UnsafeRawPointer(bitPattern: Int(number)))
        return number
    }

    /// The slot's key, made once per process (never deleted: numbers outlive nothing but the process).
    private static let slot = ThreadSlot()

    /// The last number handed to a thread other than the main one.
    private static let next = Locked<UInt32>(main)

    /// Whether the calling thread is the process's main thread.
    private static var isMainThread: Bool { graphinspect_is_main_thread() != 0 }
}

/// A `pthread_key_t`, made once.
private final class ThreadSlot: Sendable {
    let key: pthread_key_t

    init() {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        self.key = key
    }
}
