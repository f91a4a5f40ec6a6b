import CGraphInspectAtomics

/// A value behind a spin lock (`graphinspect_spin_lock`): for a critical section of a few dozen
/// instructions taken on every event, where `Locked`'s pthread mutex cost as much as the work it
/// guards. Waiters spin, yield, then sleep, so a holder that blocks is survivable, but `Locked` is
/// the default: use this only where the benchmark shows the difference.
final class SpinLocked<Value>: @unchecked Sendable {
    private let lock: UnsafeMutablePointer<Int32>
    /// The one whose lock this shares, kept alive with it; nil when the lock is this one's own.
    private let lockOwner: AnyObject?
    /// Only ever accessed under the lock, which already makes access exclusive (as in `Locked`).
    @exclusivity(unchecked) private var value: Value

    init(_ value: Value) {
        self.value = value
        lock = .allocate(capacity: 1)
        lock.initialize(to: 0)
        lockOwner = nil
    }

    /// A value behind `other`'s lock: whoever holds it reaches both values, so code working on
    /// both (the trace writer appending to the live stream's buffer) takes one lock, not two.
    init<Other>(_ value: Value, sharingLockOf other: SpinLocked<Other>) {
        self.value = value
        lock = other.lock
        lockOwner = other
    }

    deinit {
        if lockOwner == nil { lock.deallocate() }
    }

    /// Runs `body` with exclusive access to the value.
    @inline(__always)
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        graphinspect_spin_lock(lock)
        defer { graphinspect_spin_unlock(lock) }
        return try body(&value)
    }

    /// Runs `body` with the value, for a caller that already holds this lock through a
    /// `SpinLocked` sharing it (`init(_:sharingLockOf:)`).
    @inline(__always)
    func withLockHeld<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try body(&value)
    }
}

extension SpinLocked: ProcessWideLock {
    func holdForCopy() { graphinspect_spin_lock(lock) }

    func releaseAfterCopy(inCopy: Bool) {
        if inCopy { lock.pointee = 0 } else { graphinspect_spin_unlock(lock) }
    }
}
