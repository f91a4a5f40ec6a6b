// graphinspect-bench: figures measured against baselines in the same run, release build.
//   swift run -c release graphinspect-bench [--quick] [--json FILE]
// --quick runs small sizes only, in well under a minute (the tests run it to keep it working).
import Foundation

let arguments = CommandLine.arguments.dropFirst()
let quick = arguments.contains("--quick")
let jsonPath = arguments.firstIndex(of: "--json").flatMap { arguments.index(after: $0) < arguments.endIndex ? arguments[arguments.index(after: $0)] : nil }
let dotBinary = ["/usr/bin/dot", "/usr/local/bin/dot", "/opt/homebrew/bin/dot"].first { FileManager.default.isExecutableFile(atPath: $0) }

#if DEBUG
print("note: a debug build; run `swift run -c release graphinspect-bench` for figures worth keeping")
#endif
if dotBinary == nil {
    print("note: no `dot` binary (apt-get install graphviz): the subprocess baseline is skipped")
}

let trace = FileManager.default.temporaryDirectory.appendingPathComponent("bench-\(ProcessInfo.processInfo.processIdentifier).ndjson").path
defer { try? FileManager.default.removeItem(atPath: trace) }
var rows = try LookupBenchmarks.run(quick: quick, trace: trace)
rows += try PictureBenchmarks.run(sizes: quick ? [100, 300] : [100, 1_000, 5_000], repeats: quick ? 3 : 5, dotBinary: dotBinary)

let nameWidth = rows.map(\.name.count).max() ?? 10
func pad(_ text: String, _ width: Int) -> String { text + String(repeating: " ", count: max(0, width - text.count)) }
print(pad("figure", nameWidth) + "  median     min        max        baseline (median)            ratio (baseline / figure)")
for row in rows {
    let isNanoseconds = row.name.hasSuffix("(ns)")
    func value(_ number: Double) -> String { isNanoseconds ? String(format: "%.1f", number) : format(number) }
    var line = pad(row.name, nameWidth) + "  " + pad(value(row.measured.median), 10) + " " + pad(value(row.measured.min), 10) + " " + pad(value(row.measured.max), 10)
    if let baseline = row.baseline, let name = row.baselineName, let speedup = row.speedup {
        let isNanoseconds = row.name.hasSuffix("(ns)")
        let shown = isNanoseconds ? String(format: "%.1f", baseline.median) : format(baseline.median)
        line += " " + pad("\(name) \(shown)", 28) + " " + String(format: "%.2fx", speedup)
    }
    print(line)
}
if let jsonPath {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    try encoder.encode(rows).write(to: URL(fileURLWithPath: jsonPath))
    print("wrote \(jsonPath)")
}
