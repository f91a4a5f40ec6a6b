import NeedleFoundation

/// The root of the tree: what every screen may use.
final class RootComponent: BootstrapComponent {
    public var analytics: Analytics {
        return shared { Analytics() }
    }

    public var theme: Theme {
        return Theme()
    }

    public var loggedOut: LoggedOutComponent {
        return LoggedOutComponent(parent: self)
    }

    public var loggedIn: LoggedInComponent {
        return LoggedInComponent(parent: self)
    }
}
