#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A mutex over a value, usable from any thread.
///
/// `Synchronization.Mutex` would do, but it needs macOS 15 / iOS 18; this runs wherever pthreads do.
/// Never call out to user code while holding it: the runtime keeps every critical section to a
/// dictionary read or write.
final class Locked<Value>: @unchecked Sendable {
    fileprivate let mutex: UnsafeMutablePointer<pthread_mutex_t>
    /// Only ever accessed under the mutex, which already makes access exclusive: Swift's dynamic
    /// exclusivity check on it (a thread-local access set per `withLock`) is off. Callgrind
    /// counted it at 316 of a module lookup's 3,669 instructions.
    @exclusivity(unchecked) private var value: Value

    init(_ value: Value) {
        self.value = value
        mutex = PThreadMutex.make()
    }

    deinit {
        PThreadMutex.free(mutex)
    }

    /// Runs `body` with exclusive access to the value.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}

extension Locked: ProcessWideLock {
    func holdForCopy() { pthread_mutex_lock(mutex) }

    func releaseAfterCopy(inCopy: Bool) {
        if inCopy { PThreadMutex.renew(mutex) } else { pthread_mutex_unlock(mutex) }
    }
}

/// Makes and frees the pthread mutexes the runtime's locks sit on (`Locked`, `OnceCell`,
/// `RecursiveLock`), which differ only in the mutex type.
enum PThreadMutex {
    /// A heap-allocated mutex of `type` (`PTHREAD_MUTEX_ERRORCHECK`, `PTHREAD_MUTEX_RECURSIVE`), or
    /// the default type.
    static func make(type: Int32? = nil) -> UnsafeMutablePointer<pthread_mutex_t> {
        let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        guard let type else {
            pthread_mutex_init(mutex, nil)
            return mutex
        }
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, type)
        pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
        return mutex
    }

    /// Initialises `mutex` again, unheld, with `type`: in a copy of the process (`ProcessCopy`).
    static func renew(_ mutex: UnsafeMutablePointer<pthread_mutex_t>, type: Int32? = nil) {
        mutex.initialize(to: pthread_mutex_t())
        guard let type else {
            pthread_mutex_init(mutex, nil)
            return
        }
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, type)
        pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
    }

    static func free(_ mutex: UnsafeMutablePointer<pthread_mutex_t>) {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }
}
