import Foundation

/// Work spread over threads of their own, each with a stack as deep as the main thread's: the
/// reader recurses as deep as the code it reads nests, deeper than a dispatch worker's stack
/// allows.
enum ParallelWork {
    /// The stack each thread gets (the main thread's default on Linux and macOS).
    static let stackSize = 8 << 20

    /// `body(0..<count)`, in order, computed on up to `threads` threads (items taken in turn).
    static func map<T: Sendable>(_ count: Int, threads: Int, _ body: @escaping @Sendable (Int) -> T) -> [T] {
        let threads = min(threads, count)
        guard threads > 1 else { return (0..<count).map(body) }
        let results = Results<T>(count: count)
        let done = DispatchGroup()
        for first in 0..<threads {
            done.enter()
            let thread = Thread {
                var index = first
                while index < count {
                    results.set(index, body(index))
                    index += threads
                }
                done.leave()
            }
            thread.stackSize = stackSize
            thread.start()
        }
        done.wait()
        return results.values.map { $0! }
    }

    /// One slot per item, each written by one thread and read after all have finished. The slots
    /// are one allocation that no thread resizes or moves: an array's `withUnsafeMutableBufferPointer`
    /// moves its buffer out for the call, so two threads writing through it at once lost writes and
    /// corrupted the heap.
    private final class Results<T>: @unchecked Sendable {
        private let slots: UnsafeMutablePointer<T?>
        private let count: Int

        init(count: Int) {
            self.count = count
            slots = .allocate(capacity: count)
            slots.initialize(repeating: nil, count: count)
        }

        deinit {
            slots.deinitialize(count: count)
            slots.deallocate()
        }

        func set(_ index: Int, _ value: T) {
            slots[index] = value
        }

        var values: [T?] { Array(UnsafeBufferPointer(start: slots, count: count)) }
    }
}
