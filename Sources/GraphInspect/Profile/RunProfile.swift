/// Where a run's startup went, in the graph's terms: what `graphinspect profile` prints.
///
/// The startup is the window from the root component's creation to the app's mark (the first
/// `GraphRecord.mark`, or the one named by `until`), or to the graph's last activity when the app
/// sets none. Its critical path is the work on the thread that made the root, in order: each
/// top-level span in the window with what is nested in it. Codable with the keys
/// docs/profile.md documents; every time is in nanoseconds.
public struct RunProfile: Sendable, Equatable, Codable {
    /// The startup's window.
    public var window: Window
    /// What the recording holds, by kind.
    public var counts: Counts
    /// The work on the window's thread, in order; each step's `depth` nests it in the step above.
    public var criticalPath: [Step]
    /// The window's time in no span on its thread: the app's own code between graph work.
    public var outsideSpans: UInt64
    /// The most expensive builders, components and providers over the whole run, costliest first.
    public var costliest: Costliest
    /// Spans on the main thread (`RunSpans.mainThread`) longer than `budget` with no nested span
    /// over it: the culprits.
    public var overBudget: [Overrun]
    /// The main-thread budget held, in nanoseconds.
    public var budget: UInt64
    /// Providers built on first use during the startup by a builder's lookup and not asked for
    /// again before it ended: candidates for building later.
    public var makeLazy: [LazyCandidate]
    /// Each thread that recorded a span.
    public var threads: [ThreadSummary]

    public struct Window: Sendable, Equatable, Codable {
        public var start: UInt64
        public var end: UInt64
        /// The thread the critical path is on: the root's (1, the main thread, usually).
        public var thread: UInt32
        /// What started it: `AppComponent #1 made`, or `the first event`.
        public var from: String
        /// The mark that ended it; nil when it ran to the last activity.
        public var mark: String?
        public var duration: UInt64 { end >= start ? end - start : 0 }
    }

    public struct Counts: Sendable, Equatable, Codable {
        public var builders = 0, constructions = 0, lookups = 0, firstUses = 0, moduleLookups = 0
    }

    public struct Step: Sendable, Equatable, Codable {
        public var depth: Int
        public var kind: ProfileSpan.Kind
        public var label: String
        public var start: UInt64
        public var total: UInt64
        public var own: UInt64
        public var location: SourceLocation?
    }

    public struct Cost: Sendable, Equatable, Codable {
        /// The builder's or component's type, or the provider's `Component.name`.
        public var name: String
        /// The spans summed.
        public var count: Int
        public var total: UInt64
        public var longest: UInt64
        /// For a provider: the distinct component types whose lookups it answered.
        public var askedBy: Int?
    }

    public struct Costliest: Sendable, Equatable, Codable {
        public var builders: [Cost]
        public var components: [Cost]
        /// Lookups answered by a provider (its getter and first-use build included), and its
        /// first-use builds made by direct reads, summed by provider.
        public var providers: [Cost]
    }

    public struct Overrun: Sendable, Equatable, Codable {
        public var kind: ProfileSpan.Kind
        public var label: String
        public var start: UInt64
        public var duration: UInt64
        /// The spans it is nested in, outermost first.
        public var inside: [String]
        public var location: SourceLocation?
        /// Whether it is on the startup's critical path (in the window, on its thread).
        public var onCriticalPath: Bool
    }

    public struct LazyCandidate: Sendable, Equatable, Codable {
        public var label: String
        public var cost: UInt64
        /// The lookup that built it, and where it was written.
        public var madeBy: String?
        public var location: SourceLocation?
        /// When it was next asked for (a timed lookup), from the run's start; nil if never, or
        /// only by cache hits after the window.
        public var nextAsked: UInt64?
        public var nextAskedBy: String?
    }

    public struct ThreadSummary: Sendable, Equatable, Codable {
        public var thread: UInt32
        public var name: String
        public var spans: Int
        /// The time in its top-level spans.
        public var busy: UInt64
        /// Its longest top-level spans, for the threads other than the main one (what ran off it).
        public var longest: [Overrun]
    }

    /// How many entries each costliest list keeps.
    public static let listed = 5

    /// The default main-thread budget: one frame at 60 Hz.
    public static let defaultBudget: UInt64 = 16_000_000

    /// The profile of `spans`; `until` names the mark that ends the startup (the first mark by default).
    public init(_ spans: RunSpans, budget: UInt64 = RunProfile.defaultBudget, until: String? = nil) {
        self.budget = budget
        window = Self.window(of: spans, until: until)
        let (start, end, thread) = (window.start, window.end, window.thread)
        var counts = Counts()
        for span in spans.spans {
            switch span.kind {
            case .builder: counts.builders += 1
            case .construction: counts.constructions += 1
            case .lookup: counts.lookups += 1
            case .firstUse: counts.firstUses += 1
            case .moduleLookup: counts.moduleLookups += 1
            }
        }
        self.counts = counts
        let inWindow = { (span: ProfileSpan) in span.thread == thread && span.start >= start && span.start <= end }
        criticalPath = Self.steps(of: spans, where: inWindow, window: end - start)
        let covered = spans.spans.filter { $0.parent == nil && inWindow($0) }.reduce(UInt64(0)) { $0 &+ min($1.duration, end - $1.start) }
        outsideSpans = end - start > covered ? end - start - covered : 0
        costliest = Self.costliest(spans)
        overBudget = Self.overruns(spans, budget: budget, thread: spans.mainThread, onPath: inWindow)
        makeLazy = Self.lazyCandidates(spans, inWindow: inWindow, windowEnd: end)
        threads = Dictionary(grouping: spans.spans, by: \.thread).map { thread, list in
            ThreadSummary(
                thread: thread, name: Self.threadName(thread), spans: list.count,
                busy: list.filter { $0.parent == nil }.reduce(0) { $0 &+ $1.duration },
                longest: thread == spans.mainThread ? [] : list.filter { $0.parent == nil }
                    .sorted { $0.duration != $1.duration ? $0.duration > $1.duration : $0.index < $1.index }.prefix(3)
                    .map { Overrun(kind: $0.kind, label: $0.label, start: $0.start, duration: $0.duration, inside: [], location: $0.location, onCriticalPath: inWindow($0)) }
            )
        }.sorted { $0.thread < $1.thread }
    }

    /// The startup's window alone: from the root's creation to the mark named `until` (the
    /// first mark by default), else to the last activity.
    public static func window(of spans: RunSpans, until: String? = nil) -> Window {
        let chosenMark = until.map { name in spans.marks.first { $0.name == name } } ?? spans.marks.first
        let start = spans.rootMade?.time ?? 0
        return Window(
            start: start, end: max(start, chosenMark?.time ?? spans.lastActivity),
            thread: spans.rootMade?.thread ?? spans.spans.first?.thread ?? RecordingThread.main,
            from: spans.rootMade.map { "\($0.label) made" } ?? "the first event", mark: chosenMark?.name
        )
    }

    /// "main", "thread 2".
    public static func threadName(_ thread: UInt32) -> String {
        thread == RecordingThread.main ? "main" : "thread \(thread)"
    }

    /// The spans `include` admits at the top level, each followed by what is nested in it down to
    /// a step of at least a hundredth of `window` (or 0.1 ms), so the path reads at a glance.
    private static func steps(of spans: RunSpans, where include: (ProfileSpan) -> Bool, window: UInt64) -> [Step] {
        let shown = max(window / 100, 100_000)
        var steps: [Step] = []
        var children = [[Int]](repeating: [], count: spans.spans.count)
        for span in spans.spans { if let parent = span.parent { children[parent].append(span.index) } }
        func visit(_ span: ProfileSpan, depth: Int) {
            steps.append(Step(depth: depth, kind: span.kind, label: span.label, start: span.start, total: span.duration, own: span.ownTime, location: span.location))
            for child in children[span.index] where spans.spans[child].duration >= shown {
                visit(spans.spans[child], depth: depth + 1)
            }
        }
        for span in spans.spans where span.parent == nil && include(span) { visit(span, depth: 0) }
        return steps
    }

    private static func costliest(_ spans: RunSpans) -> Costliest {
        func ranked(_ kind: ProfileSpan.Kind, where include: (ProfileSpan) -> Bool = { _ in true }) -> [String: Cost] {
            var costs: [String: Cost] = [:]
            for span in spans.spans where span.kind == kind && include(span) {
                var cost = costs[span.group] ?? Cost(name: span.group, count: 0, total: 0, longest: 0)
                cost.count += 1
                cost.total &+= span.duration
                cost.longest = max(cost.longest, span.duration)
                costs[span.group] = cost
            }
            return costs
        }
        func top(_ costs: [String: Cost]) -> [Cost] {
            Array(costs.values.sorted { $0.total != $1.total ? $0.total > $1.total : $0.name < $1.name }.prefix(listed))
        }
        // A provider's cost: the lookups it answered, and its first-use builds no lookup made.
        var providers = ranked(.lookup) { $0.provider != nil }
        for (group, cost) in ranked(.firstUse, where: { span in span.parent.map { spans.spans[$0].kind != .lookup } ?? true }) {
            var merged = providers[group] ?? Cost(name: group, count: 0, total: 0, longest: 0)
            merged.count += cost.count
            merged.total &+= cost.total
            merged.longest = max(merged.longest, cost.longest)
            providers[group] = merged
        }
        var askers: [String: Set<String>] = [:]
        for span in spans.spans where span.kind == .lookup && span.provider != nil {
            askers[span.group, default: []].insert(span.nodeType ?? "?")
        }
        for group in providers.keys { providers[group]?.askedBy = askers[group]?.count ?? 0 }
        return Costliest(builders: top(ranked(.builder)), components: top(ranked(.construction)), providers: top(providers))
    }

    private static func overruns(_ spans: RunSpans, budget: UInt64, thread: UInt32, onPath: (ProfileSpan) -> Bool) -> [Overrun] {
        spans.deepest(over: budget, on: thread).map { span in
            let chain = spans.ancestors(of: span)
            return Overrun(
                kind: span.kind, label: span.label, start: span.start, duration: span.duration, inside: chain.map(\.label),
                location: spans.nearestLocation(of: span), onCriticalPath: onPath(chain.first ?? span)
            )
        }
    }

    private static func lazyCandidates(_ spans: RunSpans, inWindow: (ProfileSpan) -> Bool, windowEnd: UInt64) -> [LazyCandidate] {
        var candidates: [LazyCandidate] = []
        for span in spans.spans where span.kind == .firstUse {
            let chain = spans.ancestors(of: span)
            guard let top = chain.first, inWindow(top), chain.contains(where: { $0.kind == .builder }) else { continue }
            let making = chain.last { $0.kind == .lookup }
            // The provider as lookups name it: the making lookup's answer, or the @Lazy's name.
            let provider = making?.provider ?? span.node
            let name = making?.name ?? span.name
            let later = spans.spans.first { other in
                other.kind == .lookup && other.event > (making?.event ?? span.event) && other.provider == provider && other.name == name && name != nil
            }
            if let later, later.start <= windowEnd { continue }
            candidates.append(LazyCandidate(
                label: span.label, cost: span.duration, madeBy: making?.label, location: making?.location,
                nextAsked: later?.start, nextAskedBy: later?.label
            ))
        }
        return candidates.sorted { $0.cost > $1.cost }
    }
}
