import Foundation
import GraphInspectCheckContract
import GraphInspectGeneratedApp
@testable import GraphInspectStatic
import Testing

/// Provider edits the last reading absorbs without the analysis, and those it does not.
extension LastReadingTests {
    /// The components whose providers the provider-edit tests add and remove.
    static let providerComponents = """
        import GraphInspect

        final class Analytics {}

        final class AppComponent: Component, RootComponent {
            let analytics = Analytics()

            init() { super.init(parent: nil) }
        }

        final class HomeComponent: Component {
            let title: String = "home"
        }

        final class DetailComponent: HomeComponent {}

        """

    /// A stored provider whose value runs no code of the sources, added to or removed from a
    /// component whose family no other file touches, named nowhere else: the reading is made
    /// again without the analysis (its lists, facts, places and the missing dependency's report,
    /// which lists the providers it walked past) and equals the reading made from scratch. Other
    /// provider edits are read again.
    @Test func aProviderAddedOrRemovedIsDrawnWithoutTheAnalysis() throws {
        let folder = NSTemporaryDirectory() + "graphinspect-provider-edit-\(UUID().uuidString)/Sources/App"
        var files = [
            StaticReader.SourceFile(path: folder + "/Components.swift", module: "App", text: Self.providerComponents),
            StaticReader.SourceFile(path: folder + "/Screens.swift", module: "App", text: """
                import GraphInspect

                final class HomeScreen {
                    init(component: HomeComponent) {
                        let analytics: Analytics = component.analytics
                        let payments: Analytics = component.payments
                        print(analytics, payments)
                    }
                }

                func makeTree() {
                    let root = AppComponent()
                    let home = HomeComponent(parent: root)
                    _ = HomeScreen(component: home)
                    _ = DetailComponent(parent: home)
                }

                """),
        ]
        let cacheFolder = CheckCacheTests.folder()
        _ = StaticCheck.reading(of: files, options: Self.options(cacheFolder))
        func components(_ change: (String) -> String) { files[0].text = change(files[0].text) }
        let edits: [(String, Bool, (String) -> String)] = [
            ("a provider added first, the lines below moved", true, { $0.replacingOccurrences(of: "Component: Component {\n", with: "Component: Component {\n    let extra1 = Date()\n") }),
            ("a provider added after another", true, { $0.replacingOccurrences(of: "    let analytics = Analytics()\n", with: "    let analytics = Analytics()\n    var count: Int = 0\n") }),
            ("a provider removed", true, { $0.replacingOccurrences(of: "    let extra1 = Date()\n", with: "") }),
            ("a provider of a type the sources declare", false, { $0.replacingOccurrences(of: "    var count: Int = 0\n", with: "    let tracker = Analytics()\n") }),
            ("a provider of a name looked up", false, { $0.replacingOccurrences(of: "    let title: String = \"home\"\n", with: "    let title: String = \"home\"\n    let payments = Date()\n") }),
            ("that provider removed again", false, { $0.replacingOccurrences(of: "    let payments = Date()\n", with: "") }),
            ("a provider whose value is computed", false, { $0.replacingOccurrences(of: "    let title: String = \"home\"\n", with: "    let title: String = \"home\"\n    let stamp = Date().addingTimeInterval(1)\n") }),
        ]
        for (what, drawn, change) in edits {
            components(change)
            let (cached, cache) = StaticCheck.check(files, options: Self.options(cacheFolder))
            let plain = StaticCheck.reading(of: files, options: Self.options(nil))
            Self.expectSame(cached, plain, "\(what)")
            #expect((cache.reused == .edited) == drawn, "\(what): \(String(describing: cache.reused))")
            #expect(plain.diagnostics.contains { $0.severity == .error && $0.message.contains("payments") } || what.contains("looked up"), "\(what)")
        }
    }

    /// A provider drawn without the analysis keeps the functions that run nothing, so a call of
    /// one still keeps the reading; unless one of them reads the provider's name, which may now
    /// be the app's: then none is kept as such until the analysis runs again.
    @Test func aProviderAddedKeepsTheFunctionsThatRunNothingUnlessOneReadsItsName() throws {
        let folder = NSTemporaryDirectory() + "graphinspect-provider-quiet-\(UUID().uuidString)/Sources/App"
        var files = [
            StaticReader.SourceFile(path: folder + "/Components.swift", module: "App", text: Self.providerComponents),
            StaticReader.SourceFile(path: folder + "/Screens.swift", module: "App", text: """
                import GraphInspect

                func quietNote(_ text: String) { print(text) }
                func stampNote() { print(lateStamp) }

                final class HomeScreen {
                    init(component: HomeComponent) {
                        let analytics: Analytics = component.analytics
                        print("shown")
                    }
                }

                func makeTree() {
                    _ = HomeScreen(component: HomeComponent(parent: AppComponent()))
                }

                """),
        ]
        let cacheFolder = CheckCacheTests.folder()
        _ = StaticCheck.reading(of: files, options: Self.options(cacheFolder))
        let steps: [(String, Int, Bool, String, String)] = [
            ("a provider nothing reads", 0, true, "    let analytics = Analytics()\n", "    let analytics = Analytics()\n    let stamp = Date()\n"),
            ("a call of a function that runs nothing", 1, true, "        print(\"shown\")\n", "        print(\"shown\")\n        quietNote(\"a\")\n"),
            ("a provider one of them reads", 0, true, "    let title: String = \"home\"\n", "    let title: String = \"home\"\n    let lateStamp = Date()\n"),
            ("another call, read again", 1, false, "        quietNote(\"a\")\n", "        quietNote(\"a\")\n        quietNote(\"b\")\n"),
            ("and another, kept again", 1, true, "        quietNote(\"b\")\n", "        quietNote(\"b\")\n        quietNote(\"c\")\n"),
        ]
        for (what, file, kept, marker, replacement) in steps {
            files[file].text = files[file].text.replacingOccurrences(of: marker, with: replacement)
            let (cached, cache) = StaticCheck.check(files, options: Self.options(cacheFolder))
            Self.expectSame(cached, StaticCheck.reading(of: files, options: Self.options(nil)), "\(what)")
            #expect((cache.reused == .edited) == kept, "\(what): \(String(describing: cache.reused))")
        }
    }

    /// Random provider edits on a generated app (the benchmark's kind, smaller), with comments
    /// and inert statements between them: each cached reading equals the one made from scratch,
    /// and the provider edits the rule covers are drawn without the analysis.
    @Test func randomProviderEditsOnAGeneratedApp() throws {
        let root = URL(fileURLWithPath: NSTemporaryDirectory() + "graphinspect-generated-\(UUID().uuidString)")
        _ = try GeneratedApp(features: 5, ordinaryFilesPerFeature: 2).write(to: root)
        var files = try StaticReader.files(in: [root.appendingPathComponent("Sources").path])
        let components = files.indices.filter { files[$0].path.hasSuffix("Components.swift") }
        let cacheFolder = CheckCacheTests.folder()
        _ = StaticCheck.reading(of: files, options: Self.options(cacheFolder))
        var random = SeededEdits(seed: 7)
        var drawn = 0
        for round in 0..<30 {
            let index = components[Int(random.next() % UInt64(components.count))]
            var lines = files[index].text.components(separatedBy: "\n")
            let declarations = lines.indices.filter { lines[$0].contains("Component: Component {") }
            let added = lines.indices.filter { lines[$0].contains("= Date()") || lines[$0].contains(": Int = 0") }
            let kind = random.next() % 5
            switch kind {
            case 0, 1:
                guard let at = declarations.isEmpty ? nil : declarations[Int(random.next() % UInt64(declarations.count))] else { continue }
                lines.insert(kind == 0 ? "    public let extra\(round) = Date()" : "    var count\(round): Int = 0", at: at + 1)
            case 2:
                guard let at = added.first else { continue }
                lines.remove(at: at)
            case 3:
                guard let at = declarations.first else { continue }
                lines.insert("    // a comment \(round)", at: at + 1)
            default:
                // A provider of a type the sources declare: read again.
                guard let at = declarations.last else { continue }
                lines.insert("    let service\(round) = AppComponent()", at: at + 1)
            }
            files[index].text = lines.joined(separator: "\n")
            let (cached, cache) = StaticCheck.check(files, options: Self.options(cacheFolder))
            Self.expectSame(cached, StaticCheck.reading(of: files, options: Self.options(nil)), "round \(round), kind \(kind) in \(files[index].path)")
            if cache.reused == .edited, kind < 3 { drawn += 1 }
        }
        #expect(drawn > 5, "provider edits drawn without the analysis: \(drawn)")
    }
}
