import GraphInspect // port: imports (the article shows none)
import GraphInspectMacros // port: imports (the article shows none)

public protocol SomeComponent: Component {     
    var depA: DepA { get }   
}    

@Providers // port: lists the computed `depA` so lookups from below see it
public class SomeComponentImpl: Component, RootComponent {    
    public var depA: DepA { DepA() }   
}
