import GraphInspectCheckContract
import GraphInspectStatic
import Testing

/// An unmarked computed property is invisible to lookups: a lookup walking past it to a parent's
/// provider is warned of, once for the property, naming each lookup. The property's own getter
/// forwarding its name to the parents (needle's `var clock: Clock { try! resolve("clock") }`) is
/// meant to walk past it, and is no such lookup.
@Suite struct InvisibleComputedTests {
    static let app = """
        import GraphInspect

        final class Clock {}
        final class Cache {}
        final class AppComponent: Component, RootComponent {
            let clock = Clock()
            let cache = Cache()
            init() { super.init(parent: nil) }
        }
        protocol ReportsDependency { var clock: Clock { get } }
        final class ReportsComponent: Component {}
        extension ReportsComponent: ReportsDependency {
            var clock: Clock { try! resolve("clock") }
            var cache: Cache { try! self.resolve("cache") }
        }
        final class ExportComponent: Component {}

        let app = AppComponent()
        let reports = ReportsComponent(parent: app)
        let export = ExportComponent(parent: reports)
        let own: Clock = reports.clock
        let ownCache: Cache = reports.cache
        let first: Clock = export.clock
        let second: Clock = export.clock
        let cache: Cache = export.cache
        print(own, ownCache, first, second, cache)

        """

    @Test func aLookupInTheGetterOfTheComputedPropertyItNamesIsNotWarnedOfAndEachPropertyOnce() {
        let graph = StaticReader.graph(of: [StaticReader.SourceFile(path: "main.swift", module: "App", text: Self.app)])
        let warnings = graph.diagnostics.filter { $0.severity == .warning }.map { $0.formatted() }
        #expect(warnings == [
            """
            main.swift:13:9: warning: computed `clock` in ReportsComponent is invisible to lookups, and the lookup at main.swift:23:27 walks past it
              1 more lookup walks past it: main.swift:24:28
              fix: mark ReportsComponent `@Providers` (GraphInspectMacros), or make `clock` a stored `let`
            """,
            """
            main.swift:14:9: warning: computed `cache` in ReportsComponent is invisible to lookups, and the lookup at main.swift:25:27 walks past it
              fix: mark ReportsComponent `@Providers` (GraphInspectMacros), or make `cache` a stored `let`
            """,
        ])
        #expect(graph.errors.isEmpty, "\(graph.errors)")
    }

    /// Many lookups past one property: the first in the message, three more listed, the rest counted.
    @Test func manyLookupsPastOnePropertyAreListedUpToFourAndCounted() {
        let main = Self.app.replacingOccurrences(
            of: "let first: Clock = export.clock\n",
            with: (1...4).map { "let extra\($0): Clock = export.clock\n" }.joined() + "let first: Clock = export.clock\n"
        )
        let graph = StaticReader.graph(of: [StaticReader.SourceFile(path: "main.swift", module: "App", text: main)])
        let clock = graph.diagnostics.filter { $0.severity == .warning && $0.message.hasPrefix("computed `clock`") }.map { $0.formatted() }
        #expect(clock == [
            """
            main.swift:13:9: warning: computed `clock` in ReportsComponent is invisible to lookups, and the lookup at main.swift:23:28 walks past it
              5 more lookups walk past it: main.swift:24:28, main.swift:25:28, main.swift:26:28 and 2 others
              fix: mark ReportsComponent `@Providers` (GraphInspectMacros), or make `clock` a stored `let`
            """,
        ])
    }
}
