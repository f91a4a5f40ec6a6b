@testable import GraphInspectStatic
import Testing

/// A component bound by the top-level code and read inside a function or a method is that
/// component: its lookups there are checked, not dropped.
@Suite struct GlobalReadTests {
    @Test func aGlobalReadInAFunctionIsFollowed() {
        let graph = StaticReliabilityTests.graph(["main.swift": """
            import GraphInspect
            final class API {}
            final class Tier {}
            final class AppComponent: Component, RootComponent {
                let api = API()
                init() { super.init(parent: nil) }
            }
            final class FeatureComponent: Component {}
            let feature = FeatureComponent(parent: AppComponent())
            struct Screen { func start() { let tier: Tier = feature.tier; _ = tier } }
            func start() { let api: API = feature.api; _ = api }
            start()
            Screen().start()

            """])
        #expect(graph.errors.map(\.message) == ["missing dependency `tier: Tier`"], "\(graph.diagnostics.map { $0.formatted() })")
        #expect(graph.summary.lookupsChecked == 2 && graph.summary.lookups == 2, "\(graph.summary)")
    }
}
