import Foundation
@testable import GraphInspectStatic
import Testing

/// `check --cache-path`: the reading with a cache is the reading without one, whether the cache is
/// empty, full, half stale after edits, or broken; a run over unchanged files parses nothing and a
/// one-file edit parses that file.
@Suite struct CheckCacheTests {
    /// A fresh cache folder.
    static func folder() -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("check-cache-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Every figure of two readings, compared whole.
    static func expectSame(_ cached: StaticGraph, _ plain: StaticGraph, _ comment: Comment) {
        #expect(cached.diagnostics.map { $0.formatted() } == plain.diagnostics.map { $0.formatted() }, comment)
        #expect(cached.facts == plain.facts, comment)
        #expect(cached.summary == plain.summary, comment)
        #expect(cached.snapshot == plain.snapshot, comment)
        #expect(cached.lookupPositions == plain.lookupPositions, comment)
    }

    /// Reads `files` with the cache in `folder`, saving it after.
    static func cachedGraph(_ files: [StaticReader.SourceFile], in folder: String, threads: Int = 2, build: String = CheckCache.currentBuild) -> (StaticGraph, CheckCache) {
        let cache = CheckCache(directory: folder, build: build)
        let graph = StaticReader.graph(of: files, options: StaticReader.Options(threads: threads, cachePath: folder), cache: cache)
        cache.save()
        return (graph, cache)
    }

    @Test(arguments: PruningTests.folders)
    func cachedReadingIsTheReading(folder: String) throws {
        let path = FidelityTests.root.appendingPathComponent(folder).path
        guard FileManager.default.fileExists(atPath: path) else { return }
        let files = try StaticReader.files(in: [path])
        let plain = StaticReader.graph(of: files, options: StaticReader.Options(threads: 1))
        let cacheFolder = Self.folder()
        let (cold, first) = Self.cachedGraph(files, in: cacheFolder)
        let (warm, second) = Self.cachedGraph(files, in: cacheFolder)
        Self.expectSame(cold, plain, "\(folder), cold")
        Self.expectSame(warm, plain, "\(folder), warm")
        #expect(first.hits == 0 && first.misses > 0, "\(folder)")
        #expect(second.misses == 0 && second.hits == first.misses, "\(folder): nothing parsed when nothing changed")
        #expect(first.problems.isEmpty && second.problems.isEmpty)
    }

    @Test(arguments: StyleFidelityTests.styles)
    func cachedStyleReadingIsTheReading(style: StyleFidelityTests.Style) throws {
        let files = try StyleFidelityTests.files(style)
        let plain = StaticReader.graph(of: files, options: StaticReader.Options(threads: 1))
        let cacheFolder = Self.folder()
        _ = Self.cachedGraph(files, in: cacheFolder)
        let (warm, cache) = Self.cachedGraph(files, in: cacheFolder)
        Self.expectSame(warm, plain, "\(style)")
        #expect(cache.misses == 0)
    }

    /// Random edits (lines dropped, doubled, swapped, a type renamed, a file emptied) to the module
    /// sample, one cache kept across them all: each reading equals the one without a cache, and
    /// parses only the files the edit touched.
    @Test func randomEditsKeepTheCachedReadingTheReading() throws {
        var files = try FidelityTests.moduleSampleFiles(withCheckout: true)
        var random = SeededEdits(seed: 45)
        let cacheFolder = Self.folder()
        _ = Self.cachedGraph(files, in: cacheFolder)
        for round in 0..<30 {
            let index = Int(random.next() % UInt64(files.count))
            var lines = files[index].text.components(separatedBy: "\n")
            let line = Int(random.next() % UInt64(max(lines.count, 1)))
            switch random.next() % 5 {
            case 0: if !lines.isEmpty { lines.remove(at: line) }
            case 1: if !lines.isEmpty { lines.insert(lines[line], at: line) }
            case 2: if lines.count > 1 { lines.swapAt(line, (line + 1) % lines.count) }
            case 3: lines = lines.map { $0.replacingOccurrences(of: "Component", with: "Komponent") }
            default: lines = round % 2 == 0 ? [] : lines
            }
            let edited = lines.joined(separator: "\n")
            let touched = edited != files[index].text
            files[index].text = edited
            let plain = StaticReader.graph(of: files, options: StaticReader.Options(threads: 1))
            let (cached, cache) = Self.cachedGraph(files, in: cacheFolder)
            Self.expectSame(cached, plain, "round \(round), \(files[index].path)")
            // A type renamed can change another module's scope, and so its files' keys.
            #expect(cache.misses <= (touched ? files.count : 0), "round \(round)")
            if touched, random.next() % 2 == 0 { #expect(cache.misses >= 1, "round \(round)") }
        }
    }

    @Test func oneEditedFileIsTheOneParsed() throws {
        var files = try FidelityTests.moduleSampleFiles(withCheckout: false)
        let cacheFolder = Self.folder()
        _ = Self.cachedGraph(files, in: cacheFolder)
        files[files.count / 2].text += "\n// edited\n"
        let (cached, cache) = Self.cachedGraph(files, in: cacheFolder)
        #expect(cache.misses == 1)
        #expect(cache.hits == files.count)  // the others and the runtime's declarations
        Self.expectSame(cached, StaticReader.graph(of: files), "one edit")
    }

    /// Reading on one thread and on several gives the same graph.
    @Test func threadsChangeNothing() throws {
        let files = try FidelityTests.moduleSampleFiles(withCheckout: true)
        Self.expectSame(
            StaticReader.graph(of: files, options: StaticReader.Options(threads: 4)),
            StaticReader.graph(of: files, options: StaticReader.Options(threads: 1)), "threads"
        )
    }

    /// A broken cache: one warning line, every file read, the same findings, and a good cache
    /// written in its place.
    @Test(arguments: ["truncated", "flipped", "garbage", "empty", "other build"])
    func aBrokenCacheIsIgnoredWithOneWarning(damage: String) throws {
        let files = try FidelityTests.moduleSampleFiles(withCheckout: true)
        let plain = StaticReader.graph(of: files)
        let cacheFolder = Self.folder()
        let (_, first) = Self.cachedGraph(files, in: cacheFolder)
        let path = first.path
        if damage != "other build" { try Self.damage(path, damage) }
        let build = damage == "other build" ? "graphinspect 0.0.9" : CheckCache.currentBuild
        let cache = CheckCache(directory: cacheFolder, build: build)
        let graph = StaticReader.graph(of: files, options: StaticReader.Options(cachePath: cacheFolder), cache: cache)
        cache.save()
        Self.expectSame(graph, plain, "\(damage)")
        #expect(cache.hits == 0)
        #expect(cache.problems == [damage == "other build" ? .otherBuild(path: path) : .corrupt(path: path)])
        #expect(cache.problems.map(\.description).allSatisfy { $0.hasPrefix("warning: graphinspect check: ignored the cache") && !$0.contains("\n") })
        let (_, again) = Self.cachedGraph(files, in: cacheFolder, build: build)
        #expect(again.misses == 0 && again.problems.isEmpty, "rewritten after \(damage)")
    }

    /// Damages the file at `path`: "truncated" (its last third cut), "flipped" (a byte in the
    /// middle changed), "garbage", "empty".
    static func damage(_ path: String, _ damage: String) throws {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        switch damage {
        case "truncated": bytes.removeLast(bytes.count / 3)
        case "flipped": bytes[bytes.count / 2] ^= 0x40
        case "garbage": bytes = Array("not a cache at all\n".utf8)
        case "empty": bytes = []
        default: return
        }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    /// A cache folder that cannot be written: one warning, the findings complete.
    @Test func anUnwritableCacheIsOneWarning() throws {
        let files = try FidelityTests.moduleSampleFiles(withCheckout: false)
        let blocker = Self.folder() + "/a-file"
        try Data("x".utf8).write(to: URL(fileURLWithPath: blocker))
        let (graph, cache) = Self.cachedGraph(files, in: blocker + "/cache")
        Self.expectSame(graph, StaticReader.graph(of: files), "unwritable")
        #expect(cache.problems.count == 1)
        #expect(cache.problems.first?.description.hasPrefix("warning: graphinspect check: cannot write the cache") == true)
    }

    /// The build plugin's path: the second run over the same files prints the first's findings,
    /// reading nothing; an edit reads again.
    @Test func findingsOfAnUnchangedRunComeFromTheCache() throws {
        let path = FidelityTests.root.appendingPathComponent("Examples/BuildCheck").path
        let cacheFolder = Self.folder()
        let plain = try StaticCheck.findings([path])
        let cold = try StaticCheck.findings([path], options: StaticReader.Options(cachePath: cacheFolder))
        let before = try Data(contentsOf: URL(fileURLWithPath: cacheFolder + "/" + CheckCache.fileName))
        let warm = try StaticCheck.findings([path], options: StaticReader.Options(cachePath: cacheFolder))
        #expect(plain.diagnostics.contains { $0.severity == .error })
        #expect(cold == plain)
        #expect(warm == plain)
        #expect(try Data(contentsOf: URL(fileURLWithPath: cacheFolder + "/" + CheckCache.fileName)) == before, "nothing rewritten")
        let reading = try StaticCheck.reading([path], options: StaticReader.Options(cachePath: cacheFolder))
        #expect(reading.diagnostics == plain.diagnostics && reading.summary == plain.summary && reading.warnings.isEmpty)
    }

    /// Each contribution written and read back gives the reader the same tables.
    @Test func aContributionReadBackIsTheOneWritten() throws {
        for file in try FidelityTests.moduleSampleFiles(withCheckout: true) {
            let read = FileContribution.read(source: file.text, path: file.path, module: file.module)
            var out = CacheBytesWriter()
            read.write(to: &out)
            var input = CacheBytesReader(out.bytes)
            let back = try FileContribution.read(from: &input)
            #expect(input.isAtEnd)
            var again = CacheBytesWriter()
            back.write(to: &again)
            #expect(again.bytes == out.bytes, "\(file.path)")
            #expect(back.functionCount == read.functionCount)
            // Every prefix is cut short: an error, never a crash or a wrong contribution.
            for length in stride(from: 0, to: out.bytes.count, by: max(1, out.bytes.count / 50)) {
                var cut = CacheBytesReader(Array(out.bytes.prefix(length)))
                #expect((try? FileContribution.read(from: &cut)) == nil)
            }
        }
    }
}

/// A seeded linear congruential generator (Knuth's MMIX constants), so the random edits are
/// the same on every run.
struct SeededEdits {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state >> 33
    }
}
