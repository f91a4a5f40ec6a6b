/// An observer that keeps every event in memory, in the order reported, and turns them into a
/// snapshot on demand.
///
/// Install it for a whole process (`GraphObservation.install(recorder)`) or for one task
/// (`GraphObservation.withObserver(recorder) { ... }`).
///
/// Repeated identical cache hits are counted on the event of the first (`DependencyLookup.repeats`):
/// every count stays exact and events keep the order of their first occurrence.
public final class GraphRecorder: GraphObserver, @unchecked Sendable {
    private struct Log {
        var events: [GraphEvent] = []
        /// Event index of each cache hit's first occurrence, and its repeats.
        var hitIndex: [ObjectIdentifier: Int] = [:]
        var repeats: [Int: Int] = [:]
        /// Keeps counted hits alive so their identities are not reused.
        var hits: [CacheHit] = []
        /// Hits this recorder counts on (`CacheHit.isClaimed(by:)`), in the order first seen.
        var counted: [CacheHit] = []
    }

    private let log = Locked(Log())

    public init() {}

    public func record(_ event: GraphEvent) {
        log.withLock { $0.events.append(event) }
    }

    public func recordCacheHit(_ hit: CacheHit) {
        // The common case: this recorder counts on the hit itself, a repeat without the lock.
        let claimed = hit.isClaimed(by: self)
        if claimed, hit.publishedIndex != nil {
            hit.countRepeat()
            return
        }
        log.withLock { log in
            if claimed {
                if hit.publishedIndex != nil {
                    hit.countRepeat()
                } else {
                    hit.publish(index: log.events.count)
                    log.counted.append(hit)
                    log.events.append(.lookup(hit.lookup))
                }
                return
            }
            if let index = log.hitIndex[ObjectIdentifier(hit)] {
                log.repeats[index, default: 0] += 1
            } else {
                log.hitIndex[ObjectIdentifier(hit)] = log.events.count
                log.hits.append(hit)
                log.events.append(.lookup(hit.lookup))
            }
        }
    }

    /// The events recorded so far, with the runtime's raw ids; repeated cache hits are counted in
    /// the `repeats` of their first event.
    public var events: [GraphEvent] {
        log.withLock { log in
            var events = log.events
            let repeats = log.repeats.merging(log.counted.lazy.filter { $0.repeatCount > 0 }.map { ($0.publishedIndex!, $0.repeatCount) }) { $0 + $1 }
            for (index, count) in repeats {
                if case .lookup(var lookup) = events[index] {
                    lookup.repeats = count
                    events[index] = .lookup(lookup)
                }
            }
            return events
        }
    }

    /// The live tree and event log recorded so far, with ids renumbered from 1.
    /// Holders the app declared itself are scanned again first (`ModuleTreeTracking.sync`), so
    /// the snapshot has what they hold now and what was released since.
    public func snapshot() -> GraphSnapshot {
        ModuleTreeTracking.sync(for: self)
        return GraphSnapshot(events: events)
    }
}
