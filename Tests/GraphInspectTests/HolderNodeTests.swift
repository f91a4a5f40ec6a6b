import Foundation
import Testing
@testable import GraphInspect

/// The holder tree as lookups walk it (`HolderNode`): what a node holds is released when the
/// holder lets it go, a walk ends where a holder has gone, and deep or busy trees stay safe.
@Suite struct HolderNodeTests {
    @Test func detachedModuleIsReleasedAtOnce() {
        let root = TestHolder(key: "root", holder: nil, context: EmptyContext(), component: Component(parent: nil))
        weak var settings: TestModule?
        do {
            let module = root.attach(TestBuilder(key: "settings"))
            settings = module
            #expect(root.module(for: "settings", as: TestModule.self) === module)
        }
        #expect(settings != nil)
        _ = root.detach(ModuleKey("settings"))
        #expect(settings == nil)
        #expect(root.module(for: "settings", as: TestModule.self) == nil)
        #expect(root.supportedModules.isEmpty)
    }

    @Test func goneHolderEndsTheWalkAndItsModulesGoAfterIt() throws {
        let recorder = GraphRecorder()
        weak var settings: TestModule?
        // Above the root, another "settings" the walk must not reach once the root has gone.
        let top = TestHolder(key: "top", holder: nil, context: EmptyContext(), component: Component(parent: nil))
        top.attach(TestBuilder(key: "settings"))
        var root: TestHolder? = GraphObservation.withObserver(recorder) {
            let root = TestHolder(key: "root", holder: top, context: EmptyContext(), component: Component(parent: nil))
            settings = root.attach(TestBuilder(key: "settings"))
            return root
        }
        let (rootID, settingsID) = try (#require(root?.id), #require(settings?.id))
        // Kept by the test, not by the root: it outlives its holder. Made unobserved, so its
        // lookups take the walk over nodes.
        let child = TestHolder(key: "child", holder: root, context: EmptyContext(), component: Component(parent: nil))
        #expect(child.module(for: "settings", as: TestModule.self) === settings)
        root = nil
        #expect(settings == nil)
        #expect(child.holder == nil)
        #expect(child.module(for: "settings", as: TestModule.self) == nil)
        #expect(child.router(for: "settings", as: TestRouter.self) == nil)
        let error = try #require(throws: MissingModule.self) { try child.findModule("settings") }
        #expect(error.walk.count == 1)
        // The holder's release is recorded before the release of what it held.
        let released = recorder.events.compactMap { event -> ObjectID? in
            if case .released(let released) = event { return released.id }
            return nil
        }
        let rootIndex = try #require(released.firstIndex(of: rootID))
        let settingsIndex = try #require(released.firstIndex(of: settingsID))
        #expect(rootIndex < settingsIndex)
    }

    @Test func tenThousandDeepChainIsWalkedWhole() throws {
        let root = TestHolder(key: "root", holder: nil, context: EmptyContext(), component: Component(parent: nil))
        let settings = root.attach(TestBuilder(key: "settings"))
        var chain = [root]
        for level in 1..<10_000 {
            let holder = TestHolder(key: ModuleKey("level\(level)"), holder: chain[level - 1], context: EmptyContext(), component: Component(parent: nil))
            chain.append(holder)
        }
        let deepest = try #require(chain.last)
        #expect(deepest.module(for: "settings", as: TestModule.self) === settings)
        #expect(deepest.router(for: "settings", as: TestRouter.self) === settings.router as? TestRouter)
        let found = try deepest.findModule("settings")
        #expect(found.holder === root)
        #expect(deepest.module(for: "absent", as: TestModule.self) == nil)
        // Released from the root down (each holder's node keeps the nodes above it).
        chain.removeAll()
    }

    @Test(arguments: [1, 2, 3, 10_000]) func tenThousandDeepHeldChainIsReleased(depth: Int) throws {
        weak var deepest: TestHolder?
        do {
            let root = TestHolder(key: "root", holder: nil, context: EmptyContext(), component: Component(parent: nil))
            var holder = root
            for level in 1..<depth {
                let child = TestHolder(key: ModuleKey("level\(level)"), holder: holder, context: EmptyContext(), component: Component(parent: nil))
                holder.attach(child)
                holder = child
            }
            deepest = holder
            if depth > 1 { #expect(try deepest?.findModule("level1").holder === root) }
        }
        #expect(deepest == nil)
    }

    /// Lookups on eight threads while a ninth attaches and detaches the module they ask for in the
    /// middle of their walk: each finds that module or the one under the same key at the root,
    /// never anything else, and every module detached is released by the end.
    @Test func lookupsRaceAttachAndDetach() async throws {
        let root = TestHolder(key: "root", holder: nil, context: EmptyContext(), component: Component(parent: nil))
        // The runtime's holders and modules are shared across threads by design.
        nonisolated(unsafe) let fallback = root.attach(TestBuilder(key: "shared"))
        nonisolated(unsafe) let middle = TestHolder(key: "middle", holder: root, context: EmptyContext(), component: Component(parent: nil))
        root.attach(middle)
        nonisolated(unsafe) let leaf = TestHolder(key: "leaf", holder: middle, context: EmptyContext(), component: Component(parent: nil))
        middle.attach(leaf)
        let released = ReleaseCounter()
        let wrong = ReleaseCounter()
        let rounds = 2_000
        DispatchQueue.concurrentPerform(iterations: 9) { thread in
            if thread == 8 {
                for _ in 0..<rounds {
                    let module = TrackedModule(key: "shared", holder: middle, component: Component(parent: nil), released: released)
                    middle.attach(module)
                    _ = middle.detach(ModuleKey("shared"))
                }
                return
            }
            for _ in 0..<rounds * 5 {
                guard let found = leaf.module(for: "shared", as: ModuleObject.self) else {
                    wrong.add()
                    continue
                }
                if found !== fallback, !(found is TrackedModule) { wrong.add() }
                if let router = leaf.router(for: "shared", as: TestRouter.self), router !== fallback.router as? TestRouter { wrong.add() }
            }
        }
        #expect(wrong.count == 0)
        #expect(released.count == rounds)
        #expect(middle.supportedModules.count == 1)
    }
}

/// A missing-module report lists every live holder; building it on one thread must not keep
/// another thread's holders alive (the registry used to hand out the holders themselves, and a
/// test's holder outlived its last reference while another test built a report).
@Suite struct LiveHolderTests {
    @Test func reportsBuiltOnAnotherThreadKeepNoHolderAlive() {
        let stillAlive = countOutliving(50_000, make: {
            let holder = TestHolder(key: "transient", holder: nil, context: EmptyContext(), component: Component(parent: nil))
            holder.attach(TestBuilder(key: "settings", withRouter: false))
            return holder
        }, whileRunning: { _ = HolderTreeView.live() })
        #expect(stillAlive == 0, "\(stillAlive) of 50,000 holders outlived their last reference")
    }

    @Test func theLiveTreeReadsEachHolderFromItsNode() throws {
        let root = TestHolder(key: "root", holder: nil, context: EmptyContext(), component: Component(parent: nil))
        let child = root.attach(HolderBuilder(key: "child"))
        child.attach(TestBuilder(key: "settings"))
        let view = HolderTreeView.live()
        let entry = try #require(view.entries[child.id])
        #expect(entry.parent == root.id)
        #expect(entry.key == "child")
        #expect(entry.heldKeys == ["settings"])
        #expect(entry.type.hasSuffix("TestHolder"))
        #expect(view.entries[root.id]?.heldKeys == ["child"])
        _ = root.detach(ModuleKey("child"))
        #expect(HolderTreeView.live().entries[child.id] != nil, "still held by the test")
    }
}

/// A module that counts its own release.
private final class TrackedModule: ModuleObject {
    let released: ReleaseCounter
    init(key: ModuleKey, holder: ModuleHolder?, component: Component, released: ReleaseCounter) {
        self.released = released
        super.init(key: key, holder: holder, component: component)
    }

    deinit { released.add() }
}

private final class ReleaseCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func add() { lock.withLock { value += 1 } }
    var count: Int { lock.withLock { value } }
}
