import GraphInspect
import GraphInspectText

final class Analytics: Sendable {}
final class ProfileStore: Sendable {}

final class AppComponent: Component, RootComponent {
    let analytics = Analytics()
    init() { super.init(parent: nil) }
}

// The nested holder's component, below the root's: what the modules it holds share.
final class ProfileComponent: Component {
    let store = ProfileStore()
}

final class AvatarComponent: Component {}

struct AppContext: ModuleHolderContext {
    let parent: (any ModuleHolderContext)? = nil
}

final class RootHolder: ModuleHolderObject {}

// A holder inside a holder: a module of the root holder that holds modules of its own.
final class ProfileHolder: ModuleHolderObject {}

final class AvatarModule: ModuleObject {
    let store: ProfileStore
    let analytics: Analytics

    init(holder: ModuleHolder?, component: AvatarComponent) {
        store = component.store          // found at ProfileComponent, one hop up
        analytics = component.analytics  // found at AppComponent, two hops up
        super.init(key: "avatar", holder: holder, component: component)
    }
}

struct AvatarBuilder: ModuleBuilder {
    func build(parentComponent: Component, holder: ModuleHolderObject?, context: any ModuleHolderContext) -> AvatarModule {
        AvatarModule(holder: holder, component: AvatarComponent(parent: parentComponent))
    }
}

// Builds the nested holder like any module: its component below the parent it is given, then the
// holder, which attaches its own modules (built below its component).
struct ProfileBuilder: ModuleBuilder {
    func build(parentComponent: Component, holder: ModuleHolderObject?, context: any ModuleHolderContext) -> ProfileHolder {
        let profile = ProfileHolder(key: "profile", holder: holder, context: context, component: ProfileComponent(parent: parentComponent))
        profile.attach(AvatarBuilder())
        return profile
    }
}

let recorder = GraphRecorder()
GraphObservation.install(recorder)

let root = RootHolder(key: "root", holder: nil, context: AppContext(), component: AppComponent())
let profile = root.attach(ProfileBuilder())
let held = root.module(for: "profile", as: ProfileHolder.self)        // the nested holder is a module of the root
let avatar = profile.module(for: "avatar", as: AvatarModule.self)     // held by the nested holder
print("root holds", held?.key ?? "nothing", "- which holds", avatar?.key ?? "nothing")
print(TreeTextWriter().write(recorder.snapshot()), terminator: "")
