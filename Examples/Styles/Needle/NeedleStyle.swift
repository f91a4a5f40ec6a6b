import GraphInspect

// An app named the way needle's users name things: its root is its own `RootComponent` (the
// library's protocol of that name is reached as `GraphInspect.RootComponent`), child components
// are made by computed properties of their parent, and each component looks up what it needs in
// methods of its own. Three defects, each a lookup that fails at run time without ending it:
// a provider only in a sibling subtree, a typo, a wrong type.
public final class Analytics {}
public final class GameStore {}
public final class Leaderboard {}

public final class RootComponent: Component, GraphInspect.RootComponent {
    let analytics = Analytics()

    public init() { super.init(parent: nil) }

    var lobby: LobbyComponent { LobbyComponent(parent: self) }
    var game: GameComponent { GameComponent(parent: self) }
}

final class LobbyComponent: Component {
    let leaderboard = Leaderboard()

    func open() -> Analytics? { try? resolve("analytics") }
}

final class GameComponent: Component {
    let gameStore = GameStore()

    func start() -> [Any?] {
        let board: Leaderboard? = try? resolve("leaderboard")
        let typo: Analytics? = try? resolve("analytcs")
        let wrong: GameStore? = try? resolve("analytics")
        let store: GameStore? = try? resolve("gameStore")
        return [board, typo, wrong, store]
    }
}

public enum NeedleStyle {
    /// Runs the app; returns what it made, which the caller keeps alive.
    public static func run() -> [Component] {
        let root = RootComponent()
        let lobby = root.lobby
        _ = lobby.open()
        let game = root.game
        _ = game.start()
        return [root, lobby, game]
    }
}
