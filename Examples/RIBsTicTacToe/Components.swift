import GraphInspect

// Uber's RIBs tutorial app (uber/RIBs, ios/tutorials/tutorial3-completed: Root, LoggedOut,
// LoggedIn, OffGame, TicTacToe), ported to this architecture: each RIB is a module its parent's
// holder attaches and detaches as the user moves through the app, as the tutorial's routers
// attach and detach child RIBs. See main.swift for the run and its two mistakes.

final class AppComponent: Component, RootComponent {
    let analytics = Analytics()
    init() { super.init(parent: nil) }
}

final class LoggedOutComponent: Component {}

/// The logged-in area: the two players and their scores, for the screens below it.
final class LoggedInComponent: Component {
    let player1Name: String
    let player2Name: String
    let mutableScoreStream = ScoreStream()

    init(parent: Component, player1Name: String, player2Name: String) {
        self.player1Name = player1Name
        self.player2Name = player2Name
        super.init(parent: parent)
    }
}

final class OffGameComponent: Component {}
final class TicTacToeComponent: Component {}

final class Analytics: @unchecked Sendable {
    private(set) var events: [String] = []
    func track(_ event: String) { events.append(event) }
}

enum PlayerType: Int { case player1 = 1, player2 }

/// The score, as the tutorial's ScoreStream keeps it.
final class ScoreStream {
    private(set) var player1Score = 0
    private(set) var player2Score = 0
    private var observers: [(Int, Int) -> Void] = []

    func update(withWinner winner: PlayerType) {
        switch winner {
        case .player1: player1Score += 1
        case .player2: player2Score += 1
        }
        observers.forEach { $0(player1Score, player2Score) }
    }

    func observe(_ observer: @escaping (Int, Int) -> Void) {
        observers.append(observer)
        observer(player1Score, player2Score)
    }
}
