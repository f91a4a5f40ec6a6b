import Testing
@testable import GraphInspect

final class TestRouter: RouterObject {}

final class TestModule: ModuleObject {}

struct TestBuilder: ModuleBuilder {
    let key: ModuleKey
    var withRouter = true

    func build(parentComponent: Component, holder: ModuleHolderObject?, context: any ModuleHolderContext) -> TestModule {
        let module = TestModule(key: key, holder: holder, component: Component(parent: parentComponent))
        if withRouter {
            module.router = TestRouter(viewComponent: ViewComponentObject(module: module, moduleHolder: holder))
        }
        return module
    }
}

final class TestHolder: ModuleHolderObject {}

/// A holder with a nested holder of its own, built by `attach`.
struct HolderBuilder: ModuleBuilder {
    let key: ModuleKey

    func build(parentComponent: Component, holder: ModuleHolderObject?, context: any ModuleHolderContext) -> TestHolder {
        TestHolder(key: key, holder: holder, context: EmptyContext(parent: context), component: Component(parent: parentComponent))
    }
}

/// root (holds "settings") <- level1 <- level2 <- level3
func makeHolderChain() -> [TestHolder] {
    let root = TestHolder(key: "root", holder: nil, context: EmptyContext(), component: Component(parent: nil))
    root.attach(TestBuilder(key: "settings"))
    var chain = [root]
    for level in 1...3 {
        chain.append(chain[level - 1].attach(HolderBuilder(key: ModuleKey("level\(level)"))))
    }
    return chain
}

enum SeedKeys: String { case settings }

@Suite struct ModuleHolderTests {
    @Test func moduleAndRouterAreFoundThreeHolderLevelsUp() throws {
        let (chain, snapshot) = record { () -> [TestHolder] in
            let chain = makeHolderChain()
            let deepest = chain[3]
            #expect(deepest.module(for: "settings", as: TestModule.self) === chain[0].supportedModules[0])
            #expect(deepest.router(for: "settings", as: TestRouter.self) === (chain[0].supportedModules[0] as? TestModule)?.router)
            let viaEnum: TestModule? = deepest.module(for: SeedKeys.settings)
            #expect(viaEnum === chain[0].supportedModules[0])
            let viaMember: TestModule? = deepest.settings
            #expect(viaMember === chain[0].supportedModules[0])
            return chain
        }
        let lookups = snapshot.moduleLookups
        #expect(lookups.count == 4)
        let first = try #require(lookups.first)
        #expect(first.walk.count == 4)
        #expect(first.target == .module)
        #expect(lookups[1].target == .router)
        #expect(first.holder == first.walk.last)
        #expect(first.module != nil)
        withExtendedLifetime(chain) {}
    }

    /// A module or router asked for as its own class takes a short road past the runtime's cast;
    /// asked for as anything else, the answer is still exactly what `as?` gives.
    @Test func modulesAndRoutersAreFoundAsEveryTypeTheyAreAndNoOther() throws {
        let chain = makeHolderChain()
        let deepest = chain[3]
        let module = try #require(chain[0].supportedModules[0] as? TestModule)
        #expect(deepest.module(for: "settings", as: TestModule.self) === module)
        #expect(deepest.module(for: "settings", as: ModuleObject.self) === module)
        #expect(deepest.module(for: "settings", as: (any Module).self) === module)
        #expect(deepest.module(for: "settings", as: AnyObject.self) === module)
        #expect(deepest.module(for: "settings", as: TestHolder.self) == nil)
        #expect(deepest.module(for: "settings", as: String.self) == nil)
        let router = try #require(module.router as? TestRouter)
        #expect(deepest.router(for: "settings", as: TestRouter.self) === router)
        #expect(deepest.router(for: "settings", as: RouterObject.self) === router)
        #expect(deepest.router(for: "settings", as: (any Routing).self) === router)
        #expect(deepest.router(for: "settings", as: TestModule.self) == nil)
        // Keys that differ in one byte, and a key that is a prefix of another, are told apart.
        chain[2].attach(TestBuilder(key: "settingz"))
        chain[2].attach(TestBuilder(key: "setting"))
        #expect(deepest.module(for: "settings", as: TestModule.self) === module)
        #expect(deepest.module(for: "settingz", as: TestModule.self) === chain[2].supportedModules.first { $0.keyName == "settingz" })
        #expect(chain[2].detach(ModuleKey("setting")) != nil)
        #expect(deepest.module(for: "setting", as: TestModule.self) == nil)
        withExtendedLifetime(chain) {}
    }

    @Test func missAtEveryLevelEndsAtTheRoot() throws {
        let chain = makeHolderChain()
        #expect(chain[3].module(for: "absent", as: (any Module).self) == nil)
        let error = try #require(throws: MissingModule.self) { try chain[3].findModule("absent") }
        #expect(error.walk.map(\.key) == ["level3", "level2", "level1", "root"])
        #expect(error.walk.map(\.heldKeys) == [[], ["level3"], ["level2"], ["settings", "level1"]])
        #expect(error.description == """
            error: no module "absent" from TestHolder "level3" up to the root holder
              asked by TestHolder "level3" at ^->TestHolder->TestHolder->TestHolder->TestHolder
              searched 4 holders, nearest first:
                1. TestHolder "level3"  holds nothing
                2. TestHolder "level2"  holds "level3"
                3. TestHolder "level1"  holds "level2"
                4. TestHolder "root" (root)  holds "settings", "level1"
              fix: attach a module with key "absent" to TestHolder "level3", or to TestHolder "root" to make it reachable from every holder
            """)
    }

    @Test func builderRunIsReportedInBuildOrder() throws {
        let (root, snapshot) = record { () -> TestHolder in
            let root = TestHolder(key: "root", holder: nil, context: EmptyContext(), component: Component(parent: nil))
            root.attach(TestBuilder(key: "settings"))
            return root
        }
        let names = snapshot.events.map { event -> String in
            if case .created(let node) = event { return "created \(node.kind.rawValue)" }
            return event.name.rawValue
        }
        #expect(names == [
            "created component", "created holder",
            "builderStarted", "created component", "created module", "created viewComponent",
            "created router", "routerAttached", "builderFinished", "moduleAttached",
        ])
        guard case .builderStarted(let started) = snapshot.events[2] else {
            Issue.record("expected builderStarted, got \(snapshot.events[2])")
            return
        }
        #expect(started.parentComponent == ObjectID(1))
        #expect(started.holder == ObjectID(2))
        #expect(started.context == [TypeName.of(EmptyContext.self)])
        withExtendedLifetime(root) {}
    }

    @Test func releasedModulesLeaveTheLiveTree() throws {
        let recorder = GraphRecorder()
        let root = GraphObservation.withObserver(recorder) { () -> TestHolder in
            let root = TestHolder(key: "root", holder: nil, context: EmptyContext(), component: Component(parent: nil))
            root.attach(TestBuilder(key: "settings"))
            root.attach(TestBuilder(key: "home"))
            return root
        }
        #expect(recorder.snapshot().liveNodes.count == 10)
        #expect(root.detach("settings")?.keyName == "settings")
        #expect(root.module(for: "settings", as: (any Module).self) == nil)
        let snapshot = withExtendedLifetime(root) { recorder.snapshot() }
        // The module, its component, view component and router are all gone.
        #expect(snapshot.nodes.filter(\.released).map(\.kind).sorted { $0.rawValue < $1.rawValue } == [
            .component, .module, .router, .viewComponent,
        ])
        #expect(snapshot.liveNodes.count == 6)
        #expect(snapshot.node(ObjectID(2))?.modules?.count == 1)
    }

    @Test func objectsMadeBeforeRecordingAreAnnouncedWhenReferenced() throws {
        let root = TestHolder(key: "root", holder: nil, context: EmptyContext(), component: Component(parent: nil))
        let (module, snapshot) = record { root.attach(TestBuilder(key: "settings")) }
        // The holder and its component were made before recording; the snapshot still has them,
        // and the attach made on the old holder is recorded.
        #expect(snapshot.nodes.allSatisfy { $0.type != "?" })
        let holder = try #require(snapshot.nodes.first { $0.kind == .holder })
        #expect(holder.key == "root")
        #expect(holder.component.flatMap(snapshot.node)?.type == TypeName.of(Component.self))
        let held = try #require(holder.modules?.first.flatMap(snapshot.node))
        #expect(held.kind == .module && held.key == "settings")
        #expect(snapshot.events.contains { $0.name == .builderStarted })
        withExtendedLifetime((root, module)) {}
    }
}

/// A builder written as the `ModuleBuilder` doc comment shows, naming the context type it reads.
struct TypedContextBuilder: ModuleBuilder {
    func build(parentComponent: Component, holder: ModuleHolderObject?, context: EmptyContext) -> TestModule {
        TestModule(key: "typed", holder: holder, component: Component(parent: parentComponent))
    }
}

@Suite struct TypedContextAttachTests {
    /// `holder.attach(builder)` takes a builder whose context is a concrete type, and hands it the
    /// holder's context of that type.
    @Test func aBuilderNamingItsContextTypeIsAttachedWithTheHoldersContext() {
        let holder = TestHolder(key: "root", holder: nil, context: EmptyContext(), component: Component(parent: nil))
        let module = holder.attach(TypedContextBuilder())
        #expect(module.key == "typed")
        #expect(holder.supportedModules.count == 1)
    }
}
