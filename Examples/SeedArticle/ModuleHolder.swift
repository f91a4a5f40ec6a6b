import GraphInspect // port: imports (the article shows none)

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
    
    private let component: RootComponent // port: the article says SomeComponent but assigns a RootComponent
    
    public required init(holder: ModuleHolder? = nil, context: SomeModuleHolderContext, component: RootComponent) { // port: RootModuleHolderContext is never defined
      self.component = component
      supportedModules = [
        // Some modules here
        SomeModuleBuilder().build(parentComponent: component, holder: self, context: context) // port: uncommented, so the holder holds a module
      ]
      
      router = SomeModuleBuilder().buildRouter(component: SomeViewComponentImpl(module: self, // port: SomeBuilder is never defined; the view component has module:, not depA:
                                                                          moduleHolder: self)) // port: (the same call's second line)
    }
    
    public func routeToRootView() -> ViewDescription { // port: platform view code (any View)
      router?.rootView() ?? ErrorView()
    }
  }
