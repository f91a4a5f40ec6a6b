import Foundation
import GraphInspectCheckContract
import GraphInspectGeneratedApp
@testable import GraphInspectStatic
import Testing

/// An editor's session (`StaticReader.EditorSession`) reads each edit as `check` reads the edited
/// files from nothing: the same findings, summary, snapshot, facts and places, whichever way it
/// took (the last fixed point, or a whole reading).
@Suite struct EditorSessionTests {
    /// A whole reading of `files`, no cache: the truth each session reading is held to.
    static func truth(_ files: [StaticReader.SourceFile]) -> StaticReading {
        StaticCheck.reading(of: files, options: StaticReader.Options(threads: 2))
    }

    /// The lines that open a body: a `func` or `init` line ending with `{`.
    static func bodyStarts(_ lines: [String]) -> [Int] {
        lines.indices.filter { index in
            let line = lines[index]
            return (line.contains("func ") || line.contains("init(")) && line.hasSuffix("{") && index + 1 < lines.count
        }
    }

    /// A generated app written to a new folder (removed by the caller), and its files.
    static func generatedApp(features: Int, ordinaryFilesPerFeature: Int) throws -> (root: URL, files: [StaticReader.SourceFile]) {
        let root = URL(fileURLWithPath: NSTemporaryDirectory() + "graphinspect-session-\(UUID().uuidString)")
        _ = try GeneratedApp(features: features, ordinaryFilesPerFeature: ordinaryFilesPerFeature).write(to: root)
        return (root, try StaticReader.files(in: [root.appendingPathComponent("Sources").path]))
    }

    /// One edit inside a body: a statement written twice, one removed, a lookup typed (of a name
    /// provided or not), an unused local bound to a lookup, a call of code outside the sources.
    static func bodyEdit(_ files: inout [StaticReader.SourceFile], round: Int, random: inout SeededEdits) -> String? {
        let candidates = files.indices.filter { !bodyStarts(files[$0].text.components(separatedBy: "\n")).isEmpty }
        guard !candidates.isEmpty else { return nil }
        let index = candidates[Int(random.next() % UInt64(candidates.count))]
        var lines = files[index].text.components(separatedBy: "\n")
        let starts = bodyStarts(lines)
        let start = starts[Int(random.next() % UInt64(starts.count))] + 1
        let indent = String(lines[start].prefix { $0 == " " })
        let lookup = lines.first { $0.contains("component.") && $0.contains("=") }
        let kind = random.next() % 7
        switch kind {
        case 0: lines.insert(lines[start], at: start)
        case 1: if !lines[start].contains("}") && !lines[start].contains("{") { lines.remove(at: start) } else { lines.insert(lines[start], at: start) }
        case 2: lines.insert(indent + "let _: Int = component.missing\(round)", at: start)
        case 3: lines.insert(indent + "let unused\(round) = component.analytics", at: start)
        case 4: lines.insert(indent + "print(\"edit \(round)\")", at: start)
        case 5: if let lookup { lines.insert(lookup.replacingOccurrences(of: "let ", with: "let again\(round)"), at: start) }
        default: lines.insert(indent + "_ = self", at: start)
        }
        files[index].text = lines.joined(separator: "\n")
        return "kind \(kind) at \(files[index].path):\(start + 1)"
    }

    /// Body edits on every app the tests know and on code not written for them (the runtime's
    /// sources, swift-syntax's parser when checked out): each session reading is the truth. Code
    /// that makes no tree gets three rounds, enough to prove its edits are read as check reads
    /// them; each of its rounds reads a large target twice.
    @Test(arguments: PruningTests.folders)
    func bodyEditsReadAsCheckReadsThem(folder: String) throws {
        let path = FidelityTests.root.appendingPathComponent(folder).path
        guard FileManager.default.fileExists(atPath: path) else { return }
        var files = try StaticReader.files(in: [path])
        let session = StaticReader.EditorSession()
        LastReadingTests.expectSame(session.reading(of: files, cachePath: nil).reading, Self.truth(files), "\(folder), first reading")
        var random = SeededEdits(seed: UInt64(folder.utf8.count))
        let makesNoTree = folder.contains("swift-syntax") || folder == "Sources/GraphInspect"
        for round in 0..<(makesNoTree ? 3 : 8) {
            guard let edit = Self.bodyEdit(&files, round: round, random: &random) else { return }
            let read = session.reading(of: files, cachePath: nil).reading
            LastReadingTests.expectSame(read, Self.truth(files), "\(folder), round \(round), \(edit), \(session.lastPath)")
        }
    }

    /// Body edits of two or three files at once, each file judged on its own against the fixed
    /// point: each reading is the truth, and some are read from the fixed point.
    @Test func editsOfSeveralFilesAtOnceReadAsCheckReadsThem() throws {
        var files = try LastReadingTests.appFiles()
        let session = StaticReader.EditorSession()
        _ = session.reading(of: files, cachePath: nil)
        var random = SeededEdits(seed: 61)
        var fromFixedPoint: [Int] = []
        for round in 0..<12 {
            let before = files
            var edits: [String] = []
            for _ in 0..<(2 + round % 2) {
                if let edit = Self.bodyEdit(&files, round: round, random: &random) { edits.append(edit) }
            }
            let read = session.reading(of: files, cachePath: nil).reading
            LastReadingTests.expectSame(read, Self.truth(files), "round \(round), \(edits), \(session.lastPath)")
            if session.lastPath == .fromFixedPoint { fromFixedPoint.append(zip(before, files).filter { $0.text != $1.text }.count) }
        }
        #expect(fromFixedPoint.contains { $0 > 1 }, "files edited in each reading from the fixed point: \(fromFixedPoint)")
    }

    /// Edits of every kind the cache's tests make (files added, deleted and moved, types renamed,
    /// providers, parents, attachments, a file that stops parsing), one after another in one
    /// session: each reading is the truth.
    @Test func editsOfEveryKindInOneSession() throws {
        var files = try LastReadingTests.appFiles()
        let session = StaticReader.EditorSession()
        _ = session.reading(of: files, cachePath: nil)
        var random = SeededEdits(seed: 23)
        var paths: [StaticReader.EditorSession.Path] = []
        for round in 0..<40 {
            let edit = LastReadingTests.edit(&files, round: round, random: &random)
            let read = session.reading(of: files, cachePath: nil).reading
            paths.append(session.lastPath)
            LastReadingTests.expectSame(read, Self.truth(files), "round \(round), \(edit), \(session.lastPath)")
        }
        #expect(paths.contains(.fromFixedPoint) && paths.contains(.whole), "\(paths)")
    }

    /// The editor's typing on a generated app: lookups typed and deleted in module files, of names
    /// provided and not; most are read from the last fixed point, and each is the truth.
    @Test func typedLookupsOnAGeneratedApp() throws {
        let (root, generated) = try Self.generatedApp(features: 5, ordinaryFilesPerFeature: 2)
        defer { try? FileManager.default.removeItem(at: root) }
        var files = generated
        let modules = files.indices.filter { files[$0].path.hasSuffix("Modules.swift") }
        let session = StaticReader.EditorSession()
        _ = session.reading(of: files, cachePath: nil)
        var random = SeededEdits(seed: 11)
        var fromFixedPoint = 0
        for round in 0..<24 {
            let index = modules[Int(random.next() % UInt64(modules.count))]
            var lines = files[index].text.components(separatedBy: "\n")
            let lookups = lines.indices.filter { lines[$0].contains(" = component.") }
            guard let at = lookups.isEmpty ? nil : lookups[Int(random.next() % UInt64(lookups.count))] else { continue }
            let kind = random.next() % 5
            switch kind {
            case 0: lines.insert("        let _: F0Analytics = component.missingService\(round)", at: at + 1)
            case 1: lines.insert(lines[at].replacingOccurrences(of: "let store", with: "let _").replacingOccurrences(of: "let service", with: "let _"), at: at + 1)
            case 2: lines.remove(at: lookups.last { lines[$0].contains("let _") } ?? at)
            case 3: lines[at] = lines[at].replacingOccurrences(of: "Analytics", with: "Analytic")
            default: lines.insert("        let _: F0Analytics = F0Analytics()", at: at + 1)
            }
            files[index].text = lines.joined(separator: "\n")
            let read = session.reading(of: files, cachePath: nil).reading
            if session.lastPath == .fromFixedPoint { fromFixedPoint += 1 }
            LastReadingTests.expectSame(read, Self.truth(files), "round \(round), kind \(kind) in \(files[index].path), \(session.lastPath)")
        }
        #expect(fromFixedPoint >= 12, "edits read from the last fixed point: \(fromFixedPoint) of 24")
    }

    /// What the fixed point cannot keep is read whole: a statement that makes an object, or
    /// passes one where it was not; and the session goes on from that reading.
    @Test func editsThatMoveTheFixedPointAreReadWhole() throws {
        let (root, generated) = try Self.generatedApp(features: 3, ordinaryFilesPerFeature: 1)
        defer { try? FileManager.default.removeItem(at: root) }
        var files = generated
        let index = try #require(files.firstIndex { $0.path.hasSuffix("F2Modules.swift") })
        let session = StaticReader.EditorSession()
        _ = session.reading(of: files, cachePath: nil)
        let marker = "        super.init(key:"
        let edits: [(statement: String, path: StaticReader.EditorSession.Path)] = [
            ("        let _: F0Analytics = component.nothingProvidesThis", .fromFixedPoint),
            ("        let made = F2Component(parent: component)", .whole),
            ("        let _: F0Analytics = component.nothingProvidesThat", .fromFixedPoint),
        ]
        for (statement, path) in edits {
            files[index].text = files[index].text.replacingOccurrences(of: marker, with: statement + "\n" + marker)
            let read = session.reading(of: files, cachePath: nil).reading
            #expect(session.lastPath == path, "\(statement)")
            LastReadingTests.expectSame(read, Self.truth(files), "\(statement)")
        }
        _ = session.reading(of: files, cachePath: nil)
        #expect(session.lastPath == .unchanged)
    }

    /// A call of a function that runs nothing (`GraphFreeFunctions`) is never run, so the fixed
    /// point stands; an edit that makes such a function run something changes what the fixed
    /// point left out of every caller, and is read whole. Each reading is the truth.
    @Test func anEditOfAFunctionThatRunsNothingIsReadWhole() throws {
        let (root, generated) = try Self.generatedApp(features: 3, ordinaryFilesPerFeature: 2)
        defer { try? FileManager.default.removeItem(at: root) }
        var files = generated
        let screens = files.indices.filter { files[$0].path.contains("Screen") }
        try #require(screens.count >= 2)
        let session = StaticReader.EditorSession()
        _ = session.reading(of: files, cachePath: nil)
        let marker = "        return all\n"
        let edits: [(file: Int, statement: String, path: StaticReader.EditorSession.Path?)] = [
            (screens[0], "        print(try await loadAll(pages: 1).count)", .fromFixedPoint),
            (screens[1], "        print(self.description)", .whole),
            (screens[0], "        print(try await loadAll(pages: 2).count)", nil),
        ]
        for (file, statement, path) in edits {
            files[file].text = files[file].text.replacingOccurrences(of: marker, with: statement + "\n" + marker)
            let read = session.reading(of: files, cachePath: nil).reading
            if let path { #expect(session.lastPath == path, "\(statement)") }
            LastReadingTests.expectSame(read, Self.truth(files), "\(statement)")
        }
    }

    /// The editor's first reading leaves the cache's writing until its findings are out; what it
    /// writes then (every file's contribution, numbered as read, and its shape) serves the next
    /// reading: a check after an edit, and a new session.
    @Test func theCacheWrittenAfterTheFindingsServesTheNextReading() throws {
        var files = try LastReadingTests.appFiles()
        let folder = CheckCacheTests.folder()
        let session = StaticReader.EditorSession()
        let (first, finish) = session.reading(of: files, cachePath: folder)
        LastReadingTests.expectSame(first, Self.truth(files), "first")
        finish()
        // An edit read from the fixed point while the cache is written.
        let marker = "super.init(key: .checkout"
        let index = try #require(files.firstIndex { $0.text.contains(marker) })
        var typed = files
        typed[index].text = typed[index].text.replacingOccurrences(of: marker, with: "let _: Analytics = component.typedWhileSaving\n        " + marker)
        let whileSaving = session.reading(of: typed, cachePath: folder).reading
        #expect(session.lastPath == .fromFixedPoint)
        LastReadingTests.expectSame(whileSaving, Self.truth(typed), "typed while the cache is written")
        session.waitForSaving()
        let again = StaticReader.EditorSession()
        LastReadingTests.expectSame(again.reading(of: files, cachePath: folder).reading, Self.truth(files), "a new session")
        var random = SeededEdits(seed: 5)
        for round in 0..<12 {
            let edit = LastReadingTests.edit(&files, round: round, random: &random)
            let (read, cache) = StaticCheck.check(files, options: LastReadingTests.options(folder))
            LastReadingTests.expectSame(read, Self.truth(files), "round \(round), \(edit)")
            #expect(read.warnings.isEmpty, "round \(round): \(read.warnings)")
            // Read again, the files the edit left alone come from the cache.
            #expect(cache.misses <= 2, "round \(round), \(edit): \(cache.misses) files parsed again, \(cache.hits) from the cache")
        }
    }

    /// A function nothing reaches runs only in the last pass, in a run of its own. What such a
    /// run held before an edit is not held after it: here the assignment that gave `found` its
    /// component is deleted, and the lookup on it is no longer checked.
    @Test func anUnreachedFunctionIsRunAfresh() {
        let app = """
            import GraphInspect

            final class Analytics {}
            final class AppComponent: Component, RootComponent {
                let analytics = Analytics()
                init() { super.init(parent: nil) }
            }
            enum Maker {
                static func make() -> AppComponent { AppComponent() }
            }
            final class Unmade {
                func look() {
                    var found: AppComponent? = nil
                    found = Maker.make()
                    let _: Analytics = found!.analytics
                    let _: Analytics = found!.tracker
                }
            }

            """
        var files = [StaticReader.SourceFile(path: "/app/Sources/App/App.swift", module: "App", text: app)]
        let session = StaticReader.EditorSession()
        LastReadingTests.expectSame(session.reading(of: files, cachePath: nil).reading, Self.truth(files), "before")
        files[0].text = files[0].text.replacingOccurrences(of: "        found = Maker.make()\n", with: "")
        let read = session.reading(of: files, cachePath: nil).reading
        #expect(session.lastPath == .fromFixedPoint)
        LastReadingTests.expectSame(read, Self.truth(files), "after")
    }

    /// A statement that passes an object where it was not passed moves the fixed point, though it
    /// makes nothing: here it gives checkout another parent, through which its lookup is answered.
    @Test func aStatementThatPassesAnObjectIsReadWhole() {
        let app = """
            import GraphInspect

            final class PaymentService {}
            final class AppComponent: Component, RootComponent {
                init() { super.init(parent: nil) }
            }
            final class AccountComponent: Component {
                let paymentService = PaymentService()
            }
            final class CheckoutComponent: Component {}

            final class Parents {
                var chosen: Component
                let account: AccountComponent
                init(root: Component) {
                    account = AccountComponent(parent: root)
                    chosen = root
                }
                func choose(_ component: Component) { chosen = component }
                func chooseAccount() {
                    print("choosing")
                }
            }

            final class CheckoutModule: ModuleObject {
                init(holder: ModuleHolder?, component: Component) {
                    let _: PaymentService = component.paymentService
                    super.init(key: "checkout", holder: holder, component: component)
                }
            }

            struct CheckoutBuilder: ModuleBuilder {
                func build(parentComponent: Component, holder: ModuleHolderObject?, context: any ModuleHolderContext) -> CheckoutModule {
                    let parents = Parents(root: parentComponent)
                    parents.chooseAccount()
                    return CheckoutModule(holder: holder, component: CheckoutComponent(parent: parents.chosen))
                }
            }

            struct AppContext: ModuleHolderContext {
                let parent: (any ModuleHolderContext)? = nil
            }

            final class RootHolder: ModuleHolderObject {
                init(component: AppComponent) {
                    super.init(key: "root", holder: nil, context: AppContext(), component: component)
                    attach(CheckoutBuilder())
                }
            }

            """
        var files = [StaticReader.SourceFile(path: "/app/Sources/App/App.swift", module: "App", text: app)]
        let session = StaticReader.EditorSession()
        let first = session.reading(of: files, cachePath: nil).reading
        #expect(first.diagnostics.contains { $0.message.contains("paymentService") })
        var current = "        print(\"choosing\")"
        for (statement, path) in [("        print(\"again\")", StaticReader.EditorSession.Path.fromFixedPoint), ("        choose(account)", .whole)] {
            files[0].text = files[0].text.replacingOccurrences(of: current, with: statement)
            current = statement
            let read = session.reading(of: files, cachePath: nil).reading
            #expect(session.lastPath == path, "\(statement)")
            LastReadingTests.expectSame(read, Self.truth(files), "\(statement)")
        }
        // The edit moved the answer: account now answers checkout's lookup on one chain.
        #expect(Self.truth(files).facts.resolved.contains(GraphFacts.Named(owner: "AccountComponent", name: "paymentService")))
    }
}
