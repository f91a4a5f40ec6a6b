import GraphInspect

// The sign-up flow of the RVB article: Root -> A (welcome) -> B (terms) -> C (basic info) -> D (done).
// D's completion reaches Root through the stream Root handed to A's builder and every builder
// handed down: B and C pass it along and never listen.

// MARK: D: done

public struct DDependency { let completed: EventStream<Void>; let userService: UserService }
public struct DParameter { let email: String; let name: String }

public final class DViewController: Controllable, @unchecked Sendable {
    let node: RecordedNode
    var onBack: (() -> Void)?
    private let dependency: DDependency
    let parameter: DParameter

    init(dependency: DDependency, parameter: DParameter, parent: RecordedNode) {
        self.dependency = dependency
        self.parameter = parameter
        node = GraphRecord.node("viewController", type: DViewController.self, key: "D done", parent: parent)
        if let root = dependency.completed.subscriber {
            GraphRecord.edge("emits to", from: node, to: root, label: "completed, skipping B and C")
        }
    }

    /// The user taps "Start": the account is made and Root hears the flow is complete.
    public func finish() {
        dependency.userService.register(email: parameter.email, name: parameter.name)
        dependency.completed.send(())
    }
}

final class DBuilder: RVBBuilder<DDependency>, @unchecked Sendable {
    func build(with parameter: DParameter) -> DViewController {
        let controller = DViewController(dependency: dependency, parameter: parameter, parent: node)
        GraphRecord.edge("builds", from: node, to: controller.node, label: "parameter: \(parameter.email)")
        return controller
    }
}

// MARK: C: basic information

public struct CDependency { let completed: EventStream<Void>; let userService: UserService }
public struct CParameter { let acceptedTerms: Bool }

final class CRouter: @unchecked Sendable {
    let dBuilder: DBuilder
    let node: RecordedNode

    init(dependency: CDependency, parent: RecordedNode) {
        node = GraphRecord.node("rvbRouter", type: CRouter.self, parent: parent)
        dBuilder = DBuilder(dependency: DDependency(completed: dependency.completed, userService: dependency.userService), parent: node)
        GraphRecord.edge("routes to", from: node, to: dBuilder.node)
    }
}

public final class CViewController: Controllable, @unchecked Sendable {
    let node: RecordedNode
    var onBack: (() -> Void)?
    let router: CRouter
    public private(set) var child: DViewController?

    init(dependency: CDependency, parameter: CParameter, parent: RecordedNode) {
        precondition(parameter.acceptedTerms, "C is only reached with the terms accepted")
        node = GraphRecord.node("viewController", type: CViewController.self, key: "C basic info", parent: parent)
        router = CRouter(dependency: dependency, parent: node)
    }

    /// The user fills in the form and submits.
    public func submit(email: String, name: String) {
        let child = router.dBuilder.build(with: DParameter(email: email, name: name))
        child.onBack = { [weak self] in self?.child = nil }
        GraphRecord.edge("calls back", from: child.node, to: node, label: "onBack")
        self.child = child
    }
}

final class CBuilder: RVBBuilder<CDependency>, @unchecked Sendable {
    func build(with parameter: CParameter) -> CViewController {
        let controller = CViewController(dependency: dependency, parameter: parameter, parent: node)
        GraphRecord.edge("builds", from: node, to: controller.node, label: "parameter: acceptedTerms")
        return controller
    }
}

// MARK: B: terms

public struct BDependency { let completed: EventStream<Void>; let userService: UserService }

final class BRouter: @unchecked Sendable {
    let cBuilder: CBuilder
    let node: RecordedNode

    init(dependency: BDependency, parent: RecordedNode) {
        node = GraphRecord.node("rvbRouter", type: BRouter.self, parent: parent)
        cBuilder = CBuilder(dependency: CDependency(completed: dependency.completed, userService: dependency.userService), parent: node)
        GraphRecord.edge("routes to", from: node, to: cBuilder.node)
    }
}

public final class BViewController: Controllable, @unchecked Sendable {
    let node: RecordedNode
    var onBack: (() -> Void)?
    let router: BRouter
    public private(set) var child: CViewController?

    init(dependency: BDependency, parent: RecordedNode) {
        node = GraphRecord.node("viewController", type: BViewController.self, key: "B terms", parent: parent)
        router = BRouter(dependency: dependency, parent: node)
    }

    /// The user accepts the terms.
    public func accept() {
        let child = router.cBuilder.build(with: CParameter(acceptedTerms: true))
        child.onBack = { [weak self] in self?.child = nil }
        GraphRecord.edge("calls back", from: child.node, to: node, label: "onBack")
        self.child = child
    }
}

final class BBuilder: RVBBuilder<BDependency>, @unchecked Sendable {
    func build() -> BViewController {
        let controller = BViewController(dependency: dependency, parent: node)
        GraphRecord.edge("builds", from: node, to: controller.node)
        return controller
    }
}

// MARK: A: welcome

public struct ADependency { let completed: EventStream<Void>; let userService: UserService }

final class ARouter: @unchecked Sendable {
    let bBuilder: BBuilder
    let node: RecordedNode

    init(dependency: ADependency, parent: RecordedNode) {
        node = GraphRecord.node("rvbRouter", type: ARouter.self, parent: parent)
        bBuilder = BBuilder(dependency: BDependency(completed: dependency.completed, userService: dependency.userService), parent: node)
        GraphRecord.edge("routes to", from: node, to: bBuilder.node)
    }
}

public final class AViewController: Controllable, @unchecked Sendable {
    let node: RecordedNode
    var onBack: (() -> Void)?
    let router: ARouter
    public private(set) var child: BViewController?

    init(dependency: ADependency, parent: RecordedNode) {
        node = GraphRecord.node("viewController", type: AViewController.self, key: "A welcome", parent: parent)
        router = ARouter(dependency: dependency, parent: node)
    }

    /// The user taps "Next" on the welcome screen.
    public func next() {
        let child = router.bBuilder.build()
        child.onBack = { [weak self] in self?.child = nil }
        GraphRecord.edge("calls back", from: child.node, to: node, label: "onBack")
        self.child = child
    }

    /// The user backs out of the flow.
    public func back() { onBack?() }
}

final class ABuilder: RVBBuilder<ADependency>, @unchecked Sendable {
    func build() -> AViewController {
        let controller = AViewController(dependency: dependency, parent: node)
        GraphRecord.edge("builds", from: node, to: controller.node)
        return controller
    }
}

// MARK: Root

public struct RootDependency { let userService: UserService }

final class RootRouterRVB: @unchecked Sendable {
    let aBuilder: ABuilder
    let node: RecordedNode

    init(dependency: ADependency, parent: RecordedNode) {
        node = GraphRecord.node("rvbRouter", type: RootRouterRVB.self, parent: parent)
        aBuilder = ABuilder(dependency: dependency, parent: node)
        GraphRecord.edge("routes to", from: node, to: aBuilder.node)
    }
}

/// The root module: starts sign-up, and hears when it completes, four modules down.
public final class SignUpRootViewController: @unchecked Sendable {
    let node: RecordedNode
    private let router: RootRouterRVB
    public private(set) var signedUp = false
    public private(set) var flow: AViewController?

    init(dependency: RootDependency, parent: RecordedNode) {
        let node = GraphRecord.node("viewController", type: SignUpRootViewController.self, key: "Root", parent: parent)
        let completed = EventStream<Void>()
        router = RootRouterRVB(dependency: ADependency(completed: completed, userService: dependency.userService), parent: node)
        self.node = node
        completed.subscribe(as: node) { [unowned self] in
            signedUp = true
            flow = nil
        }
        GraphRecord.edge("uses", from: node, to: dependency.userService.node)
    }

    /// Presents A; backing out of A dismisses the flow.
    public func startSignUp() {
        let flow = router.aBuilder.build()
        flow.onBack = { [weak self] in self?.flow = nil }
        GraphRecord.edge("calls back", from: flow.node, to: node, label: "onBack")
        self.flow = flow
    }
}

final class SignUpRootBuilder: RVBBuilder<RootDependency>, @unchecked Sendable {
    func build() -> SignUpRootViewController {
        let controller = SignUpRootViewController(dependency: dependency, parent: node)
        GraphRecord.edge("builds", from: node, to: controller.node)
        return controller
    }
}

/// The sign-up sample's scripted session.
public enum SignUpApp {
    /// Starts the flow, walks A -> B -> C -> D, finishes; returns Root (alive), the user service
    /// and what happened.
    public static func run() -> (root: SignUpRootViewController, users: UserService, log: [String]) {
        var log: [String] = []
        let users = UserService(parent: nil)
        let root = SignUpRootBuilder(dependency: RootDependency(userService: users), parent: nil).build()
        root.startSignUp()
        log.append("Root presents A (welcome)")
        root.flow?.next()
        log.append("A -> B (terms)")
        root.flow?.child?.accept()
        log.append("B -> C (basic info), terms accepted")
        root.flow?.child?.child?.submit(email: "ada@example.com", name: "Ada")
        log.append("C -> D (done) with ada@example.com")
        log.append("Root signed up before D finished: \(root.signedUp)")
        root.flow?.child?.child?.child?.finish()
        log.append("D finished; Root heard it: \(root.signedUp); flow dismissed: \(root.flow == nil)")
        log.append("registered: \(users.registered.joined(separator: ", "))")
        return (root, users, log)
    }
}
