import GraphInspect

struct AppContext: ModuleHolderContext {
    let parent: (any ModuleHolderContext)? = nil
}

struct LoggedInContext: ModuleHolderContext {
    let parent: (any ModuleHolderContext)?
}

/// Whether the app makes the two mistakes (the tutorial's code does not; teams do).
enum Mistakes {
    nonisolated(unsafe) static var made = true
}

/// Every off-game screen shown, "for analytics": the first mistake, a global that keeps each one.
nonisolated(unsafe) var shownOffGameScreens: [OffGameModule] = []

final class RootHolder: ModuleHolderObject {
    func routeToLoggedIn(player1Name: String, player2Name: String) {
        _ = detach(ModuleKey("loggedOut"))
        attach(LoggedInBuilder(player1Name: player1Name, player2Name: player2Name))
    }
}

final class LoggedOutModule: ModuleObject {
    func login(player1Name: String, player2Name: String) {
        let names = [player1Name, player2Name].map { $0.isEmpty ? "Player" : $0 }
        (holder as? RootHolder)?.routeToLoggedIn(player1Name: names[0], player2Name: names[1])
    }
}

struct LoggedOutBuilder: ModuleBuilder {
    func build(parentComponent: Component, holder: ModuleHolderObject?, context: any ModuleHolderContext) -> LoggedOutModule {
        let module = LoggedOutModule(key: "loggedOut", holder: holder, component: LoggedOutComponent(parent: parentComponent))
        module.router = RouterObject(viewComponent: ViewComponentObject(module: module, moduleHolder: holder))
        return module
    }
}

/// The logged-in RIB: a holder whose one child is the off-game screen or the game.
final class LoggedInHolder: ModuleHolderObject {
    func routeToTicTacToe() {
        if let offGame = detach(ModuleKey("offGame")) as? OffGameModule, !Mistakes.made {
            shownOffGameScreens.removeAll { $0 === offGame }
        }
        attach(TicTacToeBuilder())
    }

    func routeToOffGame() {
        _ = detach(ModuleKey("ticTacToe"))
        attach(OffGameBuilder())
    }
}

struct LoggedInBuilder: ModuleBuilder {
    let player1Name: String
    let player2Name: String

    func build(parentComponent: Component, holder: ModuleHolderObject?, context: any ModuleHolderContext) -> LoggedInHolder {
        let component = LoggedInComponent(parent: parentComponent, player1Name: player1Name, player2Name: player2Name)
        let loggedIn = LoggedInHolder(key: "loggedIn", holder: holder, context: LoggedInContext(parent: context), component: component)
        loggedIn.router = RouterObject(viewComponent: ViewComponentObject(module: loggedIn, moduleHolder: loggedIn))
        loggedIn.attach(OffGameBuilder())
        return loggedIn
    }
}

final class OffGameModule: ModuleObject {
    private(set) var scoreLine = ""

    func startGame() {
        let analytics: Analytics = component.analytics
        analytics.track("start game")
        (holder as? LoggedInHolder)?.routeToTicTacToe()
    }

    func showScore(player1Name: String, player2Name: String, scores: ScoreStream) {
        scores.observe { [weak self] first, second in self?.scoreLine = "\(player1Name) \(first) : \(second) \(player2Name)" }
    }
}

struct OffGameBuilder: ModuleBuilder {
    func build(parentComponent: Component, holder: ModuleHolderObject?, context: any ModuleHolderContext) -> OffGameModule {
        let component = OffGameComponent(parent: parentComponent)
        let module = OffGameModule(key: "offGame", holder: holder, component: component)
        module.router = RouterObject(viewComponent: ViewComponentObject(module: module, moduleHolder: holder))
        let player1: String = component.player1Name
        let player2: String = component.player2Name
        let scores: ScoreStream = component.mutableScoreStream
        module.showScore(player1Name: player1, player2Name: player2, scores: scores)
        shownOffGameScreens.append(module)
        return module
    }
}

final class TicTacToeModule: ModuleObject {
    private var board = [[PlayerType?]](repeating: [PlayerType?](repeating: nil, count: 3), count: 3)
    private var current = PlayerType.player1
    /// Called when the game ends, to go back off-game.
    var onGameOver: ((PlayerType?) -> Void)?

    func place(row: Int, column: Int) {
        guard board[row][column] == nil else { return }
        board[row][column] = current
        if let winner = winner() {
            onGameOver?(winner)
        } else {
            current = current == .player1 ? .player2 : .player1
        }
    }

    private func winner() -> PlayerType? {
        let lines = (0..<3).map { r in (0..<3).map { (r, $0) } } + (0..<3).map { c in (0..<3).map { ($0, c) } }
            + [[(0, 0), (1, 1), (2, 2)], [(0, 2), (1, 1), (2, 0)]]
        for line in lines {
            let marks = line.map { board[$0.0][$0.1] }
            if let first = marks[0], marks.allSatisfy({ $0 == first }) { return first }
        }
        return nil
    }
}

struct TicTacToeBuilder: ModuleBuilder {
    func build(parentComponent: Component, holder: ModuleHolderObject?, context: any ModuleHolderContext) -> TicTacToeModule {
        let component = TicTacToeComponent(parent: parentComponent)
        let module = TicTacToeModule(key: "ticTacToe", holder: holder, component: component)
        module.router = RouterObject(viewComponent: ViewComponentObject(module: module, moduleHolder: holder))
        let scores: ScoreStream = component.mutableScoreStream
        let loggedIn = holder as? LoggedInHolder
        if Mistakes.made {
            // The second mistake: the closure the module keeps names the module strongly.
            module.onGameOver = { winner in
                if let winner { scores.update(withWinner: winner) }
                let analytics: Analytics = module.component.analytics
                analytics.track("game over")
                loggedIn?.routeToOffGame()
            }
        } else {
            module.onGameOver = { [weak module] winner in
                if let winner { scores.update(withWinner: winner) }
                if let component = module?.component {
                    let analytics: Analytics = component.analytics
                    analytics.track("game over")
                }
                loggedIn?.routeToOffGame()
            }
        }
        return module
    }
}
