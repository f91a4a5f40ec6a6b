import GraphInspectCheckContract
import GraphInspectQuery
import GraphInspectStatic
import Testing

/// A component type the sources declare but never place in a tree is named as such, not sent to
/// "did you mean": the question has no answer from the sources, and `check` says why.
@Suite struct UnplacedComponentTests {
    static let app = """
        import GraphInspect
        final class API {}
        final class AppComponent: Component, RootComponent {
            let api = API()
            init() { super.init(parent: nil) }
        }
        final class LostComponent: Component {}
        func make(_ parent: Component) -> LostComponent { LostComponent(parent: parent) }
        let api: API = AppComponent().api

        """

    @Test func aDeclaredComponentNoTreeHoldsIsNamedAsSuch() throws {
        let reading = StaticReader.graph(of: [StaticReader.SourceFile(path: "App.swift", module: "App", text: Self.app)])
        let graph = QueryGraph(snapshot: reading.snapshot, origin: .sources, places: reading.places)
        #expect(throws: QueryError.unplaced("LostComponent", declaredAt: SourcePosition(file: "App.swift", line: 7, column: 1))) {
            try graph.provider("api", from: "LostComponent")
        }
        // A name the sources never declare still gets the nearest names.
        #expect(throws: QueryError.noSuchType("LostComponnt", kind: "component", suggestions: [], origin: .sources)) {
            try graph.provider("api", from: "LostComponnt")
        }
        let words = QueryError.unplaced("LostComponent", declaredAt: SourcePosition(file: "App.swift", line: 7, column: 1)).description
        #expect(words.hasPrefix("LostComponent is declared at App.swift:7:1, but no LostComponent the sources make is placed in a tree"))
    }
}
