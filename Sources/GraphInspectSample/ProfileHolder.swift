import GraphInspect

/// The profile area's component: adds the profile store, below the root.
public final class ProfileComponent: Component {
    public let profileStore: ProfileStore
    /// For subscriptions. Only the profile area can reach it: checkout, under the root, cannot.
    public let paymentService = PaymentService()
    /// The profile area's own flags, in the changed variant only.
    public let featureFlags: FeatureFlags?

    init(parent: Component, variant: SampleApp.Variant) {
        featureFlags = variant == .changed ? FeatureFlags() : nil
        // Resolved from the parent before this component exists: the root's network.
        let network: NetworkClient = parent.network
        profileStore = ProfileStore(network: network)
        super.init(parent: parent)
    }
}

/// The profile area's context: which user it shows, below the app's context.
public struct ProfileContext: ModuleHolderContext {
    public let parent: (any ModuleHolderContext)?
    public let userID: String
}

/// A nested holder: the profile area, holding its own modules.
public final class ProfileHolder: ModuleHolderObject {
    init(holder: ModuleHolder?, context: ProfileContext, component: ProfileComponent) {
        super.init(key: .profile, holder: holder, context: context, component: component)
        attach(ProfileDetailsBuilder())
        attach(AvatarBuilder())
        router = ProfileRouter(viewComponent: ViewComponentObject(module: self, moduleHolder: self))
    }
}

public final class ProfileRouter: RouterObject {
    public override func rootView() -> ViewDescription {
        ViewDescription("ProfileView", children: [ViewDescription("ProfileDetailsView"), ViewDescription("AvatarView")])
    }
}

public struct ProfileBuilder: ModuleBuilder {
    let variant: SampleApp.Variant

    public init(variant: SampleApp.Variant = .standard) {
        self.variant = variant
    }

    public func build(parentComponent: Component, holder: ModuleHolderObject?, context: any ModuleHolderContext) -> ProfileHolder {
        let component = ProfileComponent(parent: parentComponent, variant: variant)
        return ProfileHolder(
            holder: holder, context: ProfileContext(parent: context, userID: "user-1"), component: component
        )
    }
}
