/// Several observers as one: each event goes to every one, in order.
///
/// How the trace file graphinspect asked for (`GRAPHINSPECT_TRACE`) keeps recording when the app
/// installs an observer of its own: `GraphObservation` pairs the two. The first observer to see a
/// cache hit counts its repeats without a lock; the others take their slower path (the trace file
/// then writes each repeat as a whole lookup line), so both stay exact.
final class ObserverFanout: GraphObserver, @unchecked Sendable {
    let observers: [any GraphObserver]

    init(_ observers: [any GraphObserver]) {
        self.observers = observers
    }

    func record(_ event: GraphEvent) {
        for observer in observers { observer.record(event) }
    }

    func recordCacheHit(_ hit: CacheHit) {
        for observer in observers { observer.recordCacheHit(hit) }
    }

    func contains(_ observer: any GraphObserver) -> Bool {
        observers.contains { $0 === observer }
    }
}
