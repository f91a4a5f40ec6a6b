import GraphInspect

/// An event stream, as the RVB article's Combine publisher: whoever subscribes gets every value sent.
/// Passed down the builders' dependencies so a far child can reach a far ancestor.
public final class EventStream<Value>: @unchecked Sendable {
    private var handlers: [(Value) -> Void] = []
    /// Who listens, for the picture: the node that subscribed.
    private(set) var subscriber: RecordedNode?

    public init() {}

    func subscribe(as node: RecordedNode, _ handler: @escaping (Value) -> Void) {
        subscriber = node
        handlers.append(handler)
    }

    func send(_ value: Value) {
        for handler in handlers { handler(value) }
    }
}

/// RVB's Builder: holds the module's static Dependency; `build(with:)` takes the dynamic Parameter.
open class RVBBuilder<Dependency> {
    let dependency: Dependency
    let node: RecordedNode

    init(dependency: Dependency, parent: RecordedNode?) {
        self.dependency = dependency
        node = GraphRecord.node("builder", type: Self.self, parent: parent)
    }
}

/// What a parent sees of a child module: its view, and the events it sends up.
protocol Controllable: AnyObject {
    var node: RecordedNode { get }
    /// The child asks to go back to its parent.
    var onBack: (() -> Void)? { get set }
}

/// Something that signs users up; the root's static dependency.
public final class UserService: @unchecked Sendable {
    public private(set) var registered: [String] = []
    let node: RecordedNode

    init(parent: RecordedNode?) {
        node = GraphRecord.node("service", type: UserService.self, parent: parent)
    }

    func register(email: String, name: String) { registered.append("\(name) <\(email)>") }
}
