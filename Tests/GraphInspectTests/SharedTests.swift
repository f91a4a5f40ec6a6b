import Dispatch
import Testing
@testable import GraphInspect

enum FirstModule { final class Client: Sendable {} }
enum SecondModule { final class Client: Sendable {} }

final class SharingDeps: Component, RootComponent, @unchecked Sendable {
    var service: Service { shared { Service() } }
    var firstClient: FirstModule.Client { shared { FirstModule.Client() } }
    var secondClient: SecondModule.Client { shared { SecondModule.Client() } }
    @Lazy var lazyOther = Other()
}

/// Counts calls from many threads.
final class Counter: @unchecked Sendable {
    private let lock = Locked(0)
    func increment() { lock.withLock { $0 += 1 } }
    var value: Int { lock.withLock { $0 } }
}

@Suite struct SharedTests {
    @Test func sharedGivesOneInstanceAcrossThreads() {
        let deps = SharingDeps(parent: nil)
        let builds = Counter()
        let ids = Locked<Set<ObjectIdentifier>>([])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            var seen = Set<ObjectIdentifier>()
            for _ in 0..<10_000 {
                let service = deps.shared { () -> Service in
                    builds.increment()
                    return Service()
                }
                seen.insert(ObjectIdentifier(service))
            }
            ids.withLock { $0.formUnion(seen) }
        }
        #expect(builds.value == 1)
        #expect(ids.withLock { $0.count } == 1)
    }

    @Test func lookupsFromManyThreadsGiveOneInstancePerProvider() {
        let root = SharingDeps(parent: nil)
        nonisolated(unsafe) let leaves = (0..<8).map { _ in Component(parent: Component(parent: root)) }
        let ids = Locked<Set<ObjectIdentifier>>([])
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            var seen = Set<ObjectIdentifier>()
            for round in 0..<10_000 {
                // Half the threads share one leaf, so its cache is read and written concurrently.
                let leaf = leaves[index % 2 == 0 ? 0 : index]
                let other: Other = leaf.lazyOther
                seen.insert(ObjectIdentifier(other))
                if round % 1_000 == 0 { _ = try? leaf.resolve("absent", as: Int.self) }
            }
            ids.withLock { $0.formUnion(seen) }
        }
        #expect(ids.withLock { $0 } == [ObjectIdentifier(root.lazyOther)])
    }

    @Test func sharedIsKeyedByTypeIdentityNotTypeName() {
        let deps = SharingDeps(parent: nil)
        // Both types print as "Client"; the seed keyed by that string and handed back the wrong one.
        #expect(String(describing: FirstModule.Client.self) == String(describing: SecondModule.Client.self))
        let first = deps.firstClient
        let second = deps.secondClient
        #expect(first === deps.firstClient)
        #expect(second === deps.secondClient)
    }

    @Test func sharedCreationIsRecordedOnce() {
        let (_, snapshot) = record {
            let deps = SharingDeps(parent: nil)
            _ = deps.service
            _ = deps.service
        }
        let made = snapshot.withoutTimes.events.filter { if case .sharedCreated = $0 { true } else { false } }
        #expect(made == [.sharedCreated(SharedCreated(component: ObjectID(1), type: TypeName.of(Service.self), form: .shared))])
        // Timed, on the thread that built it.
        guard case .sharedCreated(let timed)? = snapshot.events.first(where: { if case .sharedCreated = $0 { true } else { false } }) else { return }
        #expect(timed.time != nil && timed.duration != nil && timed.thread == RecordingThread.current)
    }
}
