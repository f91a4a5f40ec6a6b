import GraphInspect

// Named the way needle's users name things: the app's root is its own `RootComponent`, which
// shadows the library's protocol of that name (reached as `GraphInspect.RootComponent`). Four
// defects: a provider only in a sibling subtree, a typo, a wrong type, and a name no one provides.
final class Analytics {}
final class GameStore {}
final class ScoreSheet {}
final class Leaderboard {}

final class RootComponent: Component, GraphInspect.RootComponent {
    let analytics = Analytics()

    init() { super.init(parent: nil) }
}

final class LobbyComponent: Component {
    let leaderboard = Leaderboard()
}

final class GameComponent: Component {
    let gameStore = GameStore()
}

final class LobbyModule: ModuleObject {
    init(holder: ModuleHolder?, component: Component) {
        let analytics: Analytics = component.analytics
        _ = analytics
        super.init(key: "lobby", holder: holder, component: component)
    }
}

final class GameModule: ModuleObject {
    init(holder: ModuleHolder?, component: Component) {
        let board: Leaderboard = component.leaderboard
        let typo: Analytics = component.analytcs
        let wrong: GameStore = component.analytics
        let sheet: ScoreSheet = component.scoreSheet
        _ = (board, typo, wrong, sheet)
        super.init(key: "game", holder: holder, component: component)
    }
}

struct LobbyBuilder: ModuleBuilder {
    func build(parentComponent: Component, holder: ModuleHolderObject?, context: any ModuleHolderContext) -> LobbyModule {
        LobbyModule(holder: holder, component: LobbyComponent(parent: parentComponent))
    }
}

struct GameBuilder: ModuleBuilder {
    func build(parentComponent: Component, holder: ModuleHolderObject?, context: any ModuleHolderContext) -> GameModule {
        GameModule(holder: holder, component: GameComponent(parent: parentComponent))
    }
}

struct GameContext: ModuleHolderContext {
    let parent: (any ModuleHolderContext)? = nil
}

final class RootHolder: ModuleHolderObject {
    init(component: RootComponent) {
        super.init(key: "root", holder: nil, context: GameContext(), component: component)
        attach(LobbyBuilder())
        attach(GameBuilder())
    }
}

let root = RootHolder(component: RootComponent())
