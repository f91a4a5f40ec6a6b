import GraphInspect

final class GameComponent: Component {
    // Needle's sample says of its own: "This should not be used as the provider for
    // GameDependency." Here it is the one the game gets: it is nearer than the logged-in one.
    let mutableScoreStream = ScoreStream()

    func viewModel(players: [Player]) -> GameViewModel { GameViewModel(component: self, players: players) }
}

/// A board of `Cell`s, generic so a bigger one could reuse it.
struct Board<Cell: Equatable> {
    private(set) var cells: [[Cell?]]

    init(size: Int) {
        cells = Array(repeating: Array(repeating: nil, count: size), count: size)
    }

    mutating func place(_ cell: Cell, row: Int, column: Int) -> Bool {
        guard cells.indices.contains(row), cells[row].indices.contains(column), cells[row][column] == nil else { return false }
        cells[row][column] = cell
        return true
    }

    var lines: [[Cell?]] {
        let n = cells.count
        let rows = cells
        let columns = (0..<n).map { c in rows.map { $0[c] } }
        let diagonals = [(0..<n).map { rows[$0][$0] }, (0..<n).map { rows[$0][n - 1 - $0] }]
        return rows + columns + diagonals
    }

    var isFull: Bool { cells.allSatisfy { $0.allSatisfy { $0 != nil } } }
}

final class GameViewModel {
    private var board = Board<Mark>(size: 3)
    private var turn = Mark.cross
    private let players: [Player]
    private let scores: ScoreStream?
    private let analytics: Analytics?
    private(set) var winner: Mark?

    init(component: GameComponent, players: [Player]) {
        self.players = players
        scores = try? component.resolve("mutableScoreStream")
        analytics = try? component.resolve("analytics")
    }

    @discardableResult
    func play(row: Int, column: Int) -> Bool {
        guard winner == nil, board.place(turn, row: row, column: column) else { return false }
        analytics?.track("move", ["mark": turn.rawValue, "cell": "\(row)\(column)"])
        if board.lines.contains(where: { line in line.allSatisfy { $0 == turn } }) {
            winner = turn
            finish()
        } else if board.isFull {
            finish()
        } else {
            turn = turn.other
        }
        return true
    }

    private func finish() {
        let winnerName = winner.flatMap { mark in players.first { $0.mark == mark }?.name }
        scores?.record(winner: winnerName, between: players.map(\.name))
        analytics?.track("game over", ["winner": winnerName ?? "nobody"])
    }
}
