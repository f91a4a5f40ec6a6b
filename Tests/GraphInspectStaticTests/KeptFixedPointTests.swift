import Foundation
import GraphInspectCheckContract
import GraphInspectGeneratedApp
@testable import GraphInspectStatic
import Testing

/// The analysis's fixed point the check cache keeps beside the last reading (`SettledState`): a
/// one-file edit that leaves it as it was is drawn from it in a new run, as an editor's session
/// draws it in memory, and the reading equals the one made without a cache; any other edit, or a
/// fixed point that is not the last reading's, is analysed whole.
@Suite struct KeptFixedPointTests {
    static func reading(_ files: [StaticReader.SourceFile], folder: String) -> (reading: StaticReading, reuse: ReuseReport) {
        StaticCheck.check(files, options: LastReadingTests.options(folder))
    }

    /// Statements that read objects, call the app's code or look up a dependency (no inert
    /// statement: each ran the analysis whole before), added one after another to a body, each
    /// to the text the run before kept: each is drawn from the fixed point and equals the
    /// reading without a cache; those whose runs record what they recorded before keep the last
    /// reading with its positions moved, without drawing it. One that makes an object is analysed
    /// whole, and the next edit is drawn from the fixed point that run kept. A lookup asked again
    /// records a lookup more: drawn.
    @Test func anEditThatKeepsTheFixedPointIsDrawnFromIt() throws {
        var files = try LastReadingTests.appFiles()
        let folder = CheckCacheTests.folder()
        _ = StaticCheck.reading(of: files, options: LastReadingTests.options(folder))
        let ordinary = try #require(files.firstIndex { $0.path.hasSuffix("Ordinary1.swift") })
        let marker = "        let text = String(value)"
        let steps: [(statement: String, drawn: Bool, kept: Bool)] = [
            ("print(cache)", true, true), ("clear()", true, true), ("if value < 0 { clear() }", true, true), ("print(format(value))", true, true),
            ("_ = Formatter2()", false, false), ("debugPrint(self, cache)", true, false),
        ]
        for (statement, drawn, kept) in steps {
            files[ordinary].text = files[ordinary].text.replacingOccurrences(of: marker, with: "        " + statement + "\n" + marker)
            let (cached, cache) = Self.reading(files, folder: folder)
            LastReadingTests.expectSame(cached, StaticCheck.reading(of: files, options: LastReadingTests.options(nil)), "\(statement)")
            #expect(cache.readFromFixedPoint == drawn && cache.keptRecordsAtFixedPoint == kept, "\(statement)")
            #expect(cache.reused == (kept ? .edited : nil) && cached.warnings.isEmpty, "\(statement): \(cached.warnings)")
        }
        // The file with the lookups: a lookup asked again there, then a line above it.
        let home = try #require(files.firstIndex { $0.text.contains("component.") && $0.path.contains("GraphInspectSample") })
        let lines = files[home].text.components(separatedBy: "\n")
        let lookup = try #require(lines.firstIndex { $0.contains("component.") })
        files[home].text = (lines[..<lookup] + [lines[lookup]] + lines[lookup...]).joined(separator: "\n")
        let (asked, cache) = Self.reading(files, folder: folder)
        LastReadingTests.expectSame(asked, StaticCheck.reading(of: files, options: LastReadingTests.options(nil)), "a lookup asked again")
        #expect(cache.readFromFixedPoint && !cache.keptRecordsAtFixedPoint, "a lookup asked again")
    }

    /// Random statements added to the bodies of random methods, one run after another with one
    /// cache, mostly edits that keep the fixed point: calls of the app's code, reads of
    /// properties and of a dependency, inert statements, comments, now and then an object made
    /// (analysed whole). Each run equals the reading without a cache, by the build tool's path
    /// (findings) and the CLI's (the whole reading) in turns; some runs keep the last reading at
    /// the fixed point (judged over the files the judgment needs, `keptFromPart`), and some are
    /// drawn there because a run records something new.
    @Test func randomBodyEditsAtTheFixedPointEqualTheReadingWithoutACache() throws {
        var files = try LastReadingTests.appFiles()
        var random = SeededEdits(seed: 5_311)
        let folder = CheckCacheTests.folder()
        _ = StaticCheck.reading(of: files, options: LastReadingTests.options(folder))
        let statements = [
            "clear()", "if value < 0 { clear() }", "print(format(value))", "print(cache)", "_ = format(1)",
            "print(component.analytics)", "// a comment", "print(1)", "debugPrint(self)", "_ = Formatter2()",
        ]
        let ordinary = files.indices.filter { files[$0].text.contains("func clear() {") }
        let sample = files.indices.filter { files[$0].text.contains("component.") && files[$0].path.contains("GraphInspectSample") }
        try #require(!ordinary.isEmpty && !sample.isEmpty)
        var kept = 0, drawn = 0, inPart = 0
        for round in 0..<40 {
            let statement = statements[Int(random.next() % UInt64(statements.count))]
            // A dependency is read where the code reads one already; the rest in `format`.
            let (at, marker) = statement.hasPrefix("print(component")
                ? (sample[Int(random.next() % UInt64(sample.count))], "component.")
                : (ordinary[Int(random.next() % UInt64(ordinary.count))], "func format(")
            var lines = files[at].text.components(separatedBy: "\n")
            guard let line = lines.firstIndex(where: { $0.contains(marker) }) else { continue }
            lines.insert("        " + statement, at: marker == "component." ? line : line + 1)
            files[at].text = lines.joined(separator: "\n")
            let what = "round \(round): \(statement) in \(files[at].path)"
            let plain = StaticCheck.reading(of: files, options: LastReadingTests.options(nil))
            let cache: ReuseReport
            if round % 3 == 0 {
                let found: StaticReading.Findings
                (found, cache) = StaticCheck.findingsAndReuse(of: files, options: LastReadingTests.options(folder))
                #expect(found.diagnostics.map { $0.formatted() } == plain.diagnostics.map { $0.formatted() }, "\(what)")
                #expect(found.summary == plain.summary && found.warnings.isEmpty, "\(what)")
            } else {
                let cached: StaticReading
                (cached, cache) = StaticCheck.check(files, options: LastReadingTests.options(folder))
                LastReadingTests.expectSame(cached, plain, "\(what)")
                #expect(cached.warnings.isEmpty, "\(what): \(cached.warnings)")
            }
            if cache.keptRecordsAtFixedPoint { kept += 1 } else if cache.readFromFixedPoint { drawn += 1 }
            if cache.readInPart { inPart += 1 }
        }
        #expect(kept > 0 && drawn > 0 && inPart > 0, "\(kept) kept (\(inPart) judged over part of the files), \(drawn) drawn from the fixed point")
    }

    /// Two files edited at once, and an edit after one the last reading absorbed (a comment: its
    /// file's text is no longer the one analysed): each file's edit judged against the fixed
    /// point, and drawn from it. A fixed point kept for other files (an older run's, written back
    /// as two runs at once may leave it) is not taken. Each equals the reading without a cache.
    @Test func editsOfSeveralFilesAreJudgedAgainstTheFixedPointTheyStartFrom() throws {
        var files = try LastReadingTests.appFiles()
        let folder = CheckCacheTests.folder()
        _ = StaticCheck.reading(of: files, options: LastReadingTests.options(folder))
        let ordinary = (0..<3).compactMap { index in files.firstIndex { $0.path.hasSuffix("Ordinary\(index).swift") } }
        try #require(ordinary.count == 3)
        let marker = "        let text = String(value)"
        func check(_ what: String, drawn: Bool) {
            let (cached, cache) = Self.reading(files, folder: folder)
            LastReadingTests.expectSame(cached, StaticCheck.reading(of: files, options: LastReadingTests.options(nil)), "\(what)")
            #expect(cache.readFromFixedPoint == drawn && cached.warnings.isEmpty, "\(what): \(cached.warnings)")
        }
        for index in ordinary[0...1] { files[index].text = files[index].text.replacingOccurrences(of: marker, with: "        print(cache)\n" + marker) }
        check("two files", drawn: true)
        files[ordinary[0]].text = "// a comment\n" + files[ordinary[0]].text
        let (_, comment) = Self.reading(files, folder: folder)
        #expect(comment.reused == .edited && !comment.readFromFixedPoint)
        files[ordinary[2]].text = files[ordinary[2]].text.replacingOccurrences(of: marker, with: "        clear()\n" + marker)
        check("a call after a comment the reading absorbed in another file", drawn: true)
        // An older run's fixed point written back over this one's: an object made is analysed
        // whole, which keeps a fixed point of its own.
        let path = folder + "/" + CheckCache.analysisFileName
        let older = try Data(contentsOf: URL(fileURLWithPath: path))
        files[ordinary[1]].text = files[ordinary[1]].text.replacingOccurrences(of: marker, with: "        clear()\n" + marker)
        check("one more call", drawn: true)
        files[ordinary[1]].text = files[ordinary[1]].text.replacingOccurrences(of: marker, with: "        _ = Formatter2()\n" + marker)
        check("an object made", drawn: false)
        try older.write(to: URL(fileURLWithPath: path))
        files[ordinary[2]].text = files[ordinary[2]].text.replacingOccurrences(of: marker, with: "        print(cache)\n" + marker)
        check("over an older run's fixed point", drawn: false)
        files[ordinary[2]].text = files[ordinary[2]].text.replacingOccurrences(of: marker, with: "        print(format(1))\n" + marker)
        check("over the fixed point that run kept", drawn: true)
    }

    /// The fixed point's file damaged, or another build's: one warning, the reading complete
    /// and the same, analysed whole; the next run writes it again.
    @Test(arguments: ["truncated", "flipped", "garbage", "empty", "other build"])
    func aDamagedFixedPointIsOneWarning(damage: String) throws {
        var files = try LastReadingTests.appFiles()
        let folder = CheckCacheTests.folder()
        _ = StaticCheck.reading(of: files, options: LastReadingTests.options(folder))
        let path = folder + "/" + CheckCache.analysisFileName
        #expect(FileManager.default.fileExists(atPath: path))
        var options = LastReadingTests.options(folder)
        if damage == "other build" {
            // Written by another build beside this build's reading.
            var other = options
            other.cacheIdentity = CheckCache.identity(sources: "another")
            let names = [CheckCache.readingFileName, CheckCache.fileName]
            let kept = try names.map { try Data(contentsOf: URL(fileURLWithPath: folder + "/" + $0)) }
            _ = StaticCheck.reading(of: files, options: other)
            for (name, data) in zip(names, kept) { try data.write(to: URL(fileURLWithPath: folder + "/" + name)) }
            options.cacheIdentity = CheckCache.currentBuild
        } else {
            try CheckCacheTests.damage(path, damage)
        }
        let ordinary = try #require(files.firstIndex { $0.path.hasSuffix("Ordinary1.swift") })
        files[ordinary].text = files[ordinary].text.replacingOccurrences(of: "        let text = String(value)", with: "        print(cache)\n        let text = String(value)")
        let (reading, cache) = StaticCheck.check(files, options: options)
        LastReadingTests.expectSame(reading, StaticCheck.reading(of: files, options: LastReadingTests.options(nil)), "\(damage)")
        #expect(!cache.readFromFixedPoint)
        #expect(reading.warnings.count == 1, "\(damage): \(reading.warnings)")
        #expect(reading.warnings.first?.contains(CheckCache.analysisFileName) == true, "\(damage): \(reading.warnings)")
        files[ordinary].text = files[ordinary].text.replacingOccurrences(of: "        print(cache)\n", with: "        clear()\n")
        let (next, again) = StaticCheck.check(files, options: options)
        #expect(next.warnings.isEmpty && again.readFromFixedPoint, "\(damage): written again whole")
        LastReadingTests.expectSame(next, StaticCheck.reading(of: files, options: LastReadingTests.options(nil)), "\(damage), again")
    }

    /// A judgment over part of the files starts with the files the one before read beyond its
    /// edited ones (`LastReading.partFiles`): those are mostly what the next asks for too (on a
    /// generated app, the file that first extends `Array`, which every screen's `select` reads),
    /// so a judgment that took more rounds is followed by one that reads them in its first, with
    /// the same reading as without a cache.
    @Test func theNextJudgmentOverPartOfTheFilesStartsWithTheFilesTheLastRead() throws {
        let root = URL(fileURLWithPath: NSTemporaryDirectory() + "graphinspect-generated-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        _ = try GeneratedApp(features: 5, ordinaryFilesPerFeature: 2).write(to: root)
        var files = try StaticReader.files(in: [root.appendingPathComponent("Sources").path])
        let folder = CheckCacheTests.folder()
        _ = StaticCheck.reading(of: files, options: LastReadingTests.options(folder))
        let marker = "        _ = titles.count\n"
        let screens = files.indices.filter { files[$0].text.contains(marker) }
        try #require(screens.count >= 3)
        var rounds: [Int] = []
        for (edit, at) in screens.suffix(3).enumerated() {
            files[at].text = files[at].text.replacingOccurrences(of: marker, with: "        if \(edit) < -1 { select(id) }\n" + marker)
            let (cached, cache) = Self.reading(files, folder: folder)
            LastReadingTests.expectSame(cached, StaticCheck.reading(of: files, options: LastReadingTests.options(nil)), "\(files[at].path)")
            #expect(cache.readInPart, "\(files[at].path)")
            rounds.append(cache.partialRounds)
        }
        #expect(rounds[0] > 1 && rounds[1...].allSatisfy { $0 == 1 }, "rounds: \(rounds)")
    }

    /// The fixed point written and read back is the one kept: every part of it.
    @Test func theFixedPointReadsBackAsWritten() throws {
        let files = try LastReadingTests.appFiles()
        let prepared = StaticReader.prepare(files, options: StaticReader.Options(pruning: .never))
        let analysis = StaticReader.analysed(prepared).analysis
        let state = try #require(analysis.settledState())
        var out = CacheBytesWriter()
        state.write(to: &out)
        var input = CacheBytesReader(out.bytes)
        let back = try SettledState.read(from: &input)
        #expect(input.isAtEnd)
        #expect(back.sites == state.sites)
        #expect(back.slots == state.slots.filter { !$0.key.isOfAnUnreachedRun })
        #expect(back.known == state.known && back.settledNotes == state.settledNotes && back.constructed == state.constructed)
        #expect(back.initializerContexts == state.initializerContexts && back.initializerContextsBySite == state.initializerContextsBySite)
        #expect(back.sitesByType == state.sitesByType)
        #expect(back.closures.mapValues { "\($0)" } == state.closures.mapValues { "\($0)" })
        func described(_ records: [Int: FlowAnalysis.UnreachedRecord]?) -> [Int: String]? {
            records?.mapValues { record in
                [record.lookups.map { "\($0)" }, record.moduleLookups.map { "\($0)" }, record.propertyReads.map { "\($0)" }, record.pendingNotes.map { "\($0)" },
                 record.definiteNotes.map { "\($0)" }, record.reached.map { "\($0)" }, record.closureCycles.map { "\($0)" }].map { $0.sorted().joined(separator: ",") }
                    .joined(separator: ";")
            }
        }
        #expect(described(back.unreachedRecords) == described(state.unreachedRecords))
        #expect(back.unreachedFunctions?.sorted() == state.unreachedRecords?.keys.sorted())
        #expect(!state.slots.isEmpty && !state.known.isEmpty)
        // Cut anywhere, it does not read back.
        for cut in stride(from: 0, to: out.bytes.count, by: max(out.bytes.count / 50, 1)) {
            var short = CacheBytesReader(Array(out.bytes[..<cut]))
            #expect((try? SettledState.read(from: &short)) == nil, "cut at \(cut)")
        }
    }
}
