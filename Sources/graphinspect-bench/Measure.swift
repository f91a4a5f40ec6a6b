import Foundation

/// Timing helpers: medians of repeated runs, with min and max, in one process.
struct Sample: Codable {
    var median: Double
    var min: Double
    var max: Double

    /// Runs `body` `repeats` times (after one warm-up run) and returns seconds per run.
    static func measure(repeats: Int, _ body: () throws -> Void) rethrows -> Sample {
        try body()
        var times: [Double] = []
        for _ in 0..<repeats {
            let start = DispatchTime.now().uptimeNanoseconds
            try body()
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        times.sort()
        return Sample(median: times[times.count / 2], min: times[0], max: times[times.count - 1])
    }
}

/// One line of the results: a figure, the baseline measured beside it, and their ratio.
struct Row: Encodable {
    var name: String
    var measured: Sample
    var baselineName: String?
    var baseline: Sample?
    /// baseline / measured: above 1 means faster than the baseline.
    var speedup: Double? { baseline.map { $0.median / measured.median } }

    enum CodingKeys: String, CodingKey { case name, measured, baselineName, baseline, speedup }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(measured, forKey: .measured)
        try container.encodeIfPresent(baselineName, forKey: .baselineName)
        try container.encodeIfPresent(baseline, forKey: .baseline)
        try container.encodeIfPresent(speedup, forKey: .speedup)
    }
}

func format(_ seconds: Double) -> String {
    if seconds < 1e-3 { return String(format: "%.1f µs", seconds * 1e6) }
    if seconds < 1 { return String(format: "%.1f ms", seconds * 1e3) }
    return String(format: "%.2f s", seconds)
}
