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

let rows = try PictureBenchmarks.run(sizes: quick ? [100, 300] : [100, 1_000, 5_000], repeats: quick ? 3 : 5, dotBinary: dotBinary)

let nameWidth = rows.map(\.name.count).max() ?? 10
func pad(_ text: String, _ width: Int) -> String { text + String(repeating: " ", count: max(0, width - text.count)) }
print(pad("figure", nameWidth) + "  median     min        max        baseline (median)            ratio")
for row in rows {
    var line = pad(row.name, nameWidth) + "  " + pad(format(row.measured.median), 10) + " " + pad(format(row.measured.min), 10) + " " + pad(format(row.measured.max), 10)
    if let baseline = row.baseline, let name = row.baselineName, let speedup = row.speedup {
        line += " " + pad("\(name) \(format(baseline.median))", 28) + " " + String(format: "%.2fx faster", speedup)
    }
    print(line)
}
if let jsonPath {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    try encoder.encode(rows).write(to: URL(fileURLWithPath: jsonPath))
    print("wrote \(jsonPath)")
}
