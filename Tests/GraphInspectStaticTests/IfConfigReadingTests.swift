import GraphInspectCheckContract
import GraphInspectStatic
import Testing

/// `#if` blocks: every clause is code some build compiles, so each is read, at the top level, in
/// bodies and among a type's members alike.
@Suite struct IfConfigReadingTests {
    static let header = """
        import GraphInspect

        final class Analytics {}
        final class DebugMenuStore {}
        final class MockAPI {}
        final class LiveAPI {}
        final class DebugMenuComponent: Component {}

        """

    /// A lookup in a top-level `#if DEBUG` that nothing answers: the debug build dies there.
    @Test func aMissingDependencyInATopLevelIfIsAnError() {
        let graph = StaticReliabilityTests.graph(["App.swift": Self.header + """
            final class AppComponent: Component, RootComponent {
                let analytics = Analytics()
                init() { super.init(parent: nil) }
            }

            let app = AppComponent()
            #if DEBUG
            let menu = DebugMenuComponent(parent: app)
            let store: DebugMenuStore = menu.debugMenuStore
            #elseif os(Linux)
            let linuxMenu = DebugMenuComponent(parent: app)
            let other: Analytics = linuxMenu.analytics
            #endif
            print("started")
            """])
        #expect(graph.errors.map(\.message) == ["missing dependency `debugMenuStore: DebugMenuStore`"])
        #expect(graph.summary.lookups == 2 && graph.summary.lookupsChecked == 2, "\(graph.summary)")
    }

    /// A provider declared in a `#if` among a component's members answers a lookup made in a
    /// `#if` of a function body, and a type declared in a top-level `#if` is read.
    @Test func aProviderInAMemberIfAnswers() {
        let graph = StaticReliabilityTests.graph(["App.swift": Self.header + """
            #if DEBUG
            final class AppComponent: Component, RootComponent {
                let analytics = Analytics()
                #if DEBUG
                let debugMenuStore = DebugMenuStore()
                #endif
                init() { super.init(parent: nil) }
            }
            #endif

            func start(app: AppComponent) {
                #if DEBUG
                let menu = DebugMenuComponent(parent: app)
                let store: DebugMenuStore = menu.debugMenuStore
                #endif
            }
            start(app: AppComponent())
            """])
        #expect(graph.diagnostics.isEmpty, "\(graph.diagnostics.map(\.message))")
        #expect(graph.summary.lookupsChecked == 1, "\(graph.summary)")
    }

    /// Two clauses declaring one provider with different types: a build has one of them, so a
    /// lookup of either is a note, never an error.
    @Test func aProviderTypedDifferentlyInTwoClausesIsANote() {
        let graph = StaticReliabilityTests.graph(["App.swift": Self.header + """
            final class AppComponent: Component, RootComponent {
                #if DEBUG
                let api = MockAPI()
                #else
                let api = LiveAPI()
                #endif
                init() { super.init(parent: nil) }
            }

            let app = AppComponent()
            let menu = DebugMenuComponent(parent: app)
            let live: LiveAPI = menu.api
            """])
        #expect(graph.errors.isEmpty, "\(graph.errors.map(\.message))")
        #expect(graph.diagnostics.map(\.message) == [
            "not checked: the type of AppComponent's `api` is not known here; it answers this lookup of LiveAPI only if its value is of that type",
        ])
    }
}
