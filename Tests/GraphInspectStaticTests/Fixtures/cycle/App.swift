import GraphInspect

// A folder screen whose holder attaches the folder builder again as it is made: every folder
// makes another folder below it, and the app never finishes starting.
final class AppComponent: Component, RootComponent {
    init() { super.init(parent: nil) }
}

final class FolderComponent: Component {}

struct FolderContext: ModuleHolderContext {
    let parent: (any ModuleHolderContext)? = nil
}

final class FolderHolder: ModuleHolderObject {
    init(holder: ModuleHolder?, component: Component) {
        super.init(key: "folder", holder: holder, context: FolderContext(), component: component)
        attach(FolderBuilder())
    }
}

struct FolderBuilder: ModuleBuilder {
    func build(parentComponent: Component, holder: ModuleHolderObject?, context: any ModuleHolderContext) -> FolderHolder {
        FolderHolder(holder: holder, component: FolderComponent(parent: parentComponent))
    }
}

let root = FolderHolder(holder: nil, component: AppComponent())
