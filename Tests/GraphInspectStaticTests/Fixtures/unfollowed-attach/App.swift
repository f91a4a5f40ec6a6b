// A module attached by code the reading cannot follow (a holder handed in from outside the
// sources read): a module lookup that finds nothing is not an error while that attach may
// add what it asks for, but a note saying so.
import GraphInspect

final class Analytics: Sendable {}

struct AppContext: ModuleHolderContext {
    let parent: (any ModuleHolderContext)? = nil
}

final class AppComponent: Component, RootComponent {
    let analytics = Analytics()
    init() { super.init(parent: nil) }
}

final class RootHolder: ModuleHolderObject {}

final class FeedComponent: Component {}
final class FeedModule: ModuleObject {
    init(holder: ModuleHolder?, component: FeedComponent) {
        let _: Analytics = component.analytics
        super.init(key: "feed", holder: holder, component: component)
    }
}

struct FeedBuilder: ModuleBuilder {
    func build(parentComponent: Component, holder: ModuleHolderObject?, context: AppContext) -> FeedModule {
        FeedModule(holder: holder, component: FeedComponent(parent: parentComponent))
    }
}

/// Called by a plug-in target the check is not given.
public func installFeed(into holder: ModuleHolderObject) {
    holder.attach(FeedBuilder())
}

let root = RootHolder(key: "root", holder: nil, context: AppContext(), component: AppComponent())
root.attach(FeedBuilder())
_ = root.module(for: "search", as: FeedModule.self)
