#if canImport(GraphInspectStatic)
import Foundation
import GraphInspectGeneratedApp
import GraphInspect
import GraphInspectCheckContract
import GraphInspectDiagram
import GraphInspectRules
import GraphInspectRulesYAML
import GraphInspectStatic
import GraphInspectText
import SwiftParser
import SwiftSyntax

/// `graphinspect check` as the build plugin runs it, over a generated app (`GeneratedApp`: about
/// 3,000 files, mostly ordinary code), against SwiftParser parsing the same files on one core in
/// the same run: cold on one core and on all, warm with nothing changed, after a one-file edit,
/// and the analysis every edit must redo, the floor of an edited build; and a rules file with
/// every rule held against the static graph, as the plugin's tool does when the package has one.
enum BuildCheckBenchmark {
    static func run(quick: Bool, folder: URL) throws -> [Row] {
        let app = GeneratedApp(features: quick ? 11 : 40, ordinaryFilesPerFeature: quick ? RunSize.quick(4, smoke: 1) : 75)
        let root = folder.appendingPathComponent("build-check-app")
        let paths = try app.write(to: root)
        let sources = root.appendingPathComponent("Sources").path
        let files = try StaticReader.files(in: [sources])
        let lines = files.reduce(0) { $0 + $1.text.utf8.reduce(0) { $0 + ($1 == 10 ? 1 : 0) } }
        let repeats = quick ? 1 : 3
        let cores = ProcessInfo.processInfo.activeProcessorCount
        // As the plugin's tool reads: leaving what it read to the exit, which the benchmark, reading
        // again and again, frees between the runs it times.
        func check(threads: Int, cachePath: String? = nil) throws -> StaticReading.Findings {
            try StaticCheck.findings([sources], options: StaticReader.Options(threads: threads, cachePath: cachePath, leavesMemoryToExit: true))
        }
        let free = StaticReader.releaseMemoryLeftToExit
        let expected = try check(threads: 1)
        free()
        let errors = expected.diagnostics.filter { $0.severity == .error }
        guard errors.count == app.planted.count, expected.diagnostics.allSatisfy({ $0.severity != .warning }) else {
            throw benchError("check found \(errors.count) errors and \(expected.diagnostics.count - errors.count) other findings in the generated app, expected \(app.planted.count) errors: \(expected.diagnostics.map { $0.formatted() })")
        }
        var peak = 0.0
        let allCores = try Sample.measure(repeats: repeats, {
            PeakMemory.reset()
            blackHole(try check(threads: cores))
            peak = max(peak, PeakMemory.resident())
        }, after: free)

        // A cold check on one core and its floor, measured in turns (one run of each per round), so
        // a change in the machine's load falls on all of them: parsing alone; the least any reading
        // of the trees does (each file parsed and every node visited once); the analysis relating
        // every file (the sources already read and in memory), which every check runs whole.
        let prepared = StaticReader.prepare(files, options: StaticReader.Options())
        let walker = EveryNode()
        var made: [StaticGraph] = []
        let analyse = {
            let graph = StaticReader.graph(of: prepared)
            guard graph.errors.count == app.planted.count else { throw benchError("the analysis alone found \(graph.errors.count) errors") }
            made.append(graph)
        }
        let cold = try Sample.interleavedTimes(repeats: repeats, [
            ({ for file in files { blackHole(Parser.parse(source: file.text)) } }, {}),
            ({ for file in files { walker.walk(Parser.parse(source: file.text)) } }, {}),
            (analyse, { made.removeAll() }),
            ({ guard try check(threads: 1) == expected else { throw benchError("the check on one core found other findings") } }, free),
        ])
        blackHole(walker.count)
        let parse = Sample(of: cold[0]), parseAndWalk = Sample(of: cold[1]), oneCore = Sample(of: cold[3])
        // The "within 2x of parsing" took parsing for the floor; the floor is 1.5 to 1.9x of
        // parsing, so that target sits at it. Its factor is held against the floor measured here.
        let floor = Sample(of: zip(cold[1], cold[2]).map(+))

        // The plugin's cache: filled once, then read.
        let cache = folder.appendingPathComponent("build-check-cache").path
        try? FileManager.default.removeItem(atPath: cache)
        let start = DispatchTime.now().uptimeNanoseconds
        blackHole(try check(threads: cores, cachePath: cache))
        let filling = Sample(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        free()
        let warm = try Sample.measure(repeats: quick ? 3 : 10, {
            let (found, reuse) = try StaticCheck.findingsAndReuse([sources], options: StaticReader.Options(threads: cores, cachePath: cache, leavesMemoryToExit: true))
            guard found == expected else { throw benchError("the cached findings differ from the uncached") }
            guard reuse.answeredBy == .wholeRun else { throw benchError("the warm check was not the last reading: \(reuse.declined)") }
        }, after: free)
        // Each run edits another screen file (a comment added), as a developer's build does; in
        // turns with the analysis alone, the floor of an edited build.
        let screens = paths.filter { $0.contains("Screen") }
        var edits = 0
        let editing = try Sample.interleavedTimes(repeats: quick ? 3 : 10, [
            ({
                let path = screens[(edits * 37) % screens.count]
                edits += 1
                try (String(contentsOfFile: path, encoding: .utf8) + "// edit \(edits)\n").write(toFile: path, atomically: false, encoding: .utf8)
                let found = try check(threads: cores, cachePath: cache)
                guard found.diagnostics == expected.diagnostics else { throw benchError("an edited comment changed the findings") }
            }, free),
            (analyse, { made.removeAll() }),
        ])
        let edited = Sample(of: editing[0]), analysis = Sample(of: editing[1])

        // Edits as a developer makes them, on one core, in turns with parsing (the rows' baseline),
        // each run in another file: a comment line added inside a body (the lines after it move),
        // statements added inside a body (a constant printed, a parameter, a member of a local, a
        // call of the app's code), a
        // comment line above the lookups of a file with a finding, a provider added to a feature's
        // component or removed again; and the CLI's reading over unchanged files, drawn in text,
        // JSON and DOT.
        func rewrite(_ path: String, _ change: (String) -> String) throws {
            try change(try String(contentsOfFile: path, encoding: .utf8)).write(toFile: path, atomically: false, encoding: .utf8)
        }
        // A provider is named in the reports of the walks that pass it, so after one is added the
        // findings are the same at the same places, their walks listing it.
        func places(_ diagnostics: [StaticDiagnostic]) -> [[String]] { diagnostics.map { [$0.position.description, $0.message] } }
        // While a comment line stands above a finding (the turn below adds it, the next takes it
        // out): its file, and the first line that moved down.
        var movedDown: (file: String, from: Int)?
        func expectFindings(_ found: StaticReading.Findings, _ what: String) throws {
            let want = expected.diagnostics.map { diagnostic in
                var diagnostic = diagnostic
                if let movedDown, diagnostic.position.file == movedDown.file, diagnostic.position.line >= movedDown.from { diagnostic.position.line += 1 }
                return diagnostic
            }
            guard places(found.diagnostics) == places(want), found.warnings.isEmpty else { throw benchError("\(what) changed the findings: \(found.warnings)") }
        }
        let components = paths.filter { $0.hasSuffix("Components.swift") }
        let cliCache = folder.appendingPathComponent("build-check-cli-cache").path
        try? FileManager.default.removeItem(atPath: cliCache)
        // The generated app's files with a finding (a lookup nothing provides): an edit there moves
        // what the reading names.
        let withFindings = Array(Set(expected.diagnostics.map(\.position.file).filter { $0.hasSuffix("Modules.swift") })).sorted()
        guard !withFindings.isEmpty else { throw benchError("the generated app has no finding in a modules file") }
        var providers = 0, named = 0, drawn = 0
        // One line put before `marker` in another screen file each run (`stride` apart), then checked.
        func screenEdit(stride: Int, before marker: String, _ what: String, _ line: @escaping (Int) -> String) -> (body: () throws -> Void, after: () -> Void) {
            var runs = 0
            return ({
                runs += 1
                try rewrite(screens[(runs * stride) % screens.count]) { $0.replacingOccurrences(of: marker, with: line(runs) + "\n" + marker) }
                try expectFindings(try check(threads: 1, cachePath: cache), what)
            }, free)
        }
        let turns = try Sample.interleavedTimes(repeats: quick ? 3 : 8, [
            ({ for file in files { blackHole(Parser.parse(source: file.text)) } }, {}),
            screenEdit(stride: 53, before: "        var all: ", "a comment in a body") { "        // note \($0)" },
            screenEdit(stride: 71, before: "        var all: ", "a statement in a body") { "        print(\($0))" },
            // A statement that reads the function's parameter whole: inert, it changes nothing.
            screenEdit(stride: 89, before: "        var all: ", "a statement reading a parameter in a body") { "        print(pages + \($0))" },
            // A member of a local the analysis never gives an object (`all` is written only `[]`):
            // inert too.
            screenEdit(stride: 97, before: "        return all\n", "a statement reading a member of a local in a body") { "        print(all.count + \($0))" },
            // A call of the app's code that runs nothing (`loadAll` gathers pages from `load`, a
            // requirement nothing implements): inert.
            screenEdit(stride: 101, before: "        return all\n", "a call of the app's code that runs nothing") { "        print(try await loadAll(pages: \($0)).count)" },
            // A call of the app's code that runs some (`select` writes the view model's state):
            // the analysis runs whole (it makes no lookup; the findings stay).
            screenEdit(stride: 103, before: "        _ = titles.count\n", "a call of the app's code that runs some") { "        if \($0) < 0 { select(id) }" },
            ({
                // A comment line added above the lookups of a file with a finding, then taken out:
                // the file's positions move, the finding's among them.
                named += 1
                let path = withFindings[((named + 1) / 2) % withFindings.count]
                let marker = "        let store: ", note = "        // checked \(named / 2)\n"
                movedDown = nil
                try rewrite(path) { text in
                    guard named % 2 == 1 else { return text.replacingOccurrences(of: "        // checked \((named - 1) / 2)\n", with: "") }
                    guard let range = text.range(of: marker) else { return text }
                    movedDown = (path, text[..<range.lowerBound].filter { $0 == "\n" }.count + 1)
                    return text.replacingCharacters(in: range, with: note + marker)
                }
                try expectFindings(try check(threads: 1, cachePath: cache), "a comment above a finding")
            }, free),
            ({
                providers += 1
                // Added to one feature's component, then removed from it: each an edit of a provider.
                let path = components[((providers + 1) / 2 * 7) % components.count]
                try rewrite(path) { text in
                    let (marker, replacement) = providers % 2 == 1
                        ? ("Component: Component {\n", "Component: Component {\n    public let extra\(providers) = Date()\n")
                        : ("    public let extra\(providers - 1) = Date()\n", "")
                    guard let range = text.range(of: marker) else { return text }
                    return text.replacingCharacters(in: range, with: replacement)
                }
                try expectFindings(try check(threads: 1, cachePath: cache), "a provider added or removed")
            }, free),
        ])
        // (A comment left above a finding by the last turn is taken out: what follows expects none.)
        if let left = movedDown {
            try rewrite(left.file) { $0.replacingOccurrences(of: "        // checked \(named / 2)\n", with: "") }
            movedDown = nil
        }
        let parseInTurns = ("parsing the files on one core, in turns with these", Sample(of: turns[0]))
        // Calls of the app's code that run some, one after another in other screen files: each
        // edit is judged against the fixed point the run before kept and drawn from it. The
        // provider edit above spent the fixed point (a declaration changed), so one run first
        // analyses whole and keeps one (untimed); in turns with parsing.
        try rewrite(screens[0]) { $0.replacingOccurrences(of: "        _ = titles.count\n", with: "        if 0 < -1 { select(id) }\n        _ = titles.count\n") }
        try expectFindings(try check(threads: 1, cachePath: cache), "a call of the app's code that runs some, analysed whole")
        free()
        let afterBodyEdits = try Sample.interleavedTimes(repeats: quick ? 3 : 8, [
            ({ for file in files { blackHole(Parser.parse(source: file.text)) } }, {}),
            screenEdit(stride: 107, before: "        _ = titles.count\n", "a call of the app's code that runs some, drawn from the fixed point") { "        if \($0) < -1 { select(id) }" },
        ])
        // The CLI's reading over unchanged files (its cache filled by the first run), in turns with parsing.
        func draw(_ snapshot: GraphSnapshot) throws -> Int {
            TreeTextWriter().write(snapshot).utf8.count + (try JSONEncoder().encode(snapshot)).count
                + (try DOTWriter().write(snapshot, options: DiagramOptions(legend: false))).utf8.count
        }
        let graphInMemory = StaticReader.graph(of: prepared)
        let cli = try Sample.interleavedTimes(repeats: quick ? 3 : 8, [
            ({ for file in files { blackHole(Parser.parse(source: file.text)) } }, {}),
            ({
                let reading = try StaticCheck.reading([sources], options: StaticReader.Options(threads: 1, cachePath: cliCache, leavesMemoryToExit: true))
                guard places(reading.diagnostics) == places(expected.diagnostics), reading.warnings.isEmpty else { throw benchError("the CLI's reading differs: \(reading.warnings)") }
                drawn = try draw(reading.snapshot)
            }, free),
            // Its floor: the build tool's check over the same files, and drawing a snapshot in memory.
            ({ try expectFindings(try check(threads: 1, cachePath: cliCache), "nothing") }, free),
            ({ blackHole(try draw(graphInMemory.snapshot)) }, {}),
        ])
        let cliFloor = Sample(of: zip(cli[2], cli[3]).map(+))
        let rebuilt = try rebuiltTool(sources: sources, files: files.map(\.path), folder: folder, repeats: quick ? 3 : 8, parse: { for file in files { blackHole(Parser.parse(source: file.text)) } })

        // Every rule, held against the static graph the analysis made.
        YAMLRulesParser.install()
        let rules = try RuleSetReader.read(text: """
            rules:
              forbidden-lookup:
                - requester: "Feature10.*"
                  provider: "Feature2.*"
                - requester: "App.*"
                  name: "payment*"
              max-hops: 6
              max-depth: 40
              max-children: 60
              shadowing: warning
              unused-provider: warning
              router-required: {severity: warning, types: "*Module"}
            """, path: "graphinspect.yml")
        let graph = StaticReader.graph(of: prepared)
        let input = RulesInput(snapshot: graph.snapshot, places: graph.places, origin: .sources)
        var ruleFindings = 0
        let held = Sample.measure(repeats: repeats) { ruleFindings = RulesEngine(rules: rules).findings(in: input).count }
        // What is true of the generated app: its modules have no routers, and feature 10's screens
        // (feature 10 sits below feature 2) resolve feature 2's analytics; nothing else breaks these
        // rules (its providers are all looked up or read, its trees shallow, nothing shadowed).
        // Any other finding is a false one.
        let found = RulesEngine(rules: rules).findings(in: input)
        let routers = found.filter { $0.rule == "router-required" }, forbidden = found.filter { $0.rule == "forbidden-lookup" }
        guard routers.count == graph.snapshot.nodes.filter({ $0.kind == .module }).count,
            forbidden.allSatisfy({ $0.position?.file.contains("/Feature10/") == true && $0.message.contains(" from F2Component,") }),
            routers.count + forbidden.count == found.count
        else {
            throw benchError("the rules found what is not true of the generated app: \(found.map(\.diagnostic).map { $0.formatted() })")
        }

        let size = "\(grouped(Double(files.count), decimals: 0)) files, \(grouped(Double(lines), decimals: 0)) lines"
        let parsing = ("parsing the files on one core (SwiftParser)", parse)
        var rows = [
            Row("build-check", "check, generated app (\(size)), cold, one core", .seconds, oneCore, baseline: parsing, target: quick ? nil : .slowerThanBaselineAtMost(2)),
            Row("build-check", "parsing and visiting every node once (SwiftSyntax's SyntaxVisitor), one core", .seconds, parseAndWalk, baseline: parsing),
            Row("build-check", "a cold check's floor: parsing, visiting every node, the analysis alone", .seconds, floor, baseline: parsing),
            Row("build-check", "check, cold, one core, against its floor", .seconds, oneCore, baseline: ("the floor", floor), target: quick ? nil : .slowerThanBaselineAtMost(2)),
            Row("build-check", "the same on \(cores) cores", .seconds, allCores, baseline: ("on one core", oneCore)),
            Row("build-check", "the same, filling an empty cache", .seconds, filling, baseline: ("with no cache", allCores)),
            Row("build-check", "warm: nothing changed, cache read", .seconds, warm, baseline: parsing, target: quick ? nil : .slowerThanBaselineAtMost(0.05)),
            Row("build-check", "a comment added at a file's end, cache read", .seconds, edited, baseline: parsing, target: quick ? nil : .slowerThanBaselineAtMost(0.1)),
            Row("build-check", "a comment line added inside a body (the lines below move), one core", .seconds, Sample(of: turns[1]), baseline: parseInTurns, target: quick ? nil : .slowerThanBaselineAtMost(0.1)),
            Row("build-check", "a statement added inside a body (`print(N)`: outside code, a constant), one core", .seconds, Sample(of: turns[2]), baseline: parseInTurns, target: quick ? nil : .slowerThanBaselineAtMost(0.1)),
            Row("build-check", "a statement reading a parameter added inside a body (`print(pages + N)`: a variable read whole), one core", .seconds, Sample(of: turns[3]), baseline: parseInTurns, target: quick ? nil : .slowerThanBaselineAtMost(0.1)),
            Row("build-check", "a statement reading a member of a local added inside a body (`print(all.count + N)`: a local that never holds an object), one core", .seconds, Sample(of: turns[4]), baseline: parseInTurns, target: quick ? nil : .slowerThanBaselineAtMost(0.1)),
            Row("build-check", "a call of the app's code that runs nothing added inside a body (`print(try await loadAll(pages: N).count)`), one core", .seconds, Sample(of: turns[5]), baseline: parseInTurns, target: quick ? nil : .slowerThanBaselineAtMost(0.1)),
            Row("build-check", "a call of the app's code that runs some added inside a body (`if N < 0 { select(id) }`), after a provider edit spent the kept fixed point: the analysis runs whole, one core", .seconds, Sample(of: turns[6]), baseline: parseInTurns),
            Row("build-check", "a call of the app's code that runs some added inside a body, after body edits: drawn from the fixed point the last run kept, one core", .seconds, Sample(of: afterBodyEdits[1]),
                baseline: ("parsing the files on one core, in turns with it", Sample(of: afterBodyEdits[0])), target: quick ? nil : .slowerThanBaselineAtMost(0.1)),
            Row("build-check", "a comment line added above the lookups of a file with a finding (its positions move), one core", .seconds, Sample(of: turns[7]), baseline: parseInTurns, target: quick ? nil : .slowerThanBaselineAtMost(0.1)),
            Row("build-check", "a provider added or removed, one core", .seconds, Sample(of: turns[8]), baseline: parseInTurns, target: quick ? nil : .slowerThanBaselineAtMost(0.1)),
            Row("build-check", "the CLI's reading over unchanged files, drawn as text, JSON and DOT (\(drawn / 1024) KB), one core", .seconds, Sample(of: cli[1]),
                baseline: ("parsing the files on one core, in turns with it", Sample(of: cli[0])), target: quick ? nil : .slowerThanBaselineAtMost(0.05)),
            Row("build-check", "the same against its floor: the build tool's check over the same files, and drawing the snapshot in memory", .seconds, Sample(of: cli[1]),
                baseline: ("the floor", cliFloor), target: quick ? nil : .slowerThanBaselineAtMost(1.5)),
            Row("build-check", "the analysis alone, every file read and in memory (what an edit must redo)", .seconds, analysis, baseline: parsing),
            Row("build-check", "a statement added inside a body, against the analysis alone", .seconds, Sample(of: turns[2]), baseline: ("the analysis alone", analysis), target: quick ? nil : .slowerThanBaselineAtMost(1.5)),
            Row("build-check", "a call of the app's code that runs some added inside a body, the analysis whole, against the analysis alone", .seconds, Sample(of: turns[6]), baseline: ("the analysis alone", analysis), target: quick ? nil : .slowerThanBaselineAtMost(1.5)),
            Row("build-check", "the same drawn from the kept fixed point, against the analysis alone", .seconds, Sample(of: afterBodyEdits[1]), baseline: ("the analysis alone", analysis), target: quick ? nil : .slowerThanBaselineAtMost(1)),
            Row("build-check", "every rule of a rules file held against the static graph (\(ruleFindings) findings)", .seconds, held, baseline: ("the analysis alone", analysis), target: quick ? nil : .slowerThanBaselineAtMost(0.1)),
        ]
        if let rebuilt {
            rows.append(Row("build-check", "a rebuilt build tool (the same sources; copied: another path and time) over the cache the first wrote, the whole process", .seconds,
                            rebuilt.tool, baseline: ("parsing the files on one core, in turns with it", rebuilt.parse), target: quick ? nil : .slowerThanBaselineAtMost(0.05)))
            rows.append(Row("build-check", "a process reading every file and exiting (`cat`, its output read as the tool's is): the floor of the row above", .seconds,
                            rebuilt.floor, baseline: ("parsing the files on one core, in turns with it", rebuilt.parse)))
            rows.append(Row("build-check", "the rebuilt build tool over the same cache, against that floor", .seconds,
                            rebuilt.tool, baseline: ("a process reading every file", rebuilt.floor), target: quick ? nil : .slowerThanBaselineAtMost(2)))
        }
        if peak > 0 {
            rows.append(Row("build-check", "peak resident memory, check of the generated app on \(cores) cores", .bytes, Sample(peak), target: .below(500 * 1024 * 1024)))
        }
        return rows
    }

    /// The build tool (`graphinspect-build-check`, built beside the benchmark by scripts/bench) run
    /// over `sources` to fill a cache, then a copy of it (another path, a new modification time: a
    /// tool built again from the same sources) run over that cache, in turns with `parse` and with
    /// the floor of any process that answers from the files: `cat` started on every file, reading
    /// each and exiting. Nil when the tool is not beside the benchmark.
    static func rebuiltTool(sources: String, files: [String], folder: URL, repeats: Int, parse: @escaping () -> Void) throws -> (tool: Sample, parse: Sample, floor: Sample)? {
        let tool = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("graphinspect-build-check")
        guard FileManager.default.isExecutableFile(atPath: tool.path) else { return nil }
        let cache = folder.appendingPathComponent("build-check-tool-cache").path
        try? FileManager.default.removeItem(atPath: cache)
        let copy = folder.appendingPathComponent("rebuilt/graphinspect-build-check")
        try? FileManager.default.removeItem(at: copy.deletingLastPathComponent())
        try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
        func run(_ executable: URL, _ arguments: [String]) throws -> String {
            let process = Process()
            process.executableURL = executable
            process.arguments = arguments
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return text
        }
        let arguments = ["--cache-path", cache, folder.appendingPathComponent("build-check-output.swift").path, sources]
        _ = try run(tool, arguments)
        Thread.sleep(forTimeInterval: 1.1)
        try FileManager.default.copyItem(at: tool, to: copy)
        let cat = URL(fileURLWithPath: "/bin/cat")
        let times = try Sample.interleavedTimes(repeats: repeats, [
            (parse, {}),
            ({
                let text = try run(copy, arguments)
                guard !text.contains("warning: graphinspect check: ignored the cache") else { throw benchError("the rebuilt tool ignored the cache: \(text.prefix(300))") }
            }, {}),
            ({ blackHole(try run(cat, files).utf8.count) }, {}),
        ])
        return (Sample(of: times[1]), Sample(of: times[0]), Sample(of: times[2]))
    }

    /// Visits every node of a tree and counts its tokens: the least work any reading of a tree does.
    final class EveryNode: SyntaxVisitor {
        var count = 0

        init() { super.init(viewMode: .sourceAccurate) }

        override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
            count += 1
            return .visitChildren
        }
    }

    static func benchError(_ message: String) -> NSError {
        NSError(domain: "graphinspect-bench", code: 1, userInfo: [NSLocalizedDescriptionKey: message])
    }
}
#endif
