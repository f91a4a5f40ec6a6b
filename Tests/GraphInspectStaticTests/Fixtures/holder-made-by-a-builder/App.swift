// A holder made by the builder another holder attaches: made in the sources, its component
// below the attaching holder's, so a lookup below it is checked (holders were
// taken as made elsewhere when the holder attaching their builder was, one loop earlier).
import GraphInspect

public final class AppComponent: Component, RootComponent {
    public init() { super.init(parent: nil) }
}

struct AppContext: ModuleHolderContext {
    let parent: (any ModuleHolderContext)? = nil
}

final class RootHolder: ModuleHolderObject {
    init() {
        super.init(key: "root", holder: nil, context: AppContext(), component: AppComponent())
        attach(ABuilder())
    }
}

public final class AService {}
public final class AComponent: Component {
    public let aService = AService()
}
public final class BComponent: Component {}
public final class CService {}

public struct ABuilder: ModuleBuilder {
    public func build(parentComponent: Component, holder: ModuleHolderObject?, context: any ModuleHolderContext) -> AHolder {
        AHolder(holder: holder, context: context, component: AComponent(parent: parentComponent))
    }
}

public final class AHolder: ModuleHolderObject {
    init(holder: ModuleHolder?, context: any ModuleHolderContext, component: AComponent) {
        super.init(key: "a", holder: holder, context: context, component: component)
        attach(BBuilder())
    }
}

public final class BModule: ModuleObject {
    init(holder: ModuleHolder?, component: Component) {
        let _: AService = component.aService
        let _: CService = component.cService
        super.init(key: "b", holder: holder, component: component)
    }
}

public struct BBuilder: ModuleBuilder {
    public func build(parentComponent: Component, holder: ModuleHolderObject?, context: any ModuleHolderContext) -> BModule {
        BModule(holder: holder, component: BComponent(parent: parentComponent))
    }
}
