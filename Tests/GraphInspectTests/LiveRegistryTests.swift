import Dispatch
import Testing
@testable import GraphInspect

/// A missing-dependency report lists every live component; building it on one thread must not keep
/// another thread's components alive. When the registry handed out the objects themselves, a report
/// built in one test could hold a component another test had just let go, and that test's capture
/// saw it still alive (ExpectationTests failed this way in CI, once in several runs).
@Suite struct LiveRegistryTests {
    @Test func reportsBuiltOnAnotherThreadKeepNoComponentAlive() {
        let stillAlive = countOutliving(100_000, make: { Component(parent: nil) }, whileRunning: { _ = ComponentTreeView.live() })
        #expect(stillAlive == 0, "\(stillAlive) of 100,000 components outlived their last reference")
    }

    @Test func theLiveTreeHasWhatEachComponentHadAtInit() throws {
        let root = ShopRootForRegistry(parent: nil)
        let id: ObjectID
        do {
            let child = Component(parent: root)
            id = child.id
            let entry = try #require(ComponentTreeView.live().entries[id])
            #expect(entry.parent == root.id)
            #expect(entry.providers.isEmpty)
        }
        #expect(ComponentTreeView.live().entries[root.id]?.type.hasSuffix("ShopRootForRegistry") == true)
        #expect(ComponentTreeView.live().entries[id] == nil, "released, so gone from the live tree")
    }
}

final class ShopRootForRegistry: Component {}

/// How many of `count` objects made by `make` outlived their last reference while another thread
/// ran `report` again and again.
func countOutliving(_ count: Int, make: () -> AnyObject, whileRunning report: @escaping @Sendable () -> Void) -> Int {
    let stop = Locked(false)
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
        while !stop.withLock({ $0 }) { report() }
        done.signal()
    }
    var stillAlive = 0
    for _ in 0..<count {
        weak var released: AnyObject?
        do {
            let object = make()
            released = object
        }
        if released != nil { stillAlive += 1 }
    }
    stop.withLock { $0 = true }
    done.wait()
    return stillAlive
}
