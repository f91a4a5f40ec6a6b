/// An observer that keeps every event in memory, in the order reported, and turns them into a
/// snapshot on demand.
///
/// Install it for a whole process (`GraphObservation.install(recorder)`) or for one task
/// (`GraphObservation.withObserver(recorder) { ... }`).
public final class GraphRecorder: GraphObserver, @unchecked Sendable {
    private let log = Locked<[GraphEvent]>([])

    public init() {}

    public func record(_ event: GraphEvent) {
        log.withLock { $0.append(event) }
    }

    /// The events recorded so far, with the runtime's raw ids.
    public var events: [GraphEvent] { log.withLock { $0 } }

    /// The live tree and event log recorded so far, with ids renumbered from 1.
    public func snapshot() -> GraphSnapshot {
        GraphSnapshot(events: events)
    }
}
