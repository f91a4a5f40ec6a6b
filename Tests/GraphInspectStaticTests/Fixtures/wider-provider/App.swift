import GraphInspect

protocol NetworkClientProtocol: AnyObject {}
final class NetworkClient: NetworkClientProtocol {}

/// Provides the client as the protocol; the feed asks for the class. The runtime casts the value
/// it holds, a `NetworkClient`, so the run is answered: check cannot know that, and says so.
final class AppComponent: Component, RootComponent {
    let network: any NetworkClientProtocol = NetworkClient()
    init() { super.init(parent: nil) }
}

final class FeedComponent: Component {}

let app = AppComponent()
let feed = FeedComponent(parent: app)
let client: NetworkClient = feed.network
print("feed got", client)
