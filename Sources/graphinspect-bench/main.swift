// graphinspect-bench: figures measured against baselines in the same run, release build.
//   swift run -c release graphinspect-bench [--quick | --smoke] [--only GROUP,...] [--json FILE]
// --quick runs small sizes only, in well under a minute; --smoke runs every figure once, at sizes
// smaller still (the tests run it, in a debug build, to keep it working: `RunSize`).
import Foundation
import GraphInspectGeneratedApp

/// A set of figures that share their set-up; `--only` picks groups by name.
struct Group {
    var name: String
    var summary: String
    var run: (_ quick: Bool) throws -> [Row]
    /// Run only when `--only` names it (its set-up takes minutes).
    var onlyWhenNamed = false
}

let arguments = Array(CommandLine.arguments.dropFirst())
func value(after option: String) -> String? {
    guard let index = arguments.firstIndex(of: option), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}
let quick = arguments.contains("--quick") || RunSize.smoke
// The child of the `instructions` group: one operation, counted under callgrind.
if let operation = value(after: "--op") {
    try InstructionCounts.perform(operation, count: Int(value(after: "--count") ?? "0") ?? 0)
    exit(0)
}
// The child of the `render-memory` group: one process's sequence of renders of one picture.
if let renders = value(after: "--render-sequence").flatMap(Int.init) {
    try RenderMemoryBenchmark.sequence(nodes: Int(value(after: "--nodes") ?? "") ?? 2_000, renders: renders, malloc: arguments.contains("--malloc"))
    exit(0)
}
// The build-check group's generated app, written where it can be read by hand (or profiled).
if let folder = value(after: "--write-generated-app") {
    try GeneratedApp(features: 40, ordinaryFilesPerFeature: 75).write(to: URL(fileURLWithPath: folder))
    exit(0)
}
// The scale and explorer groups' generated trace (10,000 components), written to read by hand.
if let path = value(after: "--write-generated-trace") {
    try ScaleBenchmarks.generate(components: 10_000, modules: 1_000, lookupHeavy: arguments.contains("--lookup-heavy"), path: path)
    exit(0)
}
let jsonPath = value(after: "--json")
let dotBinary = ["/usr/bin/dot", "/usr/local/bin/dot", "/opt/homebrew/bin/dot"].first { FileManager.default.isExecutableFile(atPath: $0) }
let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("graphinspect-bench-\(ProcessInfo.processInfo.processIdentifier)")
try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: scratch) }

var groups: [Group] = [
    Group(name: "lookups", summary: "component lookups against Mirror and a stored property read; with each observer") {
        try LookupBenchmarks.run(quick: $0, trace: scratch.appendingPathComponent("lookups.ndjson").path)
    },
    Group(name: "threads", summary: "cached lookups on 8 threads against 1") { LookupBenchmarks.runThreads(quick: $0) },
    Group(name: "modules", summary: "module and router lookups three holders up") { ModuleBenchmarks.run(quick: $0) },
    Group(name: "recording", summary: "events recorded per second in memory and to a trace file; trace reading") {
        try RecordingBenchmarks.run(quick: $0, folder: scratch)
    },
    Group(name: "leaks", summary: "leaks judged with what holds each searched, among 10,000 live objects") { LeakBenchmark.run(quick: $0) },
    Group(name: "app", summary: "a generated app of 10,000 components and 1,000 modules, built and dumped") {
        try AppBenchmark.run(quick: $0)
    },
    Group(name: "capture", summary: "a test's graph capture run in a copy of the process first, against the capture in process alone") {
        try CaptureBenchmark.run(quick: $0)
    },
    Group(name: "query", summary: "graphinspect query's verbs on a 10,000-component trace and, warm, on the build-check benchmark's generated app") {
        try QueryBenchmark.run(quick: $0, folder: scratch)
    },
    Group(name: "scale", summary: "commands on a generated trace of 10,000 components and on 1,000,000 events") {
        try ScaleBenchmarks.run(quick: $0, folder: scratch)
    },
    Group(name: "explorer", summary: "the explorer page of 100, 1,000 and 10,000 components in chromium: first picture, size, pan frames") {
        try ExplorerBenchmark.run(quick: $0, folder: scratch)
    },
    Group(name: "live", summary: "graphinspect live: event-to-page latency at 1,000 and 10,000 events/s, 10,000 components streamed") {
        try LiveBenchmark.run(quick: $0, folder: scratch)
    },
    Group(name: "pictures", summary: "DOT writing; SVG in process against a `dot -Tsvg` subprocess") {
        try PictureBenchmarks.run(sizes: $0 ? [100, 300] : [100, 1_000, 5_000], repeats: $0 ? 3 : 5, dotBinary: dotBinary, folder: scratch)
    },
    Group(name: "render-memory", summary: "resident memory growth over repeated in-process renders") {
        try RenderMemoryBenchmark.run(quick: $0)
    },
    Group(name: "build-loop", summary: "an edit, swift build, swift test in an app with the build plugin, without, and with a floor plugin; only with --only", run: {
        try BuildLoopBenchmark.run(quick: $0, folder: scratch)
    }, onlyWhenNamed: true),
    Group(name: "instructions", summary: "the key operations in instructions (callgrind), against their floors; not with --quick") {
        try InstructionCounts.run(quick: $0)
    },
]

#if canImport(GraphInspectStatic)
// Built with swift-syntax (not when GRAPHINSPECT_WITHOUT_MACROS=1).
groups.insert(Group(name: "check", summary: "graphinspect check over a generated app of 1,000 component types and 10,000 lookups") {
    try CheckBenchmark.run(quick: $0, folder: scratch)
}, at: groups.count - 1)
groups.insert(Group(name: "lsp", summary: "graphinspect lsp driven by a client over pipes on the build-check benchmark's generated app") {
    try LanguageServerBenchmark.run(quick: $0, folder: scratch)
}, at: groups.count - 1)
groups.insert(Group(name: "build-check", summary: "the build plugin's check over a generated app of 3,000 files: cold on one core and all, warm, one file edited") {
    try BuildCheckBenchmark.run(quick: $0, folder: scratch)
}, at: groups.count - 1)
#endif

if arguments.contains("--help") || arguments.contains("-h") {
    print("usage: graphinspect-bench [--quick | --smoke] [--only GROUP,...] [--json FILE]\n\ngroups:")
    for group in groups { print("  \(group.name.padding(toLength: 14, withPad: " ", startingAt: 0))\(group.summary)") }
    exit(0)
}
var selected = groups.filter { !$0.onlyWhenNamed }
if let only = value(after: "--only") {
    let names = only.split(separator: ",").map(String.init)
    if let unknown = names.first(where: { name in !groups.contains { $0.name == name } }) {
        FileHandle.standardError.write(Data("graphinspect-bench: no group named `\(unknown)`; groups: \(groups.map(\.name).joined(separator: ", "))\n".utf8))
        exit(64)
    }
    selected = groups.filter { names.contains($0.name) }
}

#if DEBUG
print("note: a debug build; run `swift run -c release graphinspect-bench` for figures worth keeping")
#endif
if dotBinary == nil, selected.contains(where: { $0.name == "pictures" }) {
    print("note: no `dot` binary (apt-get install graphviz): the subprocess baseline is skipped")
}

var rows: [Row] = []
for group in selected {
    let groupRows = try group.run(quick)
    rows += groupRows
    TableWriter.print(groupRows, title: group.name)
}
if let jsonPath {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    try encoder.encode(rows).write(to: URL(fileURLWithPath: jsonPath))
    print("wrote \(jsonPath)")
}
