import GraphInspect // port: imports (the article shows none)

public protocol SomeModuleComponent: Component {  
    var depA: DepA { get }  
}    

public class SomeModuleComponentImpl: Component, SomeModuleComponent {
    public var depA: DepA          
    public init(parent: Component?,                 
                depA: DepA) {       
        self.depA = depA       
        super.init(parent: parent)     
    }   
}    

public protocol SomeModuleSupporting {     
    // public facing functions for the module   
}   

public final class SomeModule: SomeModuleSupporting, Module { // port: 000's line; 004's ModuleObject<..., Router: SomeRouter> is not Swift
    public weak var holder: ModuleHolder?    
    public var router: SomeRouter?    
    public let key: SupportedModules = .someModule          
    private let depA: DepA    

         
    public init(holder: ModuleHolder?, context: SomeModuleHolderContext, component: SomeModuleComponent) { 
        self.holder = holder       
        depA = component.depA     
    }         

    // public facing functions for the module  
}
