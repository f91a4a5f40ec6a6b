#if canImport(GraphInspectStatic)
import Foundation
import GraphInspectGeneratedApp
import GraphInspectStatic
import SwiftParser

/// `graphinspect check` over a generated app: component types in a tree (four children each),
/// each made by a builder that makes its children's, each with a module making ten lookups of its
/// ancestors' providers; one module in a hundred asks for a cousin's provider (an error to report).
/// Against the floor of parsing the same files with SwiftParser alone.
enum CheckBenchmark {
    static func run(quick: Bool, folder: URL) throws -> [Row] {
        let types = quick ? 100 : 1_000
        let root = folder.appendingPathComponent("check-app")
        let lookups = try generate(types: types, lookupsEach: 10, in: root)
        let files = try StaticReader.files(in: [root.path])
        let repeats = quick ? 1 : 5
        let parse = Sample.measure(repeats: repeats) {
            for file in files { blackHole(Parser.parse(source: file.text)) }
        }
        var errors = 0
        let check = try Sample.measure(repeats: repeats) {
            let graph = StaticReader.graph(of: try StaticReader.files(in: [root.path]))
            errors = graph.errors.count
            blackHole(graph.diagnostics.map { $0.formatted() }.joined(separator: "\n"))
        }
        guard errors == types / 100 else {
            throw NSError(domain: "graphinspect-bench", code: 1, userInfo: [NSLocalizedDescriptionKey: "check found \(errors) errors in the generated app, expected \(types / 100)"])
        }
        let size = "\(grouped(Double(types), decimals: 0)) component types, \(grouped(Double(lookups), decimals: 0)) lookups, \(files.count) files"
        var rows = [Row("check", "graphinspect check, \(size)", .seconds, check, baseline: ("parsing the files (SwiftParser)", parse), target: quick ? nil : .slowerThanBaselineAtMost(2))]
        rows += try againstTheFloor(files, size: size, repeats: repeats, quick: quick)

        // A chain of builders, each making the next one's component below its own.
        let depth = quick ? RunSize.quick(1_000, smoke: 100) : 10_000
        let chain = folder.appendingPathComponent("check-chain")
        try generateChain(depth: depth, in: chain)
        let chainFiles = try StaticReader.files(in: [chain.path])
        let parseChain = Sample.measure(repeats: 1) {
            for file in chainFiles { blackHole(Parser.parse(source: file.text)) }
        }
        var components = 0
        let checkChain = try Sample.measure(repeats: 1) {
            let graph = StaticReader.graph(of: try StaticReader.files(in: [chain.path]))
            components = graph.summary.components
        }
        guard components == depth + 1 else {
            throw NSError(domain: "graphinspect-bench", code: 1, userInfo: [NSLocalizedDescriptionKey: "check placed \(components) components of a chain of \(depth + 1)"])
        }
        rows.append(Row("check", "graphinspect check, a chain of builders \(grouped(Double(depth), decimals: 0)) deep", .seconds, checkChain,
                        baseline: ("parsing the files (SwiftParser)", parseChain), target: quick ? nil : .below(5)))
        rows += try wiringCorpus(repeats: repeats)
        if !quick { rows += try realCode(folder: folder) }
        return rows
    }

    /// The wiring corpus's apps (Examples/WiringCorpus/Apps: one file each, every wiring idiom
    /// `check` follows), each read on its own as the corpus's tests read it, against parsing them.
    /// What the tests hold is that every lookup is checked; here, what it costs. A figure, not a
    /// target: each read of a small file also reads the runtime's stand-ins and builds its index
    /// (release: 11.7x parsing the apps), and that per-reading floor is not measured apart yet.
    static func wiringCorpus(repeats: Int) throws -> [Row] {
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let corpus = try StaticReader.files(in: [package.appendingPathComponent("Examples/WiringCorpus/Apps").path]).filter { file in
            // W17.swift: an app; WiringCatalogue.swift only lists them.
            let name = (file.path as NSString).lastPathComponent
            return name.dropFirst().first?.isNumber == true
        }
        guard !corpus.isEmpty else { return [] }
        // `--smoke`: a few of them, enough to keep the figure working.
        let apps = RunSize.smoke ? Array(corpus.prefix(4)) : corpus
        let which = apps.count == corpus.count ? "the wiring corpus's \(apps.count) apps" : "\(apps.count) of the wiring corpus's \(corpus.count) apps"
        let parse = Sample.measure(repeats: repeats) {
            for file in apps { blackHole(Parser.parse(source: file.text)) }
        }
        var checked = 0, total = 0
        let check = Sample.measure(repeats: repeats) {
            checked = 0
            total = 0
            for file in apps {
                let graph = StaticReader.graph(of: [file])
                checked += graph.summary.lookupsChecked + graph.summary.moduleLookupsChecked
                total += graph.summary.lookups + graph.summary.moduleLookups
            }
        }
        guard checked == total else {
            throw NSError(domain: "graphinspect-bench", code: 1, userInfo: [NSLocalizedDescriptionKey: "check followed \(checked) of the wiring corpus's \(total) lookups"])
        }
        return [Row(
            "check", "graphinspect check, each of \(which) alone (\(total) lookups, all checked)", .seconds, check,
            baseline: ("parsing the files (SwiftParser)", parse), target: nil
        )]
    }

    /// The check on one core against its floor, as the build-check group measures it: parsing and
    /// visiting every node of each file, and the analysis alone (here most of the floor: a deep
    /// tree of types, each lookup walking it). Parsing alone is not the floor: the issue's
    /// "within 2x of parsing" sits below it; its factor is held against the floor measured here.
    static func againstTheFloor(_ files: [StaticReader.SourceFile], size: String, repeats: Int, quick: Bool) throws -> [Row] {
        // In turns, one run of each per round, so a change in the machine's load falls on all.
        let walker = BuildCheckBenchmark.EveryNode()
        let prepared = StaticReader.prepare(files, options: StaticReader.Options(threads: 1))
        var made: [StaticGraph] = []
        let times = try Sample.interleavedTimes(repeats: repeats, [
            ({ for file in files { walker.walk(Parser.parse(source: file.text)) } }, {}),
            ({ made.append(StaticReader.graph(of: prepared)) }, { made.removeAll() }),
            ({ made.append(StaticReader.graph(of: files, options: StaticReader.Options(threads: 1))) }, { made.removeAll() }),
        ])
        blackHole(walker.count)
        let floor = Sample(of: zip(times[0], times[1]).map(+)), oneCore = Sample(of: times[2])
        return [
            Row("check", "the same on one core", .seconds, oneCore, baseline: ("its floor: parsing, visiting every node, the analysis alone", floor),
                target: quick ? nil : .slowerThanBaselineAtMost(2)),
        ]
    }

    /// swift-syntax's own sources (SwiftPM's checkout of the package's dependency): about 280,000
    /// lines no component reaches. Alone, no module of it can see GraphInspect, so `check` reads
    /// none of it (`ModuleReach`); joined to an app that imports it, every module is read and the
    /// coarse run decides what the exact one runs (`Relevance`). Both against parsing every file on
    /// one core, in the same run; parsing on all cores printed too.
    static func realCode(folder: URL) throws -> [Row] {
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let checkout = package.appendingPathComponent(".build/checkouts/swift-syntax")
        guard FileManager.default.fileExists(atPath: checkout.path) else { return [] }
        let files = try StaticReader.files(in: [checkout.path])
        let lines = files.reduce(0) { $0 + $1.text.utf8.reduce(0) { $0 + ($1 == 10 ? 1 : 0) } }
        let parse = Sample.measure(repeats: 3) {
            for file in files { blackHole(Parser.parse(source: file.text)) }
        }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let parseAllCores = Sample.measure(repeats: 3) {
            DispatchQueue.concurrentPerform(iterations: cores) { worker in
                for index in stride(from: worker, to: files.count, by: cores) { blackHole(Parser.parse(source: files[index].text)) }
            }
        }
        let size = "swift-syntax's sources (\(grouped(Double(files.count), decimals: 0)) files, \(grouped(Double(lines), decimals: 0)) lines)"
        var notReached = 0
        var peak = 0.0
        let check = try Sample.measure(repeats: 3) {
            PeakMemory.reset()
            let graph = StaticReader.graph(of: try StaticReader.files(in: [checkout.path]))
            notReached = graph.summary.filesNotReached
            peak = max(peak, PeakMemory.resident())
        }
        guard notReached == files.count else {
            throw NSError(domain: "graphinspect-bench", code: 1, userInfo: [NSLocalizedDescriptionKey: "check read \(files.count - notReached) of swift-syntax's files, none of which can see GraphInspect"])
        }
        let joinedApp = folder.appendingPathComponent("SwiftSyntaxApp")
        try FileManager.default.createDirectory(at: joinedApp, withIntermediateDirectories: true)
        try """
            import GraphInspect
            import SwiftSyntax
            import SwiftParser

            final class AppComponent: Component, RootComponent {
                init() { super.init(parent: nil) }
            }
            let root = AppComponent()
            let tree = Parser.parse(source: "let x = 1")
            let _: Int = root.resolve("lines", as: Int.self)

            """.write(to: joinedApp.appendingPathComponent("App.swift"), atomically: true, encoding: .utf8)
        var joinedErrors = 0
        var joinedPeak = 0.0
        let joined = try Sample.measure(repeats: 1) {
            PeakMemory.reset()
            let graph = StaticReader.graph(of: try StaticReader.files(in: [checkout.path, joinedApp.path]))
            joinedErrors = graph.errors.count
            notReached = graph.summary.filesNotReached
            joinedPeak = max(joinedPeak, PeakMemory.resident())
        }
        let joinedRead = files.count + 1 - notReached
        guard joinedErrors == 1, joinedRead > files.count * 9 / 10 else {
            throw NSError(domain: "graphinspect-bench", code: 1, userInfo: [NSLocalizedDescriptionKey: "check of swift-syntax with an app: \(joinedErrors) errors (expected the app's one), \(joinedRead) files read (expected most)"])
        }
        var rows = [
            Row("check", "parsing \(size) on \(cores) cores", .seconds, parseAllCores, baseline: ("on one core", parse), target: nil),
            Row("check", "graphinspect check, \(size)", .seconds, check, baseline: ("parsing the files on one core", parse), target: .slowerThanBaselineAtMost(3)),
            Row("check", "graphinspect check, \(size) joined to an app importing it (\(joinedRead) files read)", .seconds, joined,
                baseline: ("parsing the files on one core", parse), target: nil),
        ]
        if peak > 0 {
            rows.append(Row("check", "peak resident memory, graphinspect check of \(size)", .bytes, Sample(peak), target: .below(Double(1 << 30))))
            rows.append(Row("check", "peak resident memory, the same joined to an app (\(joinedRead) files read)", .bytes, Sample(joinedPeak), target: .below(Double(1 << 30))))
        }
        return rows
    }

    /// Builders `B0`... each making its component below the one it is given, then the next builder's.
    static func generateChain(depth: Int, in folder: URL) throws {
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let perFile = 500
        for start in stride(from: 0, to: depth, by: perFile) {
            var text = "import GraphInspect\n\n"
            for i in start..<min(depth, start + perFile) {
                text += "final class P\(i) {}\nfinal class C\(i): Component {\n    let p\(i) = P\(i)()\n}\n\n"
                text += "struct B\(i) {\n    func build(parentComponent: Component) -> C\(i) {\n        let component = C\(i)(parent: parentComponent)\n"
                text += "        let _: P0 = component.p0\n"
                if i + 1 < depth { text += "        _ = B\(i + 1)().build(parentComponent: component)\n" }
                text += "        return component\n    }\n}\n\n"
            }
            try text.write(to: folder.appendingPathComponent(String(format: "Chain%03d.swift", start / perFile)), atomically: true, encoding: .utf8)
        }
        let root = """
            import GraphInspect

            final class AppComponent: Component, RootComponent {
                init() { super.init(parent: nil) }
            }

            let root = B0().build(parentComponent: AppComponent())

            """
        try root.write(to: folder.appendingPathComponent("Root.swift"), atomically: true, encoding: .utf8)
    }

    /// Writes the app; returns how many lookups it makes.
    static func generate(types: Int, lookupsEach: Int, in folder: URL) throws -> Int {
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        func parent(_ i: Int) -> Int? { i == 0 ? nil : (i - 1) / 4 }
        func ancestors(_ i: Int) -> [Int] {
            var chain = [i]
            var current = i
            while let up = parent(current) { chain.append(up); current = up }
            return chain
        }
        var lookups = 0
        var files: [String] = []
        let perFile = 20
        for start in stride(from: 0, to: types, by: perFile) {
            var text = "import GraphInspect\n\n"
            for i in start..<min(types, start + perFile) {
                let children = (1...4).map { 4 * i + $0 }.filter { $0 < types }
                text += "public final class P\(i) {}\n"
                text += "final class C\(i): Component {\n    let p\(i) = P\(i)()\n}\n\n"
                text += "final class M\(i): ModuleObject {\n    init(holder: ModuleHolder?, component: Component) {\n"
                let chain = ancestors(i)
                for k in 0..<lookupsEach {
                    // One module in a hundred asks for a provider only a cousin has.
                    let asked = k == 0 && i % 100 == 50 && i + 1 < types ? i + 1 : chain[k % chain.count]
                    text += "        let _: P\(asked) = component.p\(asked)\n"
                    lookups += 1
                }
                text += "        super.init(key: \"m\(i)\", holder: holder, component: component)\n    }\n}\n\n"
                text += "struct B\(i): ModuleBuilder {\n"
                text += "    func build(parentComponent: Component, holder: ModuleHolderObject?, context: any ModuleHolderContext) -> M\(i) {\n"
                text += "        let component = C\(i)(parent: parentComponent)\n"
                for child in children {
                    text += "        _ = B\(child)().build(parentComponent: component, holder: holder, context: context)\n"
                }
                text += "        return M\(i)(holder: holder, component: component)\n    }\n}\n\n"
            }
            files.append(text)
        }
        files.append(GeneratedApp.appRoot(attaching: "B0"))
        for (index, text) in files.enumerated() {
            try text.write(to: folder.appendingPathComponent(String(format: "App%03d.swift", index)), atomically: true, encoding: .utf8)
        }
        return lookups
    }
}
#endif
