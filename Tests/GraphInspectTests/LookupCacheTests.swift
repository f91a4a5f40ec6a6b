import Dispatch
import Testing
@testable import GraphInspect

/// The lock-free cache under many writers and readers at once (also run under ThreadSanitizer in
/// .ci/run): every thread gets the value first stored, and tables that grow while others read
/// lose nothing.
@Suite struct LookupCacheTests {
    final class Value: Sendable {
        let number: Int
        init(_ number: Int) { self.number = number }
    }

    @Test func eightThreadsFillingAndReadingOneCacheAgreeOnEveryEntry() {
        let cache = LookupCache<Value>()
        let names = (0..<300).map { "name\($0)" }
        let types = [ObjectIdentifier(Int.self), ObjectIdentifier(String.self)]
        let disagreements = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            // Each thread walks the keys in its own order, inserting its own value for each; the
            // cache must hand every thread the same winner for a key.
            let order = thread % 2 == 0 ? Array(names.indices) : names.indices.reversed()
            for index in order {
                for type in types {
                    let stored = cache.insert(names[index], type, Value(thread * 10_000 + index))
                    let read = cache.entry(names[index], type)?.takeUnretainedValue()
                    if read !== stored || stored.number % 10_000 != index {
                        disagreements.withLock { $0 += 1 }
                    }
                }
            }
        }
        #expect(disagreements.withLock { $0 } == 0)
        for (index, name) in names.enumerated() {
            for type in types {
                #expect(cache.entry(name, type).map { $0.takeUnretainedValue().number % 10_000 } == index)
            }
        }
        #expect(cache.entry("absent", types[0]) == nil)
    }
}
