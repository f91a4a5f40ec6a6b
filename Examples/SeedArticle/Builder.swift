import GraphInspect // port: imports (the article shows none)

public protocol SomeModuleBuilding: ViewBuilding, ModuleBuilder {   }    

public struct SomeModuleBuilder: SomeModuleBuilding {     
    public func buildRouter<T, R>(component: T) -> R? where T : ViewComponent, R : Routing { // port: the article omits <T, R>
        guard let c = component as? SomeViewComponentImpl else { return nil }       
        return SomeModuleRouter(component: c) as? R     
    }          

    public func build(parentComponent: Component,                       
                      holder: SomeModuleHolder?,                       
                      context: SomeModuleHolderContext) -> SomeModule { 

        let component = SomeModuleComponentImpl(parent: parentComponent,                                               
                                                depA: parentComponent.depA)        
        let module = SomeModule(holder: holder, context: context, component: component)    
        let viewComponent = SomeViewComponentImpl(module: module, moduleHolder: holder)         
        module.router = buildRouter(component: viewComponent)             
        return module  

    }  
}
