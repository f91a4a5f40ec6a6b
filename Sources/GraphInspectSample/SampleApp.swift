import GraphInspect

/// The root holder of the bundled sample: the architecture article's example made real.
public final class RootHolder: ModuleHolderObject {
    public init(context: AppContext, component: AppComponent, variant: SampleApp.Variant = .standard) {
        super.init(key: .root, holder: nil, context: context, component: component)
        attach(OnboardingBuilder())
        attach(HomeBuilder())
        if variant == .standard { attach(SettingsBuilder()) }
        attach(ProfileBuilder(variant: variant))
        router = RootRouter(viewComponent: ViewComponentObject(module: self, moduleHolder: self))
    }
}

public final class RootRouter: RouterObject {
    public override func rootView() -> ViewDescription {
        ViewDescription("TabView", children: [ViewDescription("HomeView"), ViewDescription("ProfileView")])
    }
}

/// Runs the sample app's session: launch, finish onboarding, open the avatar's link to settings.
public enum SampleApp {
    /// Which build of the app: `changed` has no settings module and the profile area brings its
    /// own feature flags, so `graphinspect diff` has something to find.
    public enum Variant: Sendable {
        case standard, changed
    }

    /// Launches the app and runs its scripted session; returns the root holder, still alive.
    @discardableResult
    public static func run(_ variant: Variant = .standard) -> RootHolder {
        let root = RootHolder(context: AppContext(launchCount: 1), component: AppComponent(variant: variant), variant: variant)
        // The user finishes onboarding: the module is dropped and released.
        root.detach(.onboarding)
        // The avatar's "edit" button routes to settings, two holders up.
        let profile: ProfileHolder? = root.profile
        let avatar = profile?.module(for: .avatar, as: AvatarModule.self)
        if variant == .standard { _ = (avatar?.router as? AvatarRouter)?.settingsRouter() }
        return root
    }
}
