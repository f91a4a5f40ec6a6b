import GraphInspect

// Code that names its own nested types like the library's (as swift-syntax's
// `RawKeyPathComponentSyntax.Component` does): inside the enclosing type the nested type is meant,
// so `component.raw` is a member of it, not a dependency lookup. The app's real component looks up
// a typo, found as before.
final class Analytics {}

struct KeyPathPart {
    enum Component {
        case property(String)
        var raw: String { "raw" }
    }

    let component: Component

    func render(component: Component) -> String {
        let text: String = component.raw
        return text
    }
}

final class AppComponent: Component, RootComponent {
    let analytics = Analytics()

    init() { super.init(parent: nil) }
}

final class FeedComponent: Component {}

let feed = FeedComponent(parent: AppComponent())
let typo: Analytics = feed.analytcs
let part = KeyPathPart(component: .property("x"))
