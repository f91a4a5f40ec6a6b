import GraphInspect

/// What a run's lookups cost, for `stats(costs:)`: the hook through which a recording that times
/// its lookups adds time to the health figures, each provider's and each component's.
/// `RecordedLookupCosts` reads the lookup events' own `duration`; a reading of the sources has
/// none, and its answer has no time in it.
public protocol LookupCosts: Sendable {
    /// How long the lookup took, in nanoseconds; nil where the run did not say.
    /// - Parameters:
    ///   - index: the lookup's place among the snapshot's events.
    ///   - lookup: the lookup event itself.
    func nanoseconds(ofEventAt index: Int, _ lookup: DependencyLookup) -> Int?
}

/// A recording's own times: each walking lookup's `duration` (cache hits are not timed).
public struct RecordedLookupCosts: LookupCosts {
    public init() {}

    public func nanoseconds(ofEventAt index: Int, _ lookup: DependencyLookup) -> Int? {
        lookup.duration.map { Int(clamping: $0) }
    }
}

/// The time of each lookup summed by the provider that answered it and by the component type
/// that asked: a running total each, nil until a lookup with a time is added.
struct CostTotals {
    private(set) var byProvider: [Int: Int] = [:]
    private(set) var byRequester: [Int: Int] = [:]

    /// Adds a lookup's time (when the costs give one) to its provider's total (by the answer's
    /// provider number, nil when it found none) and its requester's (by type number).
    mutating func add(_ costs: (any LookupCosts)?, index: Int, _ lookup: DependencyLookup, provider: Int?, requester: Int?) {
        guard let nanoseconds = costs?.nanoseconds(ofEventAt: index, lookup) else { return }
        if let provider { byProvider[provider, default: 0] += nanoseconds }
        if let requester { byRequester[requester, default: 0] += nanoseconds }
    }
}
