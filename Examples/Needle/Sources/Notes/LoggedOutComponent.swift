import NeedleFoundation

protocol LoggedOutDependency: Dependency {
    var analytics: Analytics { get }
}

final class LoggedOutComponent: Component<LoggedOutDependency> {
    func logIn() {
        _ = dependency.analytics
    }
}
