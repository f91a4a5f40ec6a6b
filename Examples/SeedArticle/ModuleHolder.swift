import GraphInspect

  public struct SomeModuleHolderContext: ModuleHolderContext {
    public var parent: ModuleHolderContext? = nil
  }

  @dynamicMemberLookup
  public class SomeModuleHolder: RootModule, Module, ModuleHolder {
    
    public let holder: ModuleHolder? = nil
    public typealias Context = SomeModuleHolderContext
    public typealias Router = SomeRouter
      
    public var key: SupportedModules = .some
    public var router: Router?
    
    public var supportedModules: [any Module] = []
    
    private let component: RootComponent
    
    public required init(holder: ModuleHolder? = nil, context: SomeModuleHolderContext, component: RootComponent) {
      self.component = component
      supportedModules = [
        // Some modules here
        SomeModuleBuilder().build(parentComponent: component, holder: self, context: context)
      ]
      
      router = SomeModuleBuilder().buildRouter(component: SomeViewComponentImpl(module: self,
                                                                          moduleHolder: self))
    }
    
    public func routeToRootView() -> ViewDescription {
      router?.rootView() ?? ErrorView()
    }
  }
