import Foundation
import GraphInspectCheckContract
@testable import GraphInspectStatic
import Testing

/// Provider edits in an editor's session, answered from what it keeps in memory
/// (`providerEditInMemory`): each reading is a whole fresh reading of the edited texts.
extension EditorSessionTests {
    /// Code no tree reaches that names providers through a component's declared type: removing
    /// one turns its read into a lookup that cannot be checked, so what the function records
    /// changes with the provider (it must run again, not be reused).
    static func unreachedReader(feature: Int) -> String {
        """

        final class F\(feature)Peek {
            func peek(_ component: F\(feature)Component) {
                let _: F\(feature)Service = component.f\(feature)Service
                print(component.f\(feature)Analytics)
            }
        }

        """
    }

    /// One provider edit in a generated app's components file: a provider removed, added (of a
    /// type the sources declare or not, of a name looked up and missing, or of an ancestor's
    /// name, which shadows it), renamed, moved to another component of the file or within its
    /// own, or given another value. Nil when the file offers none of that kind.
    static func providerEdit(_ files: inout [StaticReader.SourceFile], round: Int, random: inout SeededEdits) -> String? {
        let components = files.indices.filter { files[$0].path.hasSuffix("Components.swift") }
        let index = components[Int(random.next() % UInt64(components.count))]
        var lines = files[index].text.components(separatedBy: "\n")
        let feature = files[index].path.split(separator: "/").last.map { String($0.dropFirst().prefix { $0.isNumber }) } ?? "0"
        let declarations = lines.indices.filter { lines[$0].hasSuffix(": Component {") }
        let providers = lines.indices.filter { lines[$0].hasPrefix("    public let ") || lines[$0].hasPrefix("    let ") }
        func pick(_ among: [Int]) -> Int? { among.isEmpty ? nil : among[Int(random.next() % UInt64(among.count))] }
        let kind = random.next() % 7
        switch kind {
        case 0:
            guard let at = pick(providers) else { return nil }
            lines.remove(at: at)
        case 1:
            guard let at = pick(declarations) else { return nil }
            let added = [
                "    public let extra\(round) = F\(feature)Service()", "    let stamp\(round) = Date()",
                "    public let f\(Int(feature)! + 1)Service = F\(feature)Service()", "    let f0Analytics = F0Analytics()",
            ]
            lines.insert(added[Int(random.next() % UInt64(added.count))], at: at + 1)
        case 2:
            guard let at = pick(providers), let name = lines[at].split(separator: " ").first(where: { $0 != "public" && $0 != "let" }) else { return nil }
            lines[at] = lines[at].replacingOccurrences(of: " \(name) ", with: " \(name)Renamed\(round) ")
        case 3:
            guard let at = pick(providers), let to = pick(declarations) else { return nil }
            let moved = lines.remove(at: at)
            lines.insert(moved, at: to < at ? to + 1 : to)
        case 4:
            guard let at = pick(providers), at + 1 < lines.count, providers.contains(at + 1) else { return nil }
            lines.swapAt(at, at + 1)
        case 5:
            guard let at = pick(providers.filter { lines[$0].contains("Service()") }) else { return nil }
            lines[at] = lines[at].replacingOccurrences(of: "Service()", with: "Service(baseURL: URL(string: \"https://example.com/\(round)\")!)")
        default:
            // A body edit between provider edits: a lookup typed in a module.
            guard let modules = files.indices.first(where: { files[$0].path.hasSuffix("F\(feature)Modules.swift") }) else { return nil }
            files[modules].text = files[modules].text.replacingOccurrences(
                of: "        super.init(key:", with: "        let _: F0Analytics = component.typed\(round)\n        super.init(key:"
            )
            return "a lookup typed in \(files[modules].path)"
        }
        let text = lines.joined(separator: "\n")
        // A provider moved to where it was is no edit.
        guard text != files[index].text else { return nil }
        files[index].text = text
        return "kind \(kind) in \(files[index].path)"
    }

    /// Provider edits of every kind, one after another in one session, on generated apps with
    /// code no tree reaches that names providers: each reading equals `StaticCheck().run` on the
    /// same texts with no cache and no session; the provider edits are answered in memory, most
    /// reusing what the code nothing reaches recorded. 24 rounds: each of the seven kinds of edit
    /// about three times an app, each round read twice (the session, and fresh).
    @Test(arguments: [(features: 6, seed: UInt64(3)), (features: 11, seed: UInt64(17))])
    func providerEditsReadAsAFreshReadingReadsThem(app: (features: Int, seed: UInt64)) throws {
        let (root, generated) = try Self.generatedApp(features: app.features, ordinaryFilesPerFeature: 2)
        defer { try? FileManager.default.removeItem(at: root) }
        var files = generated
        for feature in [1, 2] {
            let screen = try #require(files.firstIndex { $0.path.hasSuffix("/F\(feature)Screen0.swift") })
            files[screen].text += Self.unreachedReader(feature: feature)
        }
        let session = StaticReader.EditorSession()
        _ = session.reading(of: files, cachePath: nil)
        var random = SeededEdits(seed: app.seed)
        var inMemory = 0, reused = 0, edits = 0
        var elsewhere: [String] = []
        for round in 0..<24 {
            guard let edit = Self.providerEdit(&files, round: round, random: &random) else { continue }
            let read = session.reading(of: files, cachePath: nil).reading
            let fresh = try #require(StaticCheck().run(StaticCheck.Request(files: files, options: StaticReader.Options(threads: 2))).reading)
            LastReadingTests.expectSame(read, fresh, "round \(round), \(edit), \(session.lastReuse.answeredBy.map(\.rawValue) ?? "read whole")")
            guard edit.hasPrefix("kind") else { continue }
            edits += 1
            if session.lastReuse.answeredBy == .providerEditInMemory { inMemory += 1 } else { elsewhere.append("\(edit): \(session.lastReuse.declined)") }
            if session.lastReuse.unreachedRecordsReused > 0 { reused += 1 }
        }
        #expect(inMemory == edits, "provider edits answered in memory: \(inMemory) of \(edits); the others: \(elsewhere)")
        #expect(reused * 2 > edits, "provider edits that reused the unreached functions' records: \(reused) of \(edits)")
    }

    /// A provider whose value reaches code every caller shares (here a static function's
    /// parameter) moves the fixed point outside what only the provider leads to: every function
    /// nothing reaches runs again. One whose value only the provider holds leaves the rest as it
    /// was: those functions' records are reused but for the one that names it. Each reading is
    /// a fresh reading.
    @Test func recordsAreReusedOnlyWhereTheFixedPointsMatch() throws {
        let app = """
            import GraphInspect

            final class Analytics {}
            enum Wrapping {
                static func wrap(_ value: Analytics) -> Analytics { value }
            }
            final class AppComponent: Component, RootComponent {
                let analytics = Analytics()
                let wrapped = Wrapping.wrap(Analytics())
                init() { super.init(parent: nil) }
            }
            final class HomeComponent: Component {}
            final class HomeScreen {
                init(component: HomeComponent) {
                    let _: Analytics = component.analytics
                    let _: Analytics = component.wrapped
                }
            }
            func makeTree() {
                _ = HomeScreen(component: HomeComponent(parent: AppComponent()))
            }

            """
        let unmade = """
            import GraphInspect

            final class Unmade {
                func look(_ component: AppComponent) { print(component.analytics) }
                func other(_ component: HomeComponent) { let _: Analytics = component.tracker }
            }

            """
        var files = [
            StaticReader.SourceFile(path: "/app/Sources/App/App.swift", module: "App", text: app),
            StaticReader.SourceFile(path: "/app/Sources/App/Unmade.swift", module: "App", text: unmade),
        ]
        let session = StaticReader.EditorSession()
        _ = session.reading(of: files, cachePath: nil)
        for (line, reused) in [("    let wrapped = Wrapping.wrap(Analytics())\n", false), ("    let analytics = Analytics()\n", true)] {
            files[0].text = files[0].text.replacingOccurrences(of: line, with: "")
            let read = session.reading(of: files, cachePath: nil).reading
            let fresh = try #require(StaticCheck().run(StaticCheck.Request(files: files, options: StaticReader.Options(threads: 2))).reading)
            LastReadingTests.expectSame(read, fresh, "\(line) removed")
            #expect(session.lastReuse.answeredBy == .providerEditInMemory, "\(line) removed: \(session.lastReuse.declined)")
            #expect((session.lastReuse.unreachedRecordsReused > 0) == reused, "\(line) removed: \(session.lastReuse.unreachedRecordsReused) records reused")
        }
    }
}
