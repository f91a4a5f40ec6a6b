import GraphInspect

final class NetworkClient {}

/// `network` is a URL string; the feed passes the lookup to `append`, whose element type the
/// reader does not follow, so what the lookup asks for is not known. The run dies: it asks for a
/// `NetworkClient`.
final class AppComponent: Component, RootComponent {
    let network = "https://api.example.com"
    init() { super.init(parent: nil) }
}

final class FeedComponent: Component {}

let app = AppComponent()
let feed = FeedComponent(parent: app)
var clients: [NetworkClient] = []
clients.append(feed.network)
print("clients", clients.count)
