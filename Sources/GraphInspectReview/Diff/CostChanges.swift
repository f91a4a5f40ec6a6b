import GraphInspect

/// What got slower or faster between two sets of runs, beyond their noise: `diff`'s cost lines
/// and the comment's "Slower" section.
///
/// Each side is one or more recordings of a run (`diff --runs N` runs each app N times). Per run,
/// the spans (`RunSpans`) are summed by what they time: the startup (`RunProfile`'s window),
/// each builder type's runs, each component type's construction, each provider's first-use
/// build. A side's figure is the median of its runs. A change counts when the medians differ by
/// at least 1 ms, by at least 20%, and by at least twice the noise: the larger spread (slowest
/// minus fastest run) of the two sides, 0 with one run a side.
public struct CostChanges: Sendable, Equatable {
    /// One figure that moved.
    public struct Change: Sendable, Equatable {
        /// `startup`, `builder`, `construction` or `first use`.
        public var what: String
        /// The builder's or component's type, or the provider's `Component.name`.
        public var name: String
        public var old: UInt64
        public var new: UInt64
        /// Twice the larger spread of the two sides' runs: what a change had to exceed.
        public var noise: UInt64

        public var isSlower: Bool { new > old }

        /// `new / old`; nil when `old` is under 0.1 ms (new work, or next to none), where a
        /// factor would say more than the clock does.
        public var factor: Double? { old < 100_000 ? nil : Double(new) / Double(old) }

        /// `builder FeedBuilder: 40.2 ms -> 80.5 ms (+40.3 ms, 2.00x)`.
        public var line: String {
            let delta = isSlower ? "+" + ProfileDuration.text(new - old) : "-" + ProfileDuration.text(old - new)
            let ratio = factor.map { ", " + Self.twoDecimals($0) + "x" } ?? (old == 0 ? ", new" : ", was under 0.1 ms")
            let subject = name.isEmpty ? what : "\(what) \(Quoted.visible(name))"
            return "\(subject): \(ProfileDuration.text(old)) -> \(ProfileDuration.text(new)) (\(delta)\(ratio))"
        }

        static func twoDecimals(_ value: Double) -> String {
            let hundredths = Int((value * 100).rounded())
            let fraction = hundredths % 100
            return "\(hundredths / 100)." + (fraction < 10 ? "0" : "") + "\(fraction)"
        }
    }

    public private(set) var slower: [Change] = []
    public private(set) var faster: [Change] = []
    /// Runs measured on each side.
    public private(set) var oldRuns = 0, newRuns = 0
    /// Whether both sides carried times at all (a baseline or untimed JSON does not).
    public private(set) var isTimed = false

    /// The smallest change that counts, in nanoseconds, and the smallest factor.
    public static let floor: UInt64 = 1_000_000
    public static let factor = 1.2

    public init() {}

    public init(old: [GraphSnapshot], new: [GraphSnapshot]) {
        let oldSpans = old.map(RunSpans.init), newSpans = new.map(RunSpans.init)
        (oldRuns, newRuns) = (old.count, new.count)
        isTimed = !oldSpans.isEmpty && !newSpans.isEmpty && (oldSpans + newSpans).allSatisfy(\.isTimed)
        guard isTimed else { return }
        let oldFigures = oldSpans.map(Self.figures), newFigures = newSpans.map(Self.figures)
        let keys = Set(oldFigures.flatMap(\.keys) + newFigures.flatMap(\.keys))
        for key in keys.sorted(by: { ($0.what, $0.name) < ($1.what, $1.name) }) {
            let before = oldFigures.map { $0[key] ?? 0 }, after = newFigures.map { $0[key] ?? 0 }
            let (oldMedian, newMedian) = (Self.median(before), Self.median(after))
            let noise = 2 * max(Self.spread(before), Self.spread(after))
            let (high, low) = (max(oldMedian, newMedian), min(oldMedian, newMedian))
            guard high - low >= max(Self.floor, noise), Double(high) >= Double(low) * Self.factor else { continue }
            let change = Change(what: key.what, name: key.name, old: oldMedian, new: newMedian, noise: noise)
            if change.isSlower { slower.append(change) } else { faster.append(change) }
        }
        slower.sort { ($0.new - $0.old, $1.name) > ($1.new - $1.old, $0.name) }
        faster.sort { ($0.old - $0.new, $1.name) > ($1.old - $1.new, $0.name) }
    }

    public var isEmpty: Bool { slower.isEmpty && faster.isEmpty }

    /// How the figures were taken, for a heading: "medians of 5 runs a side", "one run a side".
    public var basis: String {
        oldRuns == 1 && newRuns == 1 ? "one run a side, so no noise measured"
            : "medians of \(oldRuns) old and \(newRuns) new runs"
    }

    /// What one run's spans sum to, by what they time.
    struct Key: Hashable {
        var what: String
        var name: String
    }

    static func figures(_ spans: RunSpans) -> [Key: UInt64] {
        var figures: [Key: UInt64] = [Key(what: "startup", name: ""): RunProfile.window(of: spans).duration]
        for span in spans.spans {
            let what: String
            switch span.kind {
            case .builder: what = "builder"
            case .construction: what = "construction"
            case .firstUse: what = "first use"
            case .lookup, .moduleLookup: continue
            }
            figures[Key(what: what, name: span.group), default: 0] &+= span.duration
        }
        return figures
    }

    static func median(_ values: [UInt64]) -> UInt64 {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] / 2 + sorted[sorted.count / 2] / 2)
    }

    static func spread(_ values: [UInt64]) -> UInt64 {
        guard let low = values.min(), let high = values.max() else { return 0 }
        return high - low
    }
}
