import GraphInspect

/// Onboarding's component: nothing of its own.
public final class OnboardingComponent: Component {}

/// The first-launch walkthrough; the app drops it once the user is through, so it is released.
public final class OnboardingModule: ModuleObject {
    init(holder: ModuleHolder?, component: Component) {
        let analytics: Analytics = component.analytics
        analytics.track("onboarding.shown")
        super.init(key: .onboarding, holder: holder, component: component)
    }
}

public struct OnboardingBuilder: ModuleBuilder {
    public init() {}

    public func build(parentComponent: Component, holder: ModuleHolderObject?, context: any ModuleHolderContext) -> OnboardingModule {
        OnboardingModule(holder: holder, component: OnboardingComponent(parent: parentComponent))
    }
}
