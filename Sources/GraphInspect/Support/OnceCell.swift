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
        mutex = PThreadMutex.make(type: Int32(PTHREAD_MUTEX_ERRORCHECK))
    }

    deinit {
        PThreadMutex.free(mutex)
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
            let message = "graphinspect: dependency cycle: building \(what()) asked for itself"
            Termination.end(report: message, message: message)
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
