import GraphInspect

/// The root holder of the bundled sample: the seed's example made real.
public final class RootHolder: ModuleHolder, @unchecked Sendable {
    public init(context: AppContext, component: AppComponent) {
        super.init(key: .root, holder: nil, context: context, component: component)
        attach(OnboardingBuilder())
        attach(HomeBuilder())
        attach(SettingsBuilder())
        attach(ProfileBuilder())
        router = RootRouter(viewComponent: ViewComponent(module: self, moduleHolder: self))
    }
}

public final class RootRouter: Router, @unchecked Sendable {
    public override func rootView() -> ViewDescription {
        ViewDescription("TabView", children: [ViewDescription("HomeView"), ViewDescription("ProfileView")])
    }
}

/// Runs the sample app's session: launch, finish onboarding, open the avatar's link to settings.
public enum SampleApp {
    /// Launches the app and runs its scripted session; returns the root holder, still alive.
    @discardableResult
    public static func run() -> RootHolder {
        let root = RootHolder(context: AppContext(launchCount: 1), component: AppComponent())
        // The user finishes onboarding: the module is dropped and released.
        root.detach(.onboarding)
        // The avatar's "edit" button routes to settings, two holders up.
        let profile: ProfileHolder? = root.profile
        let avatar = profile?.module(for: .avatar, as: AvatarModule.self)
        _ = (avatar?.router as? AvatarRouter)?.settingsRouter()
        return root
    }
}
