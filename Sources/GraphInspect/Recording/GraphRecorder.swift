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
    }

    private let log = Locked(Log())

    public init() {}

    public func record(_ event: GraphEvent) {
        log.withLock { $0.events.append(event) }
    }

    public func recordCacheHit(_ hit: CacheHit) {
        log.withLock { log in
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
            for (index, count) in log.repeats {
                if case .lookup(var lookup) = events[index] {
                    lookup.repeats = count
                    events[index] = .lookup(lookup)
                }
            }
            return events
        }
    }

    /// The live tree and event log recorded so far, with ids renumbered from 1.
    public func snapshot() -> GraphSnapshot {
        GraphSnapshot(events: events)
    }
}
