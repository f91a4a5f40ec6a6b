// Uber's RIBs tutorial app, ported (Components.swift, Modules.swift), run through one session:
// the players log in (the logged-out screen is detached and released), start a game (the
// off-game screen is detached), play to a win (the game is detached) and are back off-game (the
// new off-game screen stays attached until the app exits). As written, two of those screens
// outlive their detach: the first off-game screen, kept by a global list "for analytics", and the
// game, kept by the game-over closure it stores. With --fixed, neither mistake is made.
// The app then keeps running past the leak grace (GRAPHINSPECT_LEAK_GRACE milliseconds, 1000 by
// default), so `graphinspect why` can tell.
import Foundation
import GraphInspect

Mistakes.made = !CommandLine.arguments.contains("--fixed")
let root = RootHolder(key: "root", holder: nil, context: AppContext(), component: AppComponent())
root.router = RouterObject(viewComponent: ViewComponentObject(module: root, moduleHolder: root))
// Not `let loggedOut = root.attach(...)`: a top-level constant is a global, and kept the
// logged-out screen alive after its detach (graphinspect why said so, in the first version).
root.attach(LoggedOutBuilder()).login(player1Name: "Ada", player2Name: "Alan")
let loggedIn = root.module(for: "loggedIn", as: LoggedInHolder.self)
loggedIn?.module(for: "offGame", as: OffGameModule.self)?.startGame()
if let game = loggedIn?.module(for: "ticTacToe", as: TicTacToeModule.self) {
    for (row, column) in [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)] { game.place(row: row, column: column) }
}
let grace = ProcessInfo.processInfo.environment["GRAPHINSPECT_LEAK_GRACE"].flatMap(UInt32.init) ?? 1_000
usleep((grace + 200) * 1_000)
withExtendedLifetime(root) {
    print("ribs tic-tac-toe: \(Mistakes.made ? "with" : "without") the two mistakes; score " + (loggedIn?.module(for: "offGame", as: OffGameModule.self)?.scoreLine ?? "?"))
}
