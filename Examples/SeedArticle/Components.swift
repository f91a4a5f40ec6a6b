import GraphInspect
import GraphInspectMacros

public protocol SomeComponent: Component {     
    var depA: DepA { get }   
}    

@Providers
public class SomeComponentImpl: Component, RootComponent {    
    public var depA: DepA { DepA() }   
}
