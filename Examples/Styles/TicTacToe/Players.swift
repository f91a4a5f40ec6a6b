/// The two players' names, set when they log in.
public struct Player: Hashable, Sendable {
    var name: String
    var mark: Mark
}

enum Mark: String, CaseIterable, Sendable {
    case cross = "X", nought = "O"

    var other: Mark { self == .cross ? .nought : .cross }
}

final class PlayersStore {
    private(set) var players: [Player] = []
    private var observers: [([Player]) -> Void] = []

    func update(first: String, second: String) {
        players = zip([first, second], Mark.allCases).map { Player(name: $0.isEmpty ? "Player \($1.rawValue)" : $0, mark: $1) }
        observers.forEach { $0(players) }
    }

    func observe(_ observer: @escaping ([Player]) -> Void) {
        observers.append(observer)
        if !players.isEmpty { observer(players) }
    }

    func player(with mark: Mark) -> Player? { players.first { $0.mark == mark } }
}
