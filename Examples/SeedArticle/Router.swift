import GraphInspect // port: imports (the article shows none)

public protocol SomeViewComponent: ViewComponent {
  var module: SomeModuleSupporting { get }
  var moduleHolder: ModuleHolder? { get }
}

public struct SomeViewComponentImpl: SomeViewComponent { // port: the article says SettingsViewComponent
  public var module: SomeModuleSupporting // port: the article says SettingsSupporting
  public var moduleHolder: ModuleHolder?
}

public protocol SomeModuleRouting: Routing {}

public class SomeModuleRouter: SomeModuleRouting, Logger { // port: the article says SomeMOduleRouter
  
  public var logLevel: LogLevel = .high
  private let moduleHolder: SomeModuleHolder?
  private let component: SomeViewComponent
  
  public init(component: SomeViewComponent) {
    self.component = component
    self.moduleHolder = component.moduleHolder as? SomeModuleHolder
    if moduleHolder == nil {
      log(type: .message, message: "No valid ModuleHolder to be found in \(#file)")
    }
  }
  
  public func rootView() -> ViewDescription { // port: platform view code (any View)
    SomeRootView()
  }
}
