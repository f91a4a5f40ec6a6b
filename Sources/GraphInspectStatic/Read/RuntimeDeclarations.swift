import GraphInspectCheckContract

/// The runtime library's types as the static reader sees them: the same names, labels and stored
/// properties as GraphInspect's, with bodies that say only where values go (a holder's `attach`
/// runs the builder's `build` with the holder's component, itself and its context, holds what it
/// built and returns it, as the runtime does). Read like
/// the app's own files, so the flow analysis needs no special case for the library.
enum RuntimeDeclarations {
    static let module = "GraphInspect"

    static var source: String { standIns }

    /// The stand-ins' text. A task-local value so a test can read with a model changed (the
    /// wiring corpus shows a reader without one idiom's model going wrong); nothing else sets it.
    @TaskLocal static var standIns = """
        open class Component {
            public let parent: Component?
            public let id: ObjectID
            public var providers: [Provider]
            public init(parent: Component?) { self.parent = parent }
            public func resolve<T>(_ name: String, as type: T.Type = T.self, fileID: String = #fileID, line: Int = #line) -> T {}
            public func shared<T>(_ make: () -> T) -> T {}
        }
        public protocol RootComponent {}
        public protocol ModuleHolderContext { var parent: ModuleHolderContext? { get } }
        public protocol Routing {}
        public protocol ViewComponent {}
        public protocol ViewBuilding {}
        public protocol RootModule {}
        public protocol Module {
            var key: ModuleKey { get }
            var holder: ModuleHolder? { get }
            var router: Routing? { get }
        }
        @dynamicMemberLookup
        public protocol ModuleHolder: Module {
            var holder: ModuleHolder? { get }
            var supportedModules: [Module] { get }
        }
        public protocol ModuleBuilder {}
        public struct ModuleKey {
            public let rawValue: String
            public init(_ rawValue: String) { self.rawValue = rawValue }
            public init(rawValue: String) { self.rawValue = rawValue }
        }
        open class ModuleObject: Module {
            public let id: ObjectID
            public let key: ModuleKey
            public var holder: ModuleHolder?
            public let component: Component
            public var router: Routing?
            public init(key: ModuleKey, holder: ModuleHolder?, component: Component) {
                self.key = key
                self.holder = holder
                self.component = component
            }
        }
        open class ModuleHolderObject: ModuleObject, ModuleHolder {
            public let context: ModuleHolderContext
            public var supportedModules: [Module]
            public init(key: ModuleKey, holder: ModuleHolder?, context: ModuleHolderContext, component: Component) {
                self.context = context
                super.init(key: key, holder: holder, component: component)
            }
            public func attach(_ builder: ModuleBuilder) -> Module {
                let built = builder.build(parentComponent: component, holder: self, context: context)
                supportedModules = built
                return built
            }
            public func attach(_ builder: ModuleBuilder, parentComponent: Component?) -> Module {
                let built = builder.build(parentComponent: parentComponent as? Component, holder: self, context: context)
                supportedModules = built
                return built
            }
            public func attach(_ builder: ModuleBuilder, context: ModuleHolderContext) -> Module {
                let built = builder.build(parentComponent: component, holder: self, context: context)
                supportedModules = built
                return built
            }
            public func attach(_ builder: ModuleBuilder, parentComponent: Component?, context: ModuleHolderContext) -> Module {
                let built = builder.build(parentComponent: parentComponent as? Component, holder: self, context: context)
                supportedModules = built
                return built
            }
            public func attach(_ module: Module) {
                supportedModules = module as? Module
            }
            public func detach(_ key: ModuleKey) {}
        }
        open class RouterObject: Routing {
            public let id: ObjectID
            public let viewComponent: ViewComponent
            public init(viewComponent: ViewComponent) { self.viewComponent = viewComponent }
        }
        open class ViewComponentObject: ViewComponent {
            public let id: ObjectID
            public let module: Module?
            public let moduleHolder: ModuleHolder?
            public init(module: Module?, moduleHolder: ModuleHolder?) {
                self.module = module
                self.moduleHolder = moduleHolder
            }
        }
        """
}
