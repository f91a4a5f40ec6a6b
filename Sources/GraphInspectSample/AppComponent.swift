import GraphInspect

/// The sample's root component: what every module can reach.
public final class AppComponent: Component, RootComponent {
    public let analytics = Analytics()
    /// An optional provider: when nil it provides nothing, and lookups walk on.
    public let featureFlags: FeatureFlags?
    public let network = NetworkClient(baseURL: "https://api.example.com")
    public let theme = Theme(name: "light")
    /// Built on the first lookup that reaches it, not when the app starts.
    @Lazy public var settingsStore = SettingsStore()

    public init(variant: SampleApp.Variant = .standard) {
        featureFlags = variant == .standard ? FeatureFlags() : nil
        super.init(parent: nil)
    }

    /// One image cache for the app, made on first use.
    public var imageCache: ImageCache { shared { ImageCache() } }
}

/// The keys of the sample's modules.
extension ModuleKey {
    public static let root: ModuleKey = "root"
    public static let home: ModuleKey = "home"
    public static let settings: ModuleKey = "settings"
    public static let onboarding: ModuleKey = "onboarding"
    public static let profile: ModuleKey = "profile"
    public static let profileDetails: ModuleKey = "profileDetails"
    public static let avatar: ModuleKey = "avatar"
}

/// The root holder's context.
public struct AppContext: ModuleHolderContext {
    public let parent: (any ModuleHolderContext)? = nil
    public let launchCount: Int
}
