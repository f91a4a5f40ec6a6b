import GraphInspect

// Tic-tac-toe in the shape of needle's sample app (uber/needle, Sample/MVC/TicTacToe), ported
// to this architecture: a root component with a logged-out and a logged-in screen, the logged-in
// one making the game and the score sheet, each component made by a computed property of its
// parent, view models asking their component for what they need. Two things a team's rules
// would forbid, as the app was written: the root provides a network service nothing asks for,
// and the game asks the root for analytics, two components up.

public final class RootComponent: Component, GraphInspect.RootComponent {
    let playersStore = PlayersStore()
    let analytics = Analytics(sink: { _ in })
    let networkService = NetworkService(baseURL: "https://tictactoe.example")

    public init() { super.init(parent: nil) }

    var loggedOut: LoggedOutComponent { LoggedOutComponent(parent: self) }
    var loggedIn: LoggedInComponent { LoggedInComponent(parent: self) }
}

/// Counts events; a real app would send them somewhere.
public final class Analytics {
    private(set) var events: [String] = []
    private let sink: (String) -> Void

    init(sink: @escaping (String) -> Void) {
        self.sink = sink
    }

    func track(_ event: String, _ properties: [String: String] = [:]) {
        let line = properties.isEmpty ? event : event + " " + properties.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
        events.append(line)
        sink(line)
    }
}

/// A client the app was going to need.
public final class NetworkService {
    let baseURL: String

    init(baseURL: String) {
        self.baseURL = baseURL
    }

    func fetch(_ path: String) async -> Result<String, NetworkError> {
        path.isEmpty ? .failure(.badPath) : .success(baseURL + "/" + path)
    }
}

enum NetworkError: Error { case badPath }
