import Foundation
import Testing

/// `@Suite(.ownThread)`: each test of the suite runs on a thread of its own, not on one of the
/// threads Swift concurrency runs every test on. Those are as many as the machine has cores (two
/// here), whatever their tasks do: a test that waits on a child process or a browser, or computes
/// for a minute, holds one, and every other test's next step (its start, its end, the next test of
/// a serialized suite) queues behind it. On a thread of its own the test blocks only itself.
///
/// At most `OwnThreadTrait.width` such tests run at once (three per core), the rest waiting their
/// turn without holding a thread: enough to keep every core busy while some of them wait, few
/// enough that a run does not start every browser and child process at once. A suite of long
/// tests asks to start first (`.ownThread(.first)`): begun last, one of them would run alone at the
/// end of the run while the cores idle.
package struct OwnThreadTrait: SuiteTrait, TestTrait, TestScoping {
    package static let width = 3 * ProcessInfo.processInfo.activeProcessorCount
    static let turns = Turns(width)

    /// When a test takes its turn among those waiting.
    package enum Order: Sendable { case first, inTurn }
    package var order = Order.inTurn

    package var isRecursive: Bool { true }

    package func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        guard !test.isSuite, #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return try await function() }
        await Self.turns.take(first: order == .first)
        do {
            // In a child task, which starts on the executor it prefers (a preference set on the
            // running task moves it only at its next suspension) and inherits the task-locals;
            // it ends within the group, so `function` never outlives this call.
            try await withoutActuallyEscaping(function) { function in
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask(executorPreference: ThreadPerJob.shared) { try await function() }
                    try await group.waitForAll()
                }
            }
        } catch {
            await Self.turns.give()
            throw error
        }
        await Self.turns.give()
    }
}

extension OwnThreadTrait {
    /// Whether the calling code runs on a thread the trait started.
    package static var isOnOwnThread: Bool { pthread_getspecific(ownThreadKey) != nil }
}

/// Marks the threads `ThreadPerJob` starts (a thread's name is no mark: Foundation sometimes
/// reports the name it inherited).
private let ownThreadKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
}()

extension Trait where Self == OwnThreadTrait {
    /// Runs each test on a thread of its own (`OwnThreadTrait`).
    package static var ownThread: Self { OwnThreadTrait() }

    /// Runs each test on a thread of its own, taking its turn `order`.
    package static func ownThread(_ order: OwnThreadTrait.Order) -> Self { OwnThreadTrait(order: order) }
}

/// Runs each job it is given on a new thread: a test's synchronous body is one job, so it has the
/// thread to itself until it returns or awaits. Task-locals (the current test, for `#expect`) go
/// with the job.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
final class ThreadPerJob: TaskExecutor {
    static let shared = ThreadPerJob()

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        let thread = Thread {
            pthread_setspecific(ownThreadKey, UnsafeRawPointer(bitPattern: 1))
            job.runSynchronously(on: executor)
        }
        // As deep as a thread of the default pool's: readers of deep sources recurse.
        thread.stackSize = 8 << 20
        thread.start()
    }
}

/// A count of turns, taken and given back in the order they were asked for, those asked `first`
/// before the rest; waiting for one suspends the task and holds no thread.
package actor Turns {
    private var free: Int
    private var waitingFirst: [CheckedContinuation<Void, Never>] = []
    private var waiting: [CheckedContinuation<Void, Never>] = []

    package init(_ count: Int) { free = count }

    /// How many wait for a turn.
    package var waitingCount: Int { waitingFirst.count + waiting.count }

    package func take(first: Bool = false) async {
        if free > 0 {
            free -= 1
            return
        }
        await withCheckedContinuation { if first { waitingFirst.append($0) } else { waiting.append($0) } }
    }

    package func give() {
        if !waitingFirst.isEmpty {
            waitingFirst.removeFirst().resume()
        } else if !waiting.isEmpty {
            waiting.removeFirst().resume()
        } else {
            free += 1
        }
    }
}
