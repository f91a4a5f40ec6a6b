/// A stand-in for NeedleFoundation: the names a needle app and its generated file use, with the
/// behaviour they rely on (a component finds its dependency provider by its path from the root,
/// through the factories the generated file registers; `shared` keeps one instance per property).

/// What a component's dependency protocol inherits.
public protocol Dependency: AnyObject {}

/// The dependency of a component that needs nothing (a root's).
public protocol EmptyDependency: Dependency {}

/// A component as the generated file sees it: its parent, and its path from the root.
public protocol Scope: AnyObject {
    var parent: Scope { get }
    var path: [String] { get }
}

/// The provider the generated file gives a component that needs nothing.
public final class EmptyDependencyProvider: EmptyDependency {
    public init(component: Scope) {}
}

/// What is above a root: nothing a provider may read.
final class AboveTheRoot: Scope {
    var parent: Scope { fatalError("a provider climbed above the root") }
    var path: [String] { [] }
}

/// A node of the tree, below `parent`, with `dependency` made by the factory registered for its path.
open class Component<DependencyType>: Scope {
    public let parent: Scope
    public private(set) var dependency: DependencyType!
    public private(set) lazy var path: [String] = parent.path + [String(describing: type(of: self))]
    private var instances: [String: Any] = [:]

    public init(parent: Scope) {
        self.parent = parent
        let key = "^->" + path.joined(separator: "->")
        guard let made = __DependencyProviderRegistry.instance.factory(for: key)(self) as? DependencyType else {
            fatalError("the provider registered for \(key) is not a \(DependencyType.self)")
        }
        dependency = made
    }

    /// One instance per property of this component, made the first time it is read.
    public final func shared<T>(__function: String = #function, _ factory: () -> T) -> T {
        if let made = instances[__function] as? T { return made }
        let made = factory()
        instances[__function] = made
        return made
    }
}

/// The root of a tree.
open class BootstrapComponent: Component<EmptyDependency> {
    public init() {
        super.init(parent: AboveTheRoot())
    }
}

/// The factories the generated file registers, by path.
public final class __DependencyProviderRegistry {
    public static let instance = __DependencyProviderRegistry()
    private var factories: [String: (Scope) -> AnyObject] = [:]

    public func registerDependencyProviderFactory(for path: String, _ factory: @escaping (Scope) -> AnyObject) {
        factories[path] = factory
    }

    func factory(for path: String) -> (Scope) -> AnyObject {
        guard let factory = factories[path] else { fatalError("no dependency provider registered for \(path)") }
        return factory
    }
}
