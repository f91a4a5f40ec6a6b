import GraphInspect
import GraphInspectMacros

// Closures kept in stored properties. Lookups cannot read them (Swift's reflection cannot call
// what it gives for one), so the run misses `makeClock` and `makeLog`; a closure inside a struct,
// and one a `@Providers` class declares with its type, are read as any provider is.
final class Clock {}
final class Feed {}
final class Log {}
struct ClockMaker { let make: () -> Clock }

final class AppComponent: Component, RootComponent {
    let makeClock: () -> Clock = { Clock() }
    let maker = ClockMaker(make: { Clock() })

    init() { super.init(parent: nil) }
}

@Providers
final class FeedComponent: Component {
    let makeFeed: () -> Feed = { Feed() }
    let makeLog = { Log() }
}

final class FeedModule: ModuleObject {
    init(holder: ModuleHolder?, component: Component) {
        let clock: () -> Clock = component.makeClock
        let maker: ClockMaker = component.maker
        let feed: () -> Feed = component.makeFeed
        let log: () -> Log = component.makeLog
        _ = (clock, maker, feed, log)
        super.init(key: "feed", holder: holder, component: component)
    }
}

struct FeedBuilder: ModuleBuilder {
    func build(parentComponent: Component, holder: ModuleHolderObject?, context: any ModuleHolderContext) -> FeedModule {
        FeedModule(holder: holder, component: FeedComponent(parent: parentComponent))
    }
}

struct AppContext: ModuleHolderContext {
    let parent: (any ModuleHolderContext)? = nil
}

final class RootHolder: ModuleHolderObject {
    init(component: AppComponent) {
        super.init(key: "root", holder: nil, context: AppContext(), component: component)
        attach(FeedBuilder())
    }
}
