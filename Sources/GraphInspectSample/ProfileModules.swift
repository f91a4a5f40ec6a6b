import GraphInspect

/// Profile details: reads the store from its parent (the profile component).
public final class ProfileDetailsComponent: Component {}

public final class ProfileDetailsModule: ModuleObject {
    public let store: ProfileStore

    init(holder: ModuleHolder?, component: Component) {
        store = component.profileStore
        super.init(key: .profileDetails, holder: holder, component: component)
    }
}

public struct ProfileDetailsBuilder: ModuleBuilder {
    public init() {}

    public func build(parentComponent: Component, holder: ModuleHolderObject?, context: any ModuleHolderContext) -> ProfileDetailsModule {
        ProfileDetailsModule(holder: holder, component: ProfileDetailsComponent(parent: parentComponent))
    }
}

/// The avatar: resolves at self (style), at its parent (profile store) and at the root (analytics).
public final class AvatarComponent: Component {
    public let avatarStyle = AvatarStyle(diameter: 64)
}

public final class AvatarModule: ModuleObject {
    public let style: AvatarStyle
    public let store: ProfileStore
    public let analytics: Analytics

    init(holder: ModuleHolder?, component: Component) {
        style = component.avatarStyle
        store = component.profileStore
        analytics = component.analytics
        let _: FeatureFlags = component.featureFlags
        super.init(key: .avatar, holder: holder, component: component)
    }
}

/// The avatar's router links to settings, which lives two holders up: it asks the holder tree.
public final class AvatarRouter: RouterObject {
    /// Settings' router, found through the holder tree when the user taps "edit".
    public func settingsRouter() -> SettingsRouter? {
        (viewComponent as? ViewComponentObject)?.moduleHolder?.router(for: .settings, as: SettingsRouter.self)
    }

    public override func rootView() -> ViewDescription {
        ViewDescription("AvatarView", properties: ["diameter": "64"])
    }
}

public struct AvatarBuilder: ModuleBuilder {
    public init() {}

    public func build(parentComponent: Component, holder: ModuleHolderObject?, context: any ModuleHolderContext) -> AvatarModule {
        let module = AvatarModule(holder: holder, component: AvatarComponent(parent: parentComponent))
        module.router = AvatarRouter(viewComponent: ViewComponentObject(module: module, moduleHolder: holder))
        return module
    }
}
