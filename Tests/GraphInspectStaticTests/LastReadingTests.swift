import Foundation
import GraphInspectCheckContract
import GraphInspectGeneratedApp
@testable import GraphInspectStatic
import Testing

/// The last reading the check cache keeps (`LastReading`): whatever the edits between two runs,
/// the reading through the cache is the reading without one, whole (findings, summary, snapshot,
/// facts, places); an edit that only moves lines of a file the reading does not name reuses it.
@Suite struct LastReadingTests {
    /// The module sample with ordinary files beside it, as apps have: code no lookup is written in.
    static func appFiles() throws -> [StaticReader.SourceFile] {
        let sample = try FidelityTests.moduleSampleFiles(withCheckout: true)
        let folder = (sample[0].path as NSString).deletingLastPathComponent
        let ordinary = (0..<3).map { index in
            StaticReader.SourceFile(path: folder + "/Ordinary\(index).swift", module: sample[0].module, text: """
                import Foundation

                final class Formatter\(index) {
                    private var cache: [String: String] = [:]

                    func format(_ value: Int) -> String {
                        let text = String(value)
                        cache[text] = text
                        return text
                    }

                    func clear() {
                        cache.removeAll()
                    }
                }

                struct Row\(index) {
                    var title: String
                    var count: Int
                }

                func note\(index)(_ message: String) { print(message) }

                """)
        }
        return (sample + ordinary).sorted { $0.path < $1.path }
    }

    /// Every part of a reading, compared whole: equal parts write equal text, JSON and pictures.
    static func expectSame(_ cached: StaticReading, _ plain: StaticReading, _ comment: Comment) {
        #expect(cached.diagnostics.map { $0.formatted() } == plain.diagnostics.map { $0.formatted() }, comment)
        #expect(cached.summary == plain.summary, comment)
        #expect(cached.snapshot == plain.snapshot, comment)
        #expect(cached.facts == plain.facts, comment)
        #expect(cached.places == plain.places, comment)
    }

    static func options(_ folder: String?) -> StaticReader.Options {
        StaticReader.Options(threads: 2, cachePath: folder)
    }

    /// One random edit of a kind a developer makes.
    static func edit(_ files: inout [StaticReader.SourceFile], round: Int, random: inout SeededEdits) -> String {
        let index = Int(random.next() % UInt64(files.count))
        var lines = files[index].text.components(separatedBy: "\n")
        let line = Int(random.next() % UInt64(max(lines.count, 1)))
        func first(_ marker: String) -> Int? { lines.firstIndex { $0.contains(marker) } }
        // Inside a body: after the first line of a function, where the file has one.
        let body = lines.indices.filter { lines[$0].contains("func ") && lines[$0].hasSuffix("{") }.map { $0 + 1 }
        let inBody = body.isEmpty ? line : body[Int(random.next() % UInt64(body.count))]
        let kind = random.next() % 25
        switch kind {
        case 0: lines.insert("        // a comment \(round)", at: line)
        case 1: lines.insert("", at: line)
        case 2: if !lines.isEmpty { lines.remove(at: line) }
        case 3: if !lines.isEmpty { lines.insert(lines[line], at: line) }
        case 4:
            // A provider added.
            if let declaration = first(": Component {") { lines.insert("    let extra\(round) = Analytics()", at: declaration + 1) }
        case 5:
            // A provider removed (or any stored property).
            if let stored = lines.firstIndex(where: { $0.hasPrefix("    let ") || $0.hasPrefix("    var ") }) { lines.remove(at: stored) }
        case 6:
            // A lookup added: one that exists asked again, or one of a name nobody provides.
            if let lookup = first("component.") {
                lines.insert(round % 2 == 0 ? lines[lookup] : lines[lookup].replacingOccurrences(of: "component.", with: "component.missing\(round) ?? component."), at: lookup)
            }
        case 7: lines = lines.map { $0.replacingOccurrences(of: "Component", with: "Komponent") }
        case 8:
            // Moved to another module.
            let moved = files[index].path.replacingOccurrences(of: "/GraphInspectSample/", with: "/Moved/")
            if moved != files[index].path { files[index].module = "Moved" }
            files[index].path = moved
            files.sort { $0.path < $1.path }
            return "moved \(moved)"
        case 9:
            // A file added, or one deleted.
            if round % 2 == 0 {
                files.append(StaticReader.SourceFile(path: files[index].path + ".added\(round).swift", module: files[index].module, text: "import GraphInspect\n\nfinal class Added\(round)Component: Component {\n    let added\(round) = Analytics()\n}\n"))
                files.sort { $0.path < $1.path }
                return "added"
            } else if files.count > 4 {
                return "deleted " + files.remove(at: index).path
            }
        case 10:
            // A parent changed.
            if let made = first("(parent: ") { lines[made] = lines[made].replacingOccurrences(of: "(parent: ", with: "(parent: nil ?? ") }
        case 11:
            // An attachment removed.
            if let attached = first("attach(") { lines.remove(at: attached) }
        case 12: lines.insert("}}} func (", at: line)
        // Statements calling code outside the sources (kept out of the reading when their
        // arguments are constants), and statements that read, make or call what it follows.
        case 13: lines.insert("        print(\"\(round)\")", at: inBody)
        case 14: lines.insert(round % 2 == 0 ? "        print(\(round), value)" : "        print(\(round), 2.5, nil)", at: inBody)
        case 15: lines.insert(round % 2 == 0 ? "        debugPrint(self, \"x\", .zero, nil)" : "        debugPrint(self, \"x\")", at: inBody)
        case 16: lines.insert(round % 2 == 0 ? "        NSLog(\"%d\", \(round))" : "        Swift.print(String(describing: cache.count))", at: inBody)
        case 17: lines.insert(round % 2 == 0 ? "        _ = Formatter0().format(\(round))" : "        precondition(parent != nil, \"\\(round)\")", at: inBody)
        case 18: lines.insert(round % 2 == 0 ? "        dump(component.analytics)" : "        print(\"\\(component.analytics)\")", at: inBody)
        case 19:
            // A call of the app's code that runs some (`clear` writes its type's cache), in a
            // method of an ordinary type: the fixed point stands, and what its runs record too.
            let ordinary = files.indices.filter { files[$0].text.contains("func clear() {") }
            guard !ordinary.isEmpty else { break }
            let at = ordinary[round % ordinary.count]
            var own = files[at].text.components(separatedBy: "\n")
            guard let format = own.firstIndex(where: { $0.contains("func format(") }) else { break }
            own.insert(round % 2 == 0 ? "        clear()" : "        if value < \(round) { clear() }", at: format + 1)
            files[at].text = own.joined(separator: "\n")
            return "kind 19 in \(files[at].path)"
        case 20:
            // A provider whose value runs no code of the sources, added.
            if let declaration = first(": Component {") { lines.insert("    let stamp\(round) = Date()", at: declaration + 1) }
        case 21:
            // And removed.
            if let stamp = lines.firstIndex(where: { $0.contains("= Date()") }) { lines.remove(at: stamp) }
        case 22:
            // A call of a function that runs nothing (`GraphFreeFunctions`).
            lines.insert("        note\(round % 3)(\"\(round)\")", at: inBody)
        case 23:
            // Those functions made to run code of the sources, and (24) made to run nothing again.
            lines = lines.map { $0.replacingOccurrences(of: "{ print(message) }", with: "{ _ = Formatter2(); print(message) }") }
        case 24:
            lines = lines.map { $0.replacingOccurrences(of: "{ _ = Formatter2(); print(message) }", with: "{ print(message) }") }
        default:
            // One such statement removed.
            if let printed = lines.lastIndex(where: { $0.contains("print(") || $0.contains("NSLog(") }) { lines.remove(at: printed) }
        }
        files[index].text = lines.joined(separator: "\n")
        return "kind \(kind) in \(files[index].path)"
    }

    /// Random edits of every kind, one cache kept across them all, read by the build tool's path
    /// (findings) and the CLI's (the whole reading) in turns: each equals the reading without a cache.
    @Test func randomEditsKeepTheLastReadingTrue() throws {
        var files = try Self.appFiles()
        var random = SeededEdits(seed: 53)
        let folder = CheckCacheTests.folder()
        _ = StaticCheck.reading(of: files, options: Self.options(folder))
        var reuses: [ReuseReport.Kept?] = [], calls: [Bool] = [], fromFixedPoint = 0
        for round in 0..<80 {
            let what = Self.edit(&files, round: round, random: &random)
            let plain = StaticCheck.reading(of: files, options: Self.options(nil))
            if round % 3 == 0 {
                let found = StaticCheck.findings(of: files, options: Self.options(folder))
                #expect(found.diagnostics.map { $0.formatted() } == plain.diagnostics.map { $0.formatted() }, "round \(round), \(what)")
                #expect(found.summary == plain.summary && found.warnings.isEmpty, "round \(round), \(what)")
            }
            let (cached, cache) = StaticCheck.check(files, options: Self.options(folder))
            Self.expectSame(cached, plain, "round \(round), \(what)")
            #expect(cached.warnings.isEmpty, "round \(round)")
            reuses.append(cache.reused)
            calls.append(what.hasPrefix("kind 22 "))
            if cache.readFromFixedPoint { fromFixedPoint += 1 }
        }
        // Each way a run goes was taken: read again, drawn from the fixed point kept, reused after
        // an edit, reused unchanged; and a call of a function that runs nothing was absorbed.
        // (`KeptFixedPointTests` makes edits at the fixed point one after another.)
        #expect(reuses.contains(nil) && reuses.contains(.edited) && reuses.contains(.unchanged), "\(reuses)")
        #expect(fromFixedPoint > 0)
        #expect(zip(calls, reuses).contains { $0 && $1 == .edited }, "\(reuses)")
    }

    /// A comment line added inside a body of a file the reading names nowhere: the last reading
    /// holds, nothing is analysed again. The same edit in a file with a lookup and a finding moves
    /// the lookup's line: the reading is made from the last with the file's positions moved, and
    /// the finding is at the new line.
    @Test func anEditThatOnlyMovesLinesReusesTheReading() throws {
        var files = try Self.appFiles()
        let folder = CheckCacheTests.folder()
        _ = StaticCheck.reading(of: files, options: Self.options(folder))
        let ordinary = try #require(files.firstIndex { $0.path.hasSuffix("Ordinary1.swift") })
        files[ordinary].text = files[ordinary].text.replacingOccurrences(of: "        let text = String(value)", with: "        // why: a comment\n\n        let text = String(value)")
        let (readingOfFirst, first) = StaticCheck.check(files, options: Self.options(folder))
        Self.expectSame(readingOfFirst, StaticCheck.reading(of: files, options: Self.options(nil)), "ordinary")
        #expect(first.reused == .edited && first.misses == 0)
        let again = StaticCheck.check(files, options: Self.options(folder)).reuse
        #expect(again.reused == .unchanged, "the edited text is the last reading's now")

        let checkout = try #require(files.firstIndex { $0.path.hasSuffix("CheckoutModule.swift") })
        files[checkout].text = "// a comment on top\n" + files[checkout].text
        let (reading, moved) = StaticCheck.check(files, options: Self.options(folder))
        #expect(moved.reused == .edited && moved.misses == 0)
        Self.expectSame(reading, StaticCheck.reading(of: files, options: Self.options(nil)), "checkout")
        #expect(reading.diagnostics.contains { $0.position.file.hasSuffix("CheckoutModule.swift") && $0.position.line == 20 })
    }

    /// Edits that only move positions in files the reading names (a lookup, its finding, providers,
    /// types), one after another over one cache: each reading is the last with the files'
    /// positions moved, the analysis not run, and equals the reading made from scratch. A
    /// statement that reads a property there is read again.
    @Test func anEditInAFileTheReadingNamesMovesItsPositions() throws {
        var files = try Self.appFiles()
        let folder = CheckCacheTests.folder()
        _ = StaticCheck.reading(of: files, options: Self.options(folder))
        let checkout = try #require(files.firstIndex { $0.path.hasSuffix("CheckoutModule.swift") })
        let app = try #require(files.firstIndex { $0.path.hasSuffix("AppComponent.swift") })
        // The finding's line in the file (0 if it were gone).
        func lookupLine() -> Int {
            let reading = StaticCheck.reading(of: files, options: Self.options(nil))
            return reading.diagnostics.first { $0.position.file == files[checkout].path }?.position.line ?? 0
        }
        typealias Edit = (String, Bool, (inout [StaticReader.SourceFile]) -> Void)
        let planned: [Edit] = [
            ("a comment on top", true, { $0[checkout].text = "// a comment on top\n" + $0[checkout].text }),
            ("a blank line and a constant print above the lookup", true, {
                $0[checkout].text = $0[checkout].text.replacingOccurrences(of: "        payments = component.", with: "\n        print(\"building checkout\")\n        payments = component.")
            }),
            ("a local printed below it", true, { $0[checkout].text = $0[checkout].text.replacingOccurrences(of: "        return root\n", with: "        print(root)\n        return root\n") }),
            ("re-indented", true, { $0[checkout].text = $0[checkout].text.replacingOccurrences(of: "    ", with: "  ") }),
            ("two files at once", true, {
                $0[checkout].text = "// one more\n" + $0[checkout].text
                $0[app].text = "// and here\n\n" + $0[app].text
            }),
            ("a property read", false, { $0[checkout].text = $0[checkout].text.replacingOccurrences(of: "  super.init(key:", with: "  print(payments)\n    super.init(key:") }),
        ]
        // More moves than wait unwritten (`mostPendingMoves`), in the file with the finding and in
        // one without: the graph's JSON is written again with them applied.
        let comments = (0..<12).map { round -> Edit in
            let index = round % 3 == 0 ? app : checkout
            return ("comment \(round)", true, { files in files[index].text = "// \(round)\n" + files[index].text })
        }
        let edits = planned + comments
        var line = lookupLine()
        #expect(line > 0)
        for (what, reuses, edit) in edits {
            edit(&files)
            let (readingOfCache, cache) = StaticCheck.check(files, options: Self.options(folder))
            Self.expectSame(readingOfCache, StaticCheck.reading(of: files, options: Self.options(nil)), "\(what)")
            #expect((cache.reused == .edited) == reuses, "\(what): \(String(describing: cache.reused))")
            let now = lookupLine()
            if !["a local printed below it", "a property read", "re-indented"].contains(what) && !what.hasPrefix("comment ") {
                #expect(now > line, "\(what) moves the finding")
            }
            line = now
        }
    }

    /// A statement that calls only code outside the sources with constants or the function's
    /// variables read whole, added to or removed from a body: the last reading holds, nothing is
    /// analysed again; one that reads a property or a member of a variable, makes an object or
    /// calls the app's code is read again. Each equals the reading without a cache.
    @Test func anInertStatementReusesTheReading() throws {
        var files = try Self.appFiles()
        let folder = CheckCacheTests.folder()
        _ = StaticCheck.reading(of: files, options: Self.options(folder))
        let ordinary = try #require(files.firstIndex { $0.path.hasSuffix("Ordinary1.swift") })
        let original = files[ordinary].text
        let marker = "        let text = String(value)"
        func edited(_ statement: String) -> String { original.replacingOccurrences(of: marker, with: statement + "\n" + marker) }
        let inert = [
            "print(\"formatting\")", "print(1, 2.5, true, nil)", "NSLog(\"%d items \\(value)\")",
            "assert(1 < 2, \"order\")", "debugPrint(self)", "fatalError()", "print(value)", "print(value + 1, value)",
            // A method of a local that never holds an object, by a name the file reads already.
            "text.removeAll()",
        ]
        let read = [
            // (A member name the file reads nowhere else changes its scan, which the reading keeps.)
            "print(text.isEmpty)", "print(value.description)", "print(cache)", "_ = Formatter2()", "print(format(1))", "print(Row0(title: \"a\", count: 1))",
            "print({ 1 })", "print(.zero)", "clear()",
        ]
        for (statement, reuses) in inert.map({ ($0, true) }) + read.map({ ($0, false) }) {
            files[ordinary].text = edited("        " + statement)
            let (readingOfCache, cache) = StaticCheck.check(files, options: Self.options(folder))
            Self.expectSame(readingOfCache, StaticCheck.reading(of: files, options: Self.options(nil)), "\(statement)")
            // (Read again, a statement whose runs record nothing new keeps the reading too: not inert.)
            #expect((cache.reused == .edited && !cache.keptRecordsAtFixedPoint) == reuses, "\(statement): \(String(describing: cache.reused))")
            // Taken out again: the reading holds (or is the one just made).
            files[ordinary].text = original
            let (readingOfBack, back) = StaticCheck.check(files, options: Self.options(folder))
            Self.expectSame(readingOfBack, StaticCheck.reading(of: files, options: Self.options(nil)), "\(statement) removed")
            #expect(back.reused != nil || !reuses, "\(statement) removed")
        }
        // Edits that hold, one on another: a comment, then an inert statement below it, judged
        // against the text the reading was made from (whose contribution the cache keeps).
        files[ordinary].text = edited("        // a comment")
        let comment = StaticCheck.check(files, options: Self.options(folder)).reuse
        files[ordinary].text = edited("        // a comment\n        print(\"and a statement\")")
        let (readingOfBoth, both) = StaticCheck.check(files, options: Self.options(folder))
        Self.expectSame(readingOfBoth, StaticCheck.reading(of: files, options: Self.options(nil)), "comment, then statement")
        #expect(comment.reused == .edited && both.reused == .edited && both.misses == 0)
    }

    /// A call of a function of the sources that runs nothing (`GraphFreeFunctions`: every
    /// function of its name only logs), added to a body: the reading holds. Once one of those
    /// functions makes an object, a call of it is read again, as is the edit that made it so.
    /// Each equals the reading without a cache.
    @Test func aCallOfAFunctionThatRunsNothingReusesTheReading() throws {
        var files = try Self.appFiles()
        let ordinary = try #require(files.firstIndex { $0.path.hasSuffix("Ordinary1.swift") })
        files[ordinary].text += """
            protocol Tracing { func trace(_ message: String) }
            final class ConsoleTracer: Tracing { func trace(_ message: String) { print("trace:", message) } }

            """
        let folder = CheckCacheTests.folder()
        _ = StaticCheck.reading(of: files, options: Self.options(folder))
        let marker = "        let text = String(value)"
        func run(_ comment: String, reuses: Bool) {
            let (readingOfCache, cache) = StaticCheck.check(files, options: Self.options(folder))
            Self.expectSame(readingOfCache, StaticCheck.reading(of: files, options: Self.options(nil)), "\(comment)")
            #expect((cache.reused == .edited) == reuses, "\(comment): \(String(describing: cache.reused))")
        }
        files[ordinary].text = files[ordinary].text.replacingOccurrences(of: marker, with: "        trace(\"formatting \\(value)\")\n" + marker)
        run("a call of a function that runs nothing", reuses: true)
        files[ordinary].text = files[ordinary].text.replacingOccurrences(of: "{ print(\"trace:\", message) }", with: "{ _ = Formatter2() }")
        run("that function now makes an object", reuses: false)
        files[ordinary].text = files[ordinary].text.replacingOccurrences(of: marker, with: "        trace(\"again\")\n" + marker)
        run("a call of it", reuses: false)
    }

    /// A path a finding could spell otherwise than JSON does is never searched for: read again.
    @Test func onlyPlainPathsAreSearched() {
        #expect(LastReading.isPlainPath("/a/Sources/App/Ü ber.swift"))
        #expect(!LastReading.isPlainPath("/a/\"quoted\".swift"))
        #expect(!LastReading.isPlainPath("/a/back\\slash.swift"))
        #expect(!LastReading.isPlainPath("/a/new\nline.swift"))
        let text = LastReading.NamedText(bytes: Array("x /a/b.swift:3 y".utf8))
        #expect(text.contains("/a/b.swift") && !text.contains("/a/c.swift") && !text.contains("b.swift:3 yz"))
    }

    /// Two runs at once over one cache folder (SwiftPM runs two targets' checks in parallel),
    /// each over its own files, again and again: neither breaks the cache or answers wrong.
    @Test func twoRunsAtOnceOverOneFolder() async throws {
        let folder = CheckCacheTests.folder()
        let sets = [try Self.appFiles(), try FidelityTests.moduleSampleFiles(withCheckout: false)]
        let expected = sets.map { StaticCheck.findings(of: $0, options: Self.options(nil)) }
        let results = await withTaskGroup(of: [StaticReading.Findings].self) { group in
            for set in sets {
                group.addTask {
                    (0..<8).map { _ in StaticCheck.findings(of: set, options: StaticReader.Options(threads: 1, cachePath: folder)) }
                }
            }
            var all: [[StaticReading.Findings]] = []
            for await result in group { all.append(result) }
            return all
        }
        for result in results {
            let set = result[0].summary == expected[0].summary ? 0 : 1
            for found in result {
                #expect(found.diagnostics == expected[set].diagnostics && found.summary == expected[set].summary)
                #expect(found.warnings.isEmpty, "\(found.warnings)")
            }
        }
    }

    /// A cache written by a reader built from other sources: one warning, however many of its
    /// files are read, and the reading complete.
    @Test func anotherReadersCacheIsOneWarning() throws {
        let files = try Self.appFiles()
        let folder = CheckCacheTests.folder()
        var other = Self.options(folder)
        other.cacheIdentity = CheckCache.identity(sources: "another")
        _ = StaticCheck.reading(of: files, options: other)
        let reading = StaticCheck.reading(of: files, options: Self.options(folder))
        #expect(reading.warnings.count == 1)
        #expect(reading.warnings.first?.contains("a graphinspect built from other sources wrote it") == true)
        Self.expectSame(reading, StaticCheck.reading(of: files, options: Self.options(nil)), "other reader")
    }
}
