import GraphInspect
import GraphInspectMacros

// The root computes the theme for everyone (`@Providers` lists it); the settings area keeps a
// stored theme of its own, nearer, which answers first. Profile's computed `avatarStyle` is not
// listed (no `@Providers`), so lookups walk past it to the root's.
final class Theme {}
final class AvatarStyle {}

@Providers
final class AppComponent: Component, RootComponent {
    var theme: Theme { Theme() }
    let avatarStyle = AvatarStyle()

    init() { super.init(parent: nil) }
}

final class SettingsComponent: Component {
    let theme = Theme()
}

final class ProfileComponent: Component {
    var avatarStyle: AvatarStyle { AvatarStyle() }
}

final class SettingsModule: ModuleObject {
    init(holder: ModuleHolder?, component: Component) {
        let theme: Theme = component.theme
        _ = theme
        super.init(key: "settings", holder: holder, component: component)
    }
}

final class ProfileModule: ModuleObject {
    init(holder: ModuleHolder?, component: Component) {
        let style: AvatarStyle = component.avatarStyle
        _ = style
        super.init(key: "profile", holder: holder, component: component)
    }
}

struct SettingsBuilder: ModuleBuilder {
    func build(parentComponent: Component, holder: ModuleHolderObject?, context: any ModuleHolderContext) -> SettingsModule {
        SettingsModule(holder: holder, component: SettingsComponent(parent: parentComponent))
    }
}

struct ProfileBuilder: ModuleBuilder {
    func build(parentComponent: Component, holder: ModuleHolderObject?, context: any ModuleHolderContext) -> ProfileModule {
        ProfileModule(holder: holder, component: ProfileComponent(parent: parentComponent))
    }
}

struct AppContext: ModuleHolderContext {
    let parent: (any ModuleHolderContext)? = nil
}

final class RootHolder: ModuleHolderObject {
    init(component: AppComponent) {
        super.init(key: "root", holder: nil, context: AppContext(), component: component)
        attach(SettingsBuilder())
        attach(ProfileBuilder())
    }
}
