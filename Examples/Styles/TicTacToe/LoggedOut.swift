import Foundation
import GraphInspect

final class LoggedOutComponent: Component {
    var viewModel: LoggedOutViewModel { LoggedOutViewModel(component: self) }
}

/// Two text fields and a button.
final class LoggedOutViewModel {
    private let store: PlayersStore?
    var firstName = ""
    var secondName = ""

    init(component: LoggedOutComponent) {
        store = try? component.resolve("playersStore")
    }

    var canLogIn: Bool { !(firstName.isEmpty && secondName.isEmpty) }

    func logIn() {
        store?.update(first: firstName.trimmingCharacters(in: .whitespaces), second: secondName.trimmingCharacters(in: .whitespaces))
    }
}
