import GraphInspect

/// A user profile, as the interactor's worker returns it.
public struct Profile: Equatable, Sendable {
    public var name: String
    public var language: String
}

/// Business logic for the profile screen: loads the profile, saves the language. Answers the view
/// controller directly (no presenter, as the component-based article proposes).
public final class ProfileInteractor: @unchecked Sendable {
    public private(set) var profile = Profile(name: "Ada Lovelace", language: "en")
    public private(set) var savedLanguages: [String] = []
    static let languages = ["en", "fr", "de", "ja"]
    let node: RecordedNode

    init(parent: RecordedNode) {
        node = GraphRecord.node("interactor", type: ProfileInteractor.self, parent: parent)
    }

    func loadProfile() -> Profile { profile }

    /// Saves `language`; refuses ones the app does not offer.
    func saveLanguage(_ language: String) -> Result<Profile, ProfileError> {
        guard Self.languages.contains(language) else { return .failure(.unsupported(language)) }
        profile.language = language
        savedLanguages.append(language)
        return .success(profile)
    }

    public enum ProfileError: Error, Equatable, Sendable { case unsupported(String) }
}

/// Navigation out of the profile screen.
public final class ProfileScreenRouter: @unchecked Sendable {
    public private(set) var presented: [String] = []
    let node: RecordedNode

    init(parent: RecordedNode) {
        node = GraphRecord.node("vipRouter", type: ProfileScreenRouter.self, parent: parent)
    }

    func routeToAvatarViewer() {
        presented.append("AvatarViewerViewController")
        let viewer = GraphRecord.node("viewController", type: ProfileScreenRouter.self, key: "AvatarViewer", parent: node)
        GraphRecord.edge("routes to", from: node, to: viewer)
    }
}

/// The screen: composes three components, configures them from the interactor's results, and
/// bridges their callbacks to the interactor and the router.
public final class ProfileViewController: @unchecked Sendable {
    public let header: ProfileHeaderComponent
    public let language: DropDownComponent
    public let save: ButtonComponent
    public let interactor: ProfileInteractor
    public let router: ProfileScreenRouter
    public private(set) var pendingLanguage: String?
    public private(set) var message: String?
    let node: RecordedNode

    public init() {
        let node = GraphRecord.node("viewController", type: ProfileViewController.self)
        header = ProfileHeaderComponent(parent: node)
        language = DropDownComponent(parent: node)
        save = ButtonComponent(key: "save", parent: node)
        interactor = ProfileInteractor(parent: node)
        router = ProfileScreenRouter(parent: node)
        self.node = node
        GraphRecord.edge("uses", from: node, to: interactor.node)
        GraphRecord.edge("uses", from: node, to: router.node)
        wire()
    }

    private func wire() {
        header.onAvatarTap = { [unowned self] in router.routeToAvatarViewer() }
        GraphRecord.edge("calls back", from: header.node, to: node, label: "onAvatarTap")
        language.onSelect = { [unowned self] option in
            pendingLanguage = option
            save.configure(viewModel: .init(title: "Save", enabled: true))
        }
        GraphRecord.edge("calls back", from: language.node, to: node, label: "onSelect")
        save.onTap = { [unowned self] in saveTapped() }
        GraphRecord.edge("calls back", from: save.node, to: node, label: "onTap")
    }

    /// Loads the profile and configures every component from it.
    public func viewDidLoad() {
        configure(with: interactor.loadProfile())
    }

    private func configure(with profile: Profile) {
        let initials = String(profile.name.split(separator: " ").compactMap(\.first))
        header.configure(viewModel: .init(name: profile.name, initials: initials))
        GraphRecord.edge("configures", from: node, to: header.node, label: "ProfileHeaderComponent.ViewModel")
        language.configure(viewModel: .init(title: "Language", options: ProfileInteractor.languages, selected: profile.language))
        GraphRecord.edge("configures", from: node, to: language.node, label: "DropDownComponent.ViewModel")
        save.configure(viewModel: .init(title: "Save", enabled: pendingLanguage != nil))
        GraphRecord.edge("configures", from: node, to: save.node, label: "ButtonComponent.ViewModel")
    }

    private func saveTapped() {
        guard let pendingLanguage else { return }
        switch interactor.saveLanguage(pendingLanguage) {
        case .success(let profile):
            self.pendingLanguage = nil
            message = "Saved: \(profile.language)"
            configure(with: profile)
        case .failure(.unsupported(let language)):
            message = "\(language) is not offered"
        }
    }
}

/// The screen sample's scripted session.
public enum ScreenApp {
    /// Loads the screen, picks French, saves, taps the avatar; returns the screen (alive) and what
    /// happened.
    public static func run() -> (screen: ProfileViewController, log: [String]) {
        var log: [String] = []
        let screen = ProfileViewController()
        screen.viewDidLoad()
        log.append("loaded: \(screen.header.shown?.name ?? "?"), language \(screen.language.shown?.selected ?? "?"), save enabled: \(screen.save.shown?.enabled ?? false)")
        screen.language.pick("fr")
        log.append("picked fr; save enabled: \(screen.save.shown?.enabled ?? false)")
        screen.save.tap()
        log.append("saved; interactor saved \(screen.interactor.savedLanguages); \(screen.message ?? "")")
        screen.header.tapAvatar()
        log.append("tapped the avatar; router presented \(screen.router.presented)")
        return (screen, log)
    }
}
