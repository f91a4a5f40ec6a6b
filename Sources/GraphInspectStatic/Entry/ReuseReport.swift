/// What a check reused of earlier work, and why each way of reusing it could not answer: the
/// value tests and the benchmark read to learn how a reading was made (the findings are the same
/// however it was made).
public struct ReuseReport: Sendable, Equatable {
    /// A way to answer from what the cache kept (`ReuseStrategy`), in the order they are tried.
    public enum Strategy: String, Sendable, Equatable, CaseIterable {
        /// The last reading was made of the same files, as they are.
        case wholeRun
        /// The files were edited in ways that cannot change the last reading (`LastReading.stillHolds`).
        case stillHolds
        /// One file added or removed a provider, and the last reading is patched (`LastReading.afterProviderEdit`).
        case providerEdit
        /// Edits only moved positions the last reading names (`LastReading.afterPositionsMoved`).
        case movedPositions
        /// Edits of bodies keep the fixed point, judged over part of the files (`StaticReader.keptFromPart`).
        case judgedInPart
        /// Edits of bodies keep the fixed point, judged over every file read (`StaticReader.keptAfterBodyEdits`).
        case bodyEditsKept
        /// The graph drawn again from the fixed point the cache keeps (`StaticReader.fromFixedPoint`).
        case drawnFromFixedPoint
    }

    /// One strategy that could not answer, and why.
    public struct Declined: Sendable, Equatable, CustomStringConvertible {
        public var strategy: Strategy
        public var reason: String

        public var description: String { "\(strategy.rawValue): \(reason)" }
    }

    /// The strategy that answered; nil when the files were read and analysed whole.
    public var answeredBy: Strategy?
    /// The strategies tried before it (or before the plain path), each with why it declined.
    public var declined: [Declined] = []
    /// How many rounds `judgedInPart` took (each reads the files the round before asked for).
    public var partialRounds = 0
    /// How many files' contributions came from the cache, and how many were parsed.
    public var contributionsFromCache = 0
    public var contributionsParsed = 0

    public init() {}

    /// Whether the reading answered is the last reading the cache kept, kept again as it was or
    /// with what the edits changed (not drawn again): every strategy but `drawnFromFixedPoint`.
    public var keptLastReading: Bool {
        answeredBy != nil && answeredBy != .drawnFromFixedPoint
    }

    /// Whether the fixed point the cache keeps was read (its records kept, or the graph drawn from it).
    public var readFromFixedPoint: Bool {
        [.judgedInPart, .bodyEditsKept, .drawnFromFixedPoint].contains(answeredBy)
    }

    /// The reason `strategy` gave, when it declined.
    public func reason(_ strategy: Strategy) -> String? {
        declined.first { $0.strategy == strategy }?.reason
    }
}
