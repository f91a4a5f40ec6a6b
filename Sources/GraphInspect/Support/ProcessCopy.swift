#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Copies the process (fork) with the runtime's process-wide locks held across the copy, as
/// `pthread_atfork` handlers do for malloc: a copy has only the thread that forked, so a lock
/// another thread held at that moment would stay held in the copy for ever, and the first
/// component or module the copy made would wait on it. Held, the copy finds each lock in a known
/// state and makes it new; this process gives them back.
///
/// For the test library, which runs a graph capture in a copy of the test process first.
public enum ProcessCopy {
    /// Runs `fork` (which forks and returns its result: 0 in the copy) with the locks held.
    public static func make(_ fork: () -> Int32) -> Int32 {
        // Outermost first, in the order the runtime nests them: reporting (which calls app code,
        // which makes objects), the module tree's table, the registry, then the leaves.
        let locks: [any ProcessWideLock] = [
            ModuleTreeTracking.reporting, ModuleTreeTracking.table, Registries.components.entries, Registries.released, GraphObservation.installed,
            TypeName.cache, ObjectID.counter, Termination.handler,
        ]
        for lock in locks { lock.holdForCopy() }
        let pid = fork()
        for lock in locks.reversed() { lock.releaseAfterCopy(inCopy: pid == 0) }
        return pid
    }
}

/// A lock held across a copy of the process (`ProcessCopy`).
protocol ProcessWideLock: AnyObject {
    func holdForCopy()
    /// Gives the lock back in this process, or makes it new (unheld) in the copy, whose only
    /// thread is not the one pthreads recorded as holding it.
    func releaseAfterCopy(inCopy: Bool)
}
