import Foundation

/// Timing helpers: medians of repeated runs, with min and max, in one process.
struct Sample: Codable {
    var median: Double
    var min: Double
    var max: Double

    /// One value measured once (a byte count, say).
    init(_ value: Double) {
        median = value
        min = value
        max = value
    }

    init(median: Double, min: Double, max: Double) {
        self.median = median
        self.min = min
        self.max = max
    }

    /// The median, min and max of `values` (at least one).
    init(of values: [Double]) {
        let sorted = values.sorted()
        self.init(median: sorted[sorted.count / 2], min: sorted[0], max: sorted[sorted.count - 1])
    }

    /// Runs `body` `repeats` times (after one warm-up run) and returns seconds per run; under
    /// `--smoke`, runs it once, unwarmed.
    static func measure(repeats: Int, _ body: () throws -> Void) rethrows -> Sample {
        try measure(repeats: repeats, body, after: {})
    }

    /// As `measure(repeats:_:)`, running `after` after each run, untimed (what a process that
    /// runs `body` once would leave to its exit).
    static func measure(repeats: Int, _ body: () throws -> Void, after: () -> Void) rethrows -> Sample {
        if !RunSize.smoke {
            try body()
            after()
        }
        var times: [Double] = []
        for _ in 0..<RunSize.repeats(repeats) {
            let start = DispatchTime.now().uptimeNanoseconds
            try body()
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            after()
        }
        return Sample(of: times)
    }

    /// Runs each of `bodies` `repeats` times in turns, one run of each per round (after one
    /// warm-up round; one round under `--smoke`), and returns seconds per run of each. Figures compared with each other are
    /// measured side by side this way, so a change in the machine's load falls on all of them.
    static func interleaved(repeats: Int, _ bodies: [() -> Void]) -> [Sample] {
        interleavedTimes(repeats: repeats, bodies).map(Sample.init(of:))
    }

    /// `interleaved`'s seconds per run, round by round (`[body][round]`), for figures derived
    /// from several bodies measured in the same round.
    static func interleavedTimes(repeats: Int, _ bodies: [() -> Void]) -> [[Double]] {
        for body in bodies { body() }
        var times = Array(repeating: [Double](), count: bodies.count)
        for _ in 0..<RunSize.repeats(repeats) {
            for (index, body) in bodies.enumerated() {
                let start = DispatchTime.now().uptimeNanoseconds
                body()
                times[index].append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            }
        }
        return times
    }

    /// `interleavedTimes` for runs that may throw, each with what to do after it, untimed (what a
    /// process that ran it once would leave to its exit).
    static func interleavedTimes(repeats: Int, _ runs: [(body: () throws -> Void, after: () -> Void)]) throws -> [[Double]] {
        for run in runs {
            try run.body()
            run.after()
        }
        var times = Array(repeating: [Double](), count: runs.count)
        for _ in 0..<RunSize.repeats(repeats) {
            for (index, run) in runs.enumerated() {
                let start = DispatchTime.now().uptimeNanoseconds
                try run.body()
                times[index].append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
                run.after()
            }
        }
        return times
    }

    /// Seconds per run of `count` operations, as operations per second (the slowest run is the min).
    func rate(_ count: Int) -> Sample {
        Sample(median: Double(count) / median, min: Double(count) / max, max: Double(count) / min)
    }

    /// Seconds per run of `count` operations, as nanoseconds per operation.
    func perOperation(_ count: Int) -> Sample {
        let scale = 1e9 / Double(count)
        return Sample(median: median * scale, min: min * scale, max: max * scale)
    }
}

/// One line of the results: a figure, the baseline measured beside it, their ratio, and the
/// target the figure is held to, if any.
struct Row: Encodable {
    enum Unit: String, Encodable {
        case nanoseconds, seconds, bytes, eventsPerSecond, instructions

        /// Whether a bigger number is better (a rate) or worse (a time, a size).
        var higherIsBetter: Bool { self == .eventsPerSecond }

        func format(_ value: Double) -> String {
            switch self {
            case .nanoseconds: grouped(value, decimals: value < 100 ? 1 : 0) + " ns"
            case .seconds: formatSeconds(value)
            case .bytes: grouped(value / 1024, decimals: 0) + " KB"
            case .eventsPerSecond: grouped(value, decimals: 0) + "/s"
            case .instructions: grouped(value, decimals: value < 100 ? 1 : 0) + " instr"
            }
        }
    }

    /// What the figure must reach, from the issue that set it; the table says whether it did.
    enum Target: Encodable {
        /// At least this many times faster than the baseline.
        case fasterThanBaseline(Double)
        /// At most this many times slower than the baseline.
        case slowerThanBaselineAtMost(Double)
        /// The median below this value, in the row's unit.
        case below(Double)

        func description(unit: Unit) -> String {
            switch self {
            case .fasterThanBaseline(let ratio): "≥ \(grouped(ratio, decimals: ratio < 10 ? 1 : 0))x faster"
            case .slowerThanBaselineAtMost(let ratio) where unit.higherIsBetter: "≥ \(grouped(100 / ratio, decimals: 0))% of baseline"
            case .slowerThanBaselineAtMost(let ratio) where ratio < 1: "≤ \(grouped(100 * ratio, decimals: 0))% of baseline"
            case .slowerThanBaselineAtMost(let ratio): "within \(grouped(ratio, decimals: ratio == ratio.rounded() ? 0 : 1))x"
            case .below(let value): "< \(unit.format(value))"
            }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .fasterThanBaseline(let ratio): try container.encode(["fasterThanBaseline": ratio])
            case .slowerThanBaselineAtMost(let ratio): try container.encode(["slowerThanBaselineAtMost": ratio])
            case .below(let value): try container.encode(["below": value])
            }
        }
    }

    var group: String
    var name: String
    var unit: Unit
    var measured: Sample
    var baselineName: String?
    var baseline: Sample?
    var target: Target?

    init(_ group: String, _ name: String, _ unit: Unit, _ measured: Sample,
         baseline: (name: String, sample: Sample)? = nil, target: Target? = nil) {
        self.group = group
        self.name = name
        self.unit = unit
        self.measured = measured
        baselineName = baseline?.name
        self.baseline = baseline?.sample
        self.target = target
    }

    /// How many times faster than the baseline (below 1: slower), by medians.
    var speedup: Double? {
        guard let baseline else { return nil }
        return unit.higherIsBetter ? measured.median / baseline.median : baseline.median / measured.median
    }

    var targetMet: Bool? {
        guard let target else { return nil }
        switch target {
        case .fasterThanBaseline(let ratio): return speedup.map { $0 >= ratio }
        case .slowerThanBaselineAtMost(let ratio): return speedup.map { 1 / $0 <= ratio }
        case .below(let value): return measured.median < value
        }
    }

    /// "12.3x faster", "2.1x slower".
    var ratioText: String {
        guard let speedup else { return "" }
        return speedup >= 1 ? String(format: "%.2fx faster", speedup) : String(format: "%.2fx slower", 1 / speedup)
    }

    var targetText: String {
        guard let target, let met = targetMet else { return "" }
        return "\(target.description(unit: unit)): \(met ? "met" : "NOT MET")"
    }

    enum CodingKeys: String, CodingKey {
        case group, name, unit, measured, baselineName, baseline, speedup, target, targetMet
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(group, forKey: .group)
        try container.encode(name, forKey: .name)
        try container.encode(unit, forKey: .unit)
        try container.encode(measured, forKey: .measured)
        try container.encodeIfPresent(baselineName, forKey: .baselineName)
        try container.encodeIfPresent(baseline, forKey: .baseline)
        try container.encodeIfPresent(speedup, forKey: .speedup)
        try container.encodeIfPresent(target, forKey: .target)
        try container.encodeIfPresent(targetMet, forKey: .targetMet)
    }
}

func formatSeconds(_ seconds: Double) -> String {
    if seconds < 1e-3 { return String(format: "%.1f µs", seconds * 1e6) }
    if seconds < 1 { return String(format: "%.1f ms", seconds * 1e3) }
    return String(format: "%.2f s", seconds)
}

/// 1234567.8 -> "1,234,568" (decimals 0), for tables people read.
func grouped(_ value: Double, decimals: Int) -> String {
    let text = String(format: "%.\(decimals)f", value)
    let parts = text.split(separator: ".", maxSplits: 1)
    var digits = Array(parts[0])
    let negative = digits.first == "-"
    if negative { digits.removeFirst() }
    var out: [Character] = []
    for (index, digit) in digits.enumerated() {
        if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
        out.append(digit)
    }
    return (negative ? "-" : "") + String(out) + (parts.count > 1 ? "." + parts[1] : "")
}

/// Keeps a value alive and opaque to the optimiser: never inlined and never optimised itself, so
/// callers cannot learn it does nothing and drop the work that made `value`.
@inline(never) @_optimize(none)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
