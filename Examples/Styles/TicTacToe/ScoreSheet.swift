import GraphInspect

final class ScoreSheetComponent: Component {
    var viewModel: ScoreSheetViewModel { ScoreSheetViewModel(component: self) }
}

final class ScoreSheetViewModel {
    private let stream: ScoreStream?
    private(set) var rows: [String] = []

    init(component: ScoreSheetComponent) {
        stream = try? component.resolve("mutableScoreStream")
        stream?.listen { [weak self] _, _ in self?.refresh() }
        refresh()
    }

    private func refresh() {
        rows = (stream?.scores ?? [:]).sorted { ($0.value.points, $1.key) > ($1.value.points, $0.key) }.map { name, score in
            "\(name): \(score.wins)-\(score.losses)-\(score.draws)"
        }
    }
}
