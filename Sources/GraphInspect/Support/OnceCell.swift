#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A value built at most once, by the first caller, while other callers wait for it.
///
/// Backs `Component.shared` and `@Lazy`. The mutex is error-checking, so a builder that asks for
/// its own value again (a dependency cycle) is caught and named instead of deadlocking.
final class OnceCell: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Any?

    init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ERRORCHECK))
        pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Returns the value, building it with `build` if no caller has yet.
    /// - Parameters:
    ///   - what: names the value in the cycle message, e.g. "shared NetworkClient in AppComponent".
    ///   - built: called once, right after a build, outside the cell's lock (used to report it).
    func value<Value>(
        named what: @autoclosure () -> String,
        build: () -> Value,
        built: (Value) -> Void = { _ in }
    ) -> Value {
        if pthread_mutex_lock(mutex) == EDEADLK {
            fatalError("graphinspect: dependency cycle: building \(what()) asked for itself")
        }
        if let existing = value {
            pthread_mutex_unlock(mutex)
            // Only ever stored as `Value` below, so the cast cannot fail.
            return existing as! Value
        }
        let made = build()
        value = made
        pthread_mutex_unlock(mutex)
        built(made)
        return made
    }
}
