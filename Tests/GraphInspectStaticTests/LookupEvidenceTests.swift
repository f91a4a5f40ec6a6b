import GraphInspectCheckContract
import GraphInspectStatic
import Testing

/// An error needs positive evidence. The runtime casts a provider's value to the type asked
/// (`value as? T`), so a provider declared as a protocol, a superclass or `Any` may answer a
/// lookup of a narrower type, and a lookup whose type the reader cannot tell may or may not be
/// answered: each is a `not checked` note, never an error and never silence.
@Suite struct LookupEvidenceTests {
    static func graph(provider: String, lookup: String, extra: String = "") -> StaticGraph {
        StaticReliabilityTests.graph(["App.swift": """
            import GraphInspect

            protocol NetworkClientProtocol: AnyObject {}
            class BaseClient {}
            final class NetworkClient: BaseClient, NetworkClientProtocol {}
            struct Endpoint {}
            \(extra)
            final class AppComponent: Component, RootComponent {
                \(provider)
                init() { super.init(parent: nil) }
            }
            final class FeedComponent: Component {}

            let app = AppComponent()
            let feed = FeedComponent(parent: app)
            \(lookup)
            """])
    }

    /// A protocol-typed provider asked as a class that conforms: the run succeeds when the value
    /// is one, so it is a note naming both types, not counted as checked, and not an error.
    @Test(arguments: [
        "let network: any NetworkClientProtocol = NetworkClient()",
        "let network: NetworkClientProtocol = NetworkClient()",
        "let network: BaseClient = NetworkClient()",
        "let network: Any = NetworkClient()",
        "let network: AnyObject = NetworkClient()",
    ])
    func aProviderOfAWiderTypeIsANoteNotAnError(provider: String) {
        let graph = Self.graph(provider: provider, lookup: "let client: NetworkClient = feed.network")
        #expect(graph.errors.isEmpty, "\(graph.errors.map(\.message))")
        let notes = graph.diagnostics.filter(\.isUnchecked)
        #expect(notes.count == 1)
        #expect(notes.first?.message.contains("`network: NetworkClient` is answered by `network: ") == true, "\(notes.map(\.message))")
        #expect(notes.first?.message.hasSuffix("at AppComponent only if the value it holds at run time is of type NetworkClient") == true)
        #expect(graph.summary.lookups == 1 && graph.summary.lookupsChecked == 0)
    }

    /// Where no value of the provider's type can be of the type asked, the miss is certain.
    @Test(arguments: [
        ("let network = \"https://api.example.com\"", "let client: NetworkClient = feed.network"),
        ("let network = Endpoint()", "let client: NetworkClient = feed.network"),
        ("let network: any NetworkClientProtocol = NetworkClient()", "let client: Endpoint = feed.network"),
        ("let network: BaseClient = NetworkClient()", "let client: Unrelated = feed.network"),
    ])
    func aProviderThatCannotHoldTheTypeAskedIsStillAnError(provider: String, lookup: String) {
        let graph = Self.graph(provider: provider, lookup: lookup, extra: "final class Unrelated {}")
        #expect(graph.errors.count == 1, "\(graph.diagnostics.map(\.message))")
        #expect(graph.errors.first?.message.hasPrefix("missing dependency `network: ") == true)
        #expect(graph.summary.lookupsChecked == 1)
    }

    /// A provider of the type asked, or of a subclass or conforming type, answers: checked, no note.
    @Test func aProviderOfTheTypeOrANarrowerOneIsChecked() {
        for asked in ["NetworkClient", "NetworkClientProtocol", "any NetworkClientProtocol", "BaseClient"] {
            let graph = Self.graph(provider: "let network = NetworkClient()", lookup: "let client: \(asked) = feed.network")
            #expect(graph.diagnostics.isEmpty, "\(asked): \(graph.diagnostics.map(\.message))")
            #expect(graph.summary.lookupsChecked == 1, "\(asked)")
        }
    }

    /// A lookup passed where the reader cannot follow the type expected (`append` on an array):
    /// not an error, but a note saying what was found, and not counted as checked.
    @Test func aLookupOfATypeNotKnownIsANote() {
        let graph = Self.graph(
            provider: "let network = \"https://api.example.com\"",
            lookup: "var clients: [NetworkClient] = []\nclients.append(feed.network)"
        )
        #expect(graph.errors.isEmpty)
        #expect(graph.diagnostics.filter(\.isUnchecked).map(\.message) == [
            "not checked: the type `network` is asked as is not known here; found `network: String` at AppComponent, "
                + "which answers only if the call site wants String (or a type String conforms to or inherits)",
        ])
        #expect(graph.summary.lookups == 1 && graph.summary.lookupsChecked == 0)
    }
}
