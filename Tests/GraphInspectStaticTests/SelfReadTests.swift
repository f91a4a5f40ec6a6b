import Foundation
import GraphInspectCheckContract
import GraphInspectRules
@testable import GraphInspectStatic
import Testing

/// `unused-provider` counts a provider read inside its own type without `self.` (`greeting` in
/// `var banner: String { greeting + "!" }`) as used, as Swift reads it: from any member or
/// extension of the type, unless a local or parameter of that name hides it there.
@Suite struct SelfReadTests {
    static let app = """
        import GraphInspect

        final class Clock {}
        final class AppComponent: Component, RootComponent {
            let clock = Clock()
            private let greeting = "hello"
            let farewell = "bye"
            let shadowed = 1
            let unread = 2
            var banner: String { greeting + "!" }
            init() { super.init(parent: nil) }
            func hidden(shadowed: Int) -> Int {
                let unread = shadowed + 1
                return [unread].map { shadowed in shadowed }.count
            }
        }
        extension AppComponent {
            func leave() { [1].forEach { _ in print(farewell) } }
        }
        final class FeedComponent: Component {}

        """
    static let main = """
        let app = AppComponent()
        let feed = FeedComponent(parent: app)
        let c: Clock = feed.clock
        print(app.banner, c)
        app.leave()

        """

    static let rules = "rules:\n  unused-provider: error\n"

    static func files(main: String = main) -> [StaticReader.SourceFile] {
        [
            StaticReader.SourceFile(path: "App.swift", module: "App", text: app),
            StaticReader.SourceFile(path: "main.swift", module: "App", text: main),
        ]
    }

    static func unused(_ diagnostics: [StaticDiagnostic]) -> [String] {
        diagnostics.filter { $0.ruleID == "unused-provider" }.map(\.message).sorted()
    }

    static let expected = [
        "AppComponent provides `shadowed: Int`, which no lookup in the sources names and no code reads",
        "AppComponent provides `unread: Int`, which no lookup in the sources names and no code reads",
    ]

    @Test func aMemberReadWithoutSelfIsAUseAndALocalOfItsNameIsNot() throws {
        let graph = StaticReader.graph(of: Self.files())
        let engine = RulesEngine(rules: try RulesOnTicTacToeTests.rules(Self.rules))
        let found = engine.findings(in: RulesInput(snapshot: graph.snapshot, places: graph.places, origin: .sources))
        #expect(found.map(\.baselineEntry).sorted() == ["unused-provider: AppComponent.shadowed", "unused-provider: AppComponent.unread"])
    }

    /// The names are kept with the file's reading in the check cache: a run that reads the
    /// component's file back from the cache (another file edited) finds the same.
    @Test func theReadsAreKeptInTheCheckCache() throws {
        let folder = CheckCacheTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let rules = try StaticCheckRulesTests.held(Self.rules, in: folder)
        let cold = try StaticCheckRulesTests.run(Self.files(), cache: folder + "/cache", rules: rules)
        #expect(Self.unused(try #require(cold.reading).diagnostics) == Self.expected)
        let edited = Self.files(main: Self.main + "print(\"again\", app.banner)\n")
        let warm = try StaticCheckRulesTests.run(edited, cache: folder + "/cache", rules: rules)
        #expect(warm.reuse.hits >= 1, "\(warm.reuse)")
        #expect(Self.unused(try #require(warm.reading).diagnostics) == Self.expected)
    }
}
