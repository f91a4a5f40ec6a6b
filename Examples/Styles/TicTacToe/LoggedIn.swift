import GraphInspect

final class LoggedInComponent: Component {
    let mutableScoreStream = ScoreStream()

    var game: GameComponent { GameComponent(parent: self) }
    var scoreSheet: ScoreSheetComponent { ScoreSheetComponent(parent: self) }
}

/// Scores as they change, to whoever listens.
final class ScoreStream {
    private(set) var scores: [String: Score] = [:]
    private var listeners: [(String, Score) -> Void] = []

    func record(winner: String?, between names: [String]) {
        for name in names {
            var score = scores[name, default: Score()]
            switch winner {
            case nil: score.draws += 1
            case name?: score.wins += 1
            default: score.losses += 1
            }
            scores[name] = score
            listeners.forEach { $0(name, score) }
        }
    }

    func listen(_ listener: @escaping (String, Score) -> Void) { listeners.append(listener) }
}

struct Score: Equatable {
    var wins = 0, losses = 0, draws = 0
    var points: Int { wins * 3 + draws }
}
