/// What a check reused of earlier work, and why each way of reusing it could not answer: the
/// value tests and the benchmark read to learn how a reading was made (the findings are the same
/// however it was made).
public struct ReuseReport: Sendable, Equatable {
    /// A way to answer from what an editor's session keeps in memory or the cache kept
    /// (`ReuseStrategy`), in the order they are tried.
    public enum Strategy: String, Sendable, Equatable, CaseIterable {
        /// The reading an editor's session keeps in memory was made of the same files, as they are.
        case unchangedInMemory
        /// Edits of bodies keep the fixed point the session keeps in memory (`FixedPointReading.afterBodyEdits`).
        case bodyEditsInMemory
        /// One file's stored properties edited (a provider added, removed, renamed or moved): the
        /// analysis settled again in memory, what the code nothing reaches recorded reused where
        /// it cannot read them (`FixedPointReading.afterPropertyEdit`).
        case providerEditInMemory
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

        /// Whether it answers from what an editor's session keeps in memory (tried only when the
        /// request carries such a reading), rather than from the cache.
        public var answersFromMemory: Bool {
            [.unchangedInMemory, .bodyEditsInMemory, .providerEditInMemory].contains(self)
        }
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
    /// How many functions nothing reaches `providerEditInMemory` did not run again, reusing
    /// what each recorded before the edit.
    public var unreachedRecordsReused = 0
    /// How many files' contributions came from the cache, and how many were parsed.
    public var contributionsFromCache = 0
    public var contributionsParsed = 0

    public init() {}

    /// Whether the reading answered is the last reading the cache kept, kept again as it was or
    /// with what the edits changed (not drawn again): every strategy that reads the cache but
    /// `drawnFromFixedPoint`.
    public var keptLastReading: Bool {
        answeredBy.map { !answeredInMemory && $0 != .drawnFromFixedPoint } ?? false
    }

    /// Whether the reading was answered from what an editor's session keeps in memory.
    public var answeredInMemory: Bool {
        answeredBy?.answersFromMemory ?? false
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
