import Foundation
import Testing
@testable import GraphInspect

/// The trace writer's lock: exclusive under contention, and waiters survive a holder that blocks.
@Suite struct SpinLockedTests {
    @Test func eightThreadsIncrementingLoseNothing() {
        let counter = SpinLocked(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<100_000 { counter.withLock { $0 += 1 } }
        }
        #expect(counter.withLock { $0 } == 800_000)
    }

    /// A holder that sleeps (as a writer blocked on a full pipe would) while others wait: they go
    /// on once it lets go, in order of nothing in particular, and every change is kept.
    @Test func waitersOutlastAHolderThatBlocks() {
        let log = SpinLocked<[Int]>([])
        let holding = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        Thread.detachNewThread {
            log.withLock { entries in
                holding.signal()
                usleep(50_000)
                entries.append(0)
            }
        }
        holding.wait()
        for thread in 1...4 {
            done.enter()
            Thread.detachNewThread {
                log.withLock { $0.append(thread) }
                done.leave()
            }
        }
        done.wait()
        let entries = log.withLock { $0 }
        #expect(entries.first == 0, "the holder finished first")
        #expect(entries.sorted() == [0, 1, 2, 3, 4])
    }
}
