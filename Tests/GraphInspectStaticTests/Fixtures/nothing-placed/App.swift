import GraphInspect

// A feature read without the app that builds its tree: its module looks analytics up on a
// component no source places below a parent, so nothing can be checked, and check says so.
final class Analytics {}

final class FeedComponent: Component {}

final class FeedModule: ModuleObject {
    init(holder: ModuleHolder?, component: Component) {
        let analytics: Analytics = component.analytics
        _ = analytics
        super.init(key: "feed", holder: holder, component: component)
    }
}

func makeFeed(parent: Component) -> FeedModule {
    FeedModule(holder: nil, component: FeedComponent(parent: parent))
}
