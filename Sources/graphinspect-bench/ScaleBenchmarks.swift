import Foundation
import GraphInspect
import GraphInspectDiagram
import GraphInspectGraphviz
import GraphInspectPages
import GraphInspectText
import GraphInspectTrace

/// The commands at a big app's scale: a generated trace of 10,000 components in
/// chains 50 deep, 1,000 modules in 100 holders, 3 lookups per component (5% missing, the rest
/// followed by a cache hit and its repeat), and the same padded to 1,000,000 events with whole
/// cache-hit lines. Each command is timed as the CLI runs it, in process, against reading its
/// input, the floor every command stands on.
enum ScaleBenchmarks {
    /// Writes the generated trace to `path`; returns its event count.
    @discardableResult
    /// `lookupHeavy`: every component its own type and three providers of distinct names and types,
    /// and each lookup one of an ancestor's (the explorer's page grows with distinct names).
    /// `spreadTo`: after the tree, rounds over every component, each making one more cache-hit
    /// lookup and repeating it twice (`repeated` lines), until the trace holds that many events:
    /// lookups spread over every requester, as an app's are, not one requester's run.
    static func generate(components: Int, modules: Int, padTo events: Int = 0, spreadTo spread: Int = 0, lookupHeavy: Bool = false, path: String) throws -> Int {
        var generator = SplitMix(seed: 7)
        var lines = [#"{"format":"graphinspect-trace","version":2,"pid":1,"program":"generated"}"#]
        lines.append(#"{"event":"created","id":1,"kind":"component","type":"Gen.Root","providers":["# + (0..<3).map { #"{"name":"root\#($0)","type":"Gen.S\#($0)","form":"stored"}"# }.joined(separator: ",") + "]}")
        var parent = [0, 0]
        for id in 2...components {
            let up = (id - 2) % 50 == 0 ? 1 : id - 1
            parent.append(up)
            if lookupHeavy {
                let providers = (0..<3).map { #"{"name":"service\#(id)_\#($0)","type":"App.Feature\#(id)Service\#($0)","form":"stored"}"# }
                lines.append(#"{"event":"created","id":\#(id),"kind":"component","type":"App.Feature\#(id)Component","parent":\#(up),"providers":[\#(providers.joined(separator: ","))]}"#)
            } else {
                lines.append(#"{"event":"created","id":\#(id),"kind":"component","type":"Gen.C\#(id % 200)","parent":\#(up),"providers":[{"name":"p\#(id)","type":"Gen.A","form":"stored"}]}"#)
            }
        }
        var lastHit = 0
        for id in 2...components {
            var chain: [Int] = []
            var current = id
            while current != 0 { chain.append(current); current = parent[current] }
            for k in 0..<3 {
                if generator.next() % 100 < 5 {
                    lines.append(#"{"event":"lookup","requester":\#(id),"name":"missing\#(k)","type":"Gen.X","walk":[\#(chain.map(String.init).joined(separator: ","))],"cacheHit":false}"#)
                    continue
                }
                let provider = chain[Int(generator.next() % UInt64(chain.count))]
                let (name, type) = provider == 1 ? ("root\(k)", "Gen.S\(k)")
                    : lookupHeavy ? ("service\(provider)_\(k)", "App.Feature\(provider)Service\(k)") : ("p\(provider)", "Gen.A")
                let walk = chain.prefix { $0 != provider } + [provider]
                lines.append(#"{"event":"lookup","requester":\#(id),"name":"\#(name)","type":"\#(type)","walk":[\#(walk.map(String.init).joined(separator: ","))],"provider":\#(provider),"cacheHit":false}"#)
                lines.append(#"{"event":"lookup","requester":\#(id),"name":"\#(name)","type":"\#(type)","walk":[\#(id)],"provider":\#(provider),"cacheHit":true}"#)
                lastHit = lines.count
                lines.append(#"{"event":"repeated","line":\#(lastHit)}"#)
            }
        }
        var next = components + 1
        let holders = max(1, modules / 10)
        var holderIDs: [Int] = []
        for index in 0..<holders {
            let up = index == 0 ? "" : #","parent":\#(holderIDs[(index - 1) / 4])"#
            lines.append(#"{"event":"created","id":\#(next),"kind":"holder","type":"Gen.Holder","key":"h\#(index)","component":1\#(up)}"#)
            holderIDs.append(next)
            next += 1
        }
        for index in 0..<modules {
            let holder = holderIDs[index % holders], component = 2 + (index * 7) % (components - 1)
            let (run, module, router) = (next, next + 1, next + 2)
            next += 3
            lines += [
                #"{"event":"builderStarted","run":\#(run),"builder":"Gen.B\#(index)","parentComponent":1,"holder":\#(holder),"context":["Gen.Context"]}"#,
                #"{"event":"created","id":\#(module),"kind":"module","type":"Gen.M\#(index % 50)","key":"m\#(index)","parent":\#(holder),"component":\#(component)}"#,
                #"{"event":"builderFinished","run":\#(run),"module":\#(module)}"#,
                #"{"event":"moduleAttached","holder":\#(holder),"module":\#(module)}"#,
                #"{"event":"created","id":\#(router),"kind":"router","type":"Gen.R","parent":\#(module)}"#,
                #"{"event":"routerAttached","module":\#(module),"router":\#(router)}"#,
                #"{"event":"moduleLookup","requester":\#(holder),"key":"m\#(index)","target":"module","walk":[\#(holder)],"module":\#(module),"holder":\#(holder)}"#,
            ]
        }
        if events > lines.count - 1 {
            let hit = lines[lastHit - 1]
            lines += Array(repeating: hit, count: events - (lines.count - 1))
        }
        var round = 0
        while spread > lines.count - 1 {
            for id in 2...components where spread > lines.count - 1 {
                let provider = parent[id] == 0 ? 1 : parent[id]
                let name = provider == 1 ? "root\(round % 3)" : "p\(provider)"
                let type = provider == 1 ? "Gen.S\(round % 3)" : "Gen.A"
                lines.append(#"{"event":"lookup","requester":\#(id),"name":"\#(name)","type":"\#(type)","walk":[\#(id)],"provider":\#(provider),"cacheHit":true}"#)
                let hit = lines.count
                lines += [#"{"event":"repeated","line":\#(hit)}"#, #"{"event":"repeated","line":\#(hit)}"#]
            }
            round += 1
        }
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path))
        return lines.count - 1
    }

    static func run(quick: Bool, folder: URL) throws -> [Row] {
        let (components, modules, padded) = quick ? (500, 50, RunSize.quick(50_000, smoke: 10_000)) : (10_000, 1_000, 1_000_000)
        let base = folder.appendingPathComponent("scale.ndjson").path
        let big = folder.appendingPathComponent("scale-padded.ndjson").path
        let events = try generate(components: components, modules: modules, path: base)
        try generate(components: components, modules: modules, padTo: padded, path: big)
        let repeats = quick ? 1 : 3
        let size = "\(grouped(Double(components), decimals: 0)) components, \(grouped(Double(events), decimals: 0)) events"
        let read = try Sample.measure(repeats: repeats) { blackHole(try TraceReader().read(path: base)) }
        let snapshot = try TraceReader().read(path: base).snapshot
        var rows: [Row] = []
        for kind in Replay.Kind.allCases {
            let replay = try Sample.measure(repeats: repeats) {
                let snapshot = try TraceReader().read(path: base).snapshot
                blackHole(ReplayTextWriter().write(Replay.build(kind, from: snapshot)))
            }
            rows.append(Row("scale", "replay --diagram \(kind.rawValue), text, \(size)", .seconds, replay, baseline: ("reading the trace", read), target: quick ? nil : .below(5)))
        }
        let why = try Sample.measure(repeats: repeats) {
            let snapshot = try TraceReader().read(path: base).snapshot
            blackHole(snapshot.failures().map { $0.report(style: .plain) }.joined(separator: "\n\n"))
        }
        rows.append(Row("scale", "why, \(size)", .seconds, why, baseline: ("reading the trace", read), target: quick ? nil : .below(5)))

        let paddedSize = "\(grouped(Double(padded), decimals: 0)) events"
        let readBig = try Sample.measure(repeats: 1) { blackHole(try TraceReader().read(path: big)) }
        let whyBig = try Sample.measure(repeats: 1) {
            let snapshot = try TraceReader().read(path: big).snapshot
            blackHole(snapshot.failures().map { $0.report(style: .plain) }.joined(separator: "\n\n"))
        }
        rows.append(Row("scale", "why, \(paddedSize)", .seconds, whyBig, baseline: ("reading the trace", readBig), target: quick ? nil : .below(5)))
        let textBig = try Sample.measure(repeats: 1) { blackHole(TreeTextWriter().write(try TraceReader().read(path: big).snapshot)) }
        rows.append(Row("scale", "dump text, \(paddedSize)", .seconds, textBig, baseline: ("reading the trace", readBig), target: nil))
        // Pictures and why of the same trace against the text dump (a picture of 34
        // nodes cost what the million lookups it never draws did, 13-16 s against 4-7 s).
        rows += try summarisedPictures(of: big, size: paddedSize, text: textBig, quick: quick)
        rows.append(Row("scale", "why, \(paddedSize), against the text dump", .seconds, whyBig, baseline: ("dump text", textBig), target: quick ? nil : .slowerThanBaselineAtMost(1.5)))

        // The same size with its lookups spread over every requester (a lookup and two repeats
        // per component per round): the summary draws a few nodes that make few of the lookups,
        // and what it does not draw must cost no more than skipping it.
        let spread = folder.appendingPathComponent("scale-spread.ndjson").path
        try generate(components: components, modules: modules / 30, spreadTo: padded, path: spread)
        let spreadSize = "\(paddedSize), lookups spread over every component"
        let readSpread = try Sample.measure(repeats: 1) { blackHole(try TraceReader().read(path: spread)) }
        let textSpread = try Sample.measure(repeats: 1) { blackHole(TreeTextWriter().write(try TraceReader().read(path: spread).snapshot)) }
        rows.append(Row("scale", "dump text, \(spreadSize)", .seconds, textSpread, baseline: ("reading the trace", readSpread), target: nil))
        rows += try summarisedPictures(of: spread, size: spreadSize, text: textSpread, quick: quick)

        // Pictures: `dump --format svg` as the CLI draws it by default (summarised above 150
        // nodes), and `--full` (every node and lookup) at 200 and 1,000 components (above 200
        // lookup edges, requesters list their lookups: `DOTWriter.lookupEdgesUpTo`).
        let svg = try Sample.measure(repeats: 1) {
            let diagram = try DiagramBuilder(options: DiagramOptions(summarizeAbove: 150)).build(snapshot).foldingLookups(above: DOTWriter.lookupEdgesUpTo)
            blackHole(try GraphvizRenderer.render(dot: DOTWriter().write(diagram)))
        }
        rows.append(Row("scale", "dump --format svg, \(size)", .seconds, svg, baseline: ("reading the trace", read), target: quick ? nil : .below(10)))
        for count in quick ? [100] : [200, 1_000] {
            let small = folder.appendingPathComponent("scale-\(count).ndjson").path
            try generate(components: count, modules: count / 10, path: small)
            let smallSnapshot = try TraceReader().read(path: small).snapshot
            let readSmall = try Sample.measure(repeats: 1) { blackHole(try TraceReader().read(path: small)) }
            let full = try Sample.measure(repeats: 1) {
                let diagram = try DiagramBuilder(options: DiagramOptions()).build(smallSnapshot).foldingLookups(above: DOTWriter.lookupEdgesUpTo)
                blackHole(try GraphvizRenderer.render(dot: DOTWriter().write(diagram)))
            }
            rows.append(Row("scale", "dump --format svg --full, \(count) components with their lookups", .seconds, full,
                            baseline: ("reading the trace", readSmall), target: count == 1_000 ? .below(10) : nil))
        }
        return rows
    }
}

extension ScaleBenchmarks {
    /// `dump --format dot` and `--format svg` of the trace at `path` as the CLI draws it by
    /// default (summarised above 150 nodes), against its text dump.
    static func summarisedPictures(of path: String, size: String, text: Sample, quick: Bool) throws -> [Row] {
        let summary = DiagramOptions(summarizeAbove: 150)
        let dot = try Sample.measure(repeats: 1) {
            let snapshot = try TraceReader().read(path: path).snapshot
            blackHole(DOTWriter().write(try DiagramBuilder(options: summary).build(snapshot).foldingLookups(above: DOTWriter.lookupEdgesUpTo)))
        }
        let svg = try Sample.measure(repeats: 1) {
            let snapshot = try TraceReader().read(path: path).snapshot
            let diagram = try DiagramBuilder(options: summary).build(snapshot).foldingLookups(above: DOTWriter.lookupEdgesUpTo)
            blackHole(try GraphvizRenderer.render(dot: DOTWriter().write(diagram)))
        }
        return [
            Row("scale", "dump --format dot, \(size)", .seconds, dot, baseline: ("dump text", text), target: quick ? nil : .slowerThanBaselineAtMost(1.5)),
            Row("scale", "dump --format svg, \(size)", .seconds, svg, baseline: ("dump text", text), target: quick ? nil : .slowerThanBaselineAtMost(1.5)),
        ]
    }
}

/// A small deterministic generator, so every run generates the same trace.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
