import GraphInspect

public enum TicTacToeApp {
    /// Logs two players in, plays a game to a win, and opens the score sheet; returns what it
    /// made, which the caller keeps alive.
    public static func run() -> [Component] {
        let root = RootComponent()
        let loggedOut = root.loggedOut
        let login = loggedOut.viewModel
        login.firstName = "Ada"
        login.secondName = "Alan"
        if login.canLogIn { login.logIn() }
        let loggedIn = root.loggedIn
        let game = loggedIn.game
        let match = game.viewModel(players: root.playersStore.players)
        for (row, column) in [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)] { match.play(row: row, column: column) }
        let sheet = loggedIn.scoreSheet
        _ = sheet.viewModel.rows
        return [root, loggedOut, loggedIn, game, sheet]
    }
}
