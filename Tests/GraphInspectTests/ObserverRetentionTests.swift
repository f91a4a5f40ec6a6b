import Foundation
import Testing
@testable import GraphInspect

/// The library never keeps an app's objects alive: whatever observes the run (nothing,
/// the in-memory recorder, a trace file, the live stream), every component, module, router, view
/// component, holder and provided object is released when the app lets it go, with the observer
/// still there. What the observers keep is ids and names.
@Suite(.serialized) struct ObserverRetentionTests {
    /// A provided object that says when it goes.
    final class Counted: @unchecked Sendable {
        static let lock = NSLock()
        nonisolated(unsafe) static var alive = 0
        init() { Self.lock.withLock { Self.alive += 1 } }
        deinit { Self.lock.withLock { Self.alive -= 1 } }
    }

    final class RootProviding: Component, RootComponent {
        let counted = Counted()
    }

    final class Leaf: Component {}

    /// Every object of one run, weakly, to see which are still alive.
    struct Made {
        weak var root: Component?
        weak var leaf: Component?
        weak var holder: TestHolder?
        weak var kept: TestModule?
        weak var detached: TestModule?
        weak var router: RouterObject?
        weak var viewComponent: ViewComponentObject?
        weak var provided: Counted?
        /// What was alive while the run still held it: all eight, or the test proves nothing.
        var whileHeld: [String] = []

        var alive: [String] {
            var names: [String] = []
            if root != nil { names.append("root") }
            if leaf != nil { names.append("leaf") }
            if holder != nil { names.append("holder") }
            if kept != nil { names.append("kept module") }
            if detached != nil { names.append("detached module") }
            if router != nil { names.append("router") }
            if viewComponent != nil { names.append("view component") }
            if provided != nil { names.append("provided object") }
            return names
        }
    }

    /// Makes a tree, looks things up (uncached, cached, shared, missing, modules, routers), detaches
    /// a module, and lets everything go; returns what was made, weakly.
    static func run() -> Made {
        var made = Made()
        do {
            let root = RootProviding(parent: nil)
            let leaf = Leaf(parent: root)
            let first: Counted = leaf.counted
            let again: Counted = leaf.counted
            _ = (first, again, leaf.shared { Counted() })
            _ = try? leaf.resolve("absent", as: Int.self)
            let holder = TestHolder(key: "root", holder: nil, context: EmptyContext(), component: root)
            let kept = holder.attach(TestBuilder(key: "settings"))
            let detached = holder.attach(TestBuilder(key: "profile"))
            _ = holder.module(for: "settings", as: TestModule.self)
            _ = holder.router(for: "settings", as: TestRouter.self)
            _ = holder.module(for: "absent", as: TestModule.self)
            _ = holder.detach(ModuleKey("profile"))
            made = Made(root: root, leaf: leaf, holder: holder, kept: kept, detached: detached, router: kept.router as? RouterObject,
                        viewComponent: (kept.router as? RouterObject)?.viewComponent as? ViewComponentObject, provided: first)
            made.whileHeld = withExtendedLifetime((root, leaf, holder, kept, detached)) { made.alive }
        }
        return made
    }

    static func countedAlive() -> Int {
        Counted.lock.lock()
        defer { Counted.lock.unlock() }
        return Counted.alive
    }

    @Test func nothingObservingKeepsNothing() {
        let made = Self.run()
        #expect(made.whileHeld.count == 8, "\(made.whileHeld)")
        #expect(made.alive == [])
    }

    @Test func theRecorderKeepsIdsNotObjects() {
        let recorder = GraphRecorder()
        let made = GraphObservation.withObserver(recorder) { Self.run() }
        #expect(made.whileHeld.count == 8)
        #expect(made.alive == [], "still alive with the recorder attached")
        let snapshot = recorder.snapshot()
        #expect(snapshot.nodes.count >= 8)
        let kept = snapshot.nodes.filter { $0.kind != .viewComponent && !$0.released }.map(\.type)
        #expect(kept == [], "recorded as not released")
    }

    @Test func aTraceFileKeepsNothing() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("retention-\(UUID().uuidString).ndjson").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let writer = try TraceFileWriter(path: path)
        let made = GraphObservation.withObserver(writer) { Self.run() }
        #expect(made.whileHeld.count == 8)
        #expect(made.alive == [], "still alive with a trace file attached")
        writer.finish()
    }

    @Test func theLiveStreamKeepsNothing() throws {
        // Nothing listens there: lines wait in the stream's buffer, as bytes.
        let writer = try #require(TraceFileWriter(liveAddress: "127.0.0.1:9"))
        let made = GraphObservation.withObserver(writer) { Self.run() }
        #expect(made.whileHeld.count == 8)
        #expect(made.alive == [], "still alive with the live stream attached")
    }

    @Test func everyObserverAtOnceKeepsNothingAndTheCountsAgree() throws {
        let before = Self.countedAlive()
        let recorder = GraphRecorder()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("retention-\(UUID().uuidString).ndjson").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let writer = try TraceFileWriter(path: path)
        let made = GraphObservation.withObserver(recorder) { GraphObservation.withObserver(writer) { Self.run() } }
        #expect(made.alive == [])
        let after = Self.countedAlive()
        #expect(after == before, "every provided and shared object was deinitialised")
    }
}
