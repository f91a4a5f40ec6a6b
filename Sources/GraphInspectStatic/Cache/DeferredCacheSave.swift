import Foundation

/// Saving the cache, put off until the caller has used the reading: a language server publishes
/// the findings first, then saves what makes its next reading fast (about a quarter of a cold
/// reading of a big app goes to encoding and writing the cache).
public final class DeferredCacheSave: @unchecked Sendable {
    private let lock = NSLock()
    private var pending: [() -> Void] = []

    public init() {}

    func add(_ work: @escaping () -> Void) {
        lock.withLock { pending.append(work) }
    }

    /// Does what was put off, once, on the calling thread.
    public func run() {
        let work = lock.withLock {
            defer { pending = [] }
            return pending
        }
        for save in work { save() }
    }
}
