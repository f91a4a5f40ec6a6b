#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A mutex the thread holding it may take again: for work that calls app code (a holder's
/// `supportedModules` getter, `Mirror`), which may call back into the library on the same thread.
final class RecursiveLock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        mutex = PThreadMutex.make(type: Int32(PTHREAD_MUTEX_RECURSIVE))
    }

    deinit {
        PThreadMutex.free(mutex)
    }

    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}

extension RecursiveLock: ProcessWideLock {
    func holdForCopy() { pthread_mutex_lock(mutex) }

    func releaseAfterCopy(inCopy: Bool) {
        if inCopy { PThreadMutex.renew(mutex, type: Int32(PTHREAD_MUTEX_RECURSIVE)) } else { pthread_mutex_unlock(mutex) }
    }
}
