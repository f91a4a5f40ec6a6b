import Foundation
import Testing
@testable import GraphInspect

/// A module that outlives its detach, found from the events. One app detaches four
/// modules: one released, one kept by a global, one by a closure it holds that captures it, and
/// one whose holder is released while a global keeps the module; a fifth stays attached.
@Suite(.serialized) struct RetainedAfterDetachTests {
    /// Keeps what it is given, as an app's registry would.
    nonisolated(unsafe) static var registry: [AnyObject] = []

    final class ClosureModule: ModuleObject {
        var onClose: (() -> Void)?
    }

    struct ClosureBuilder: ModuleBuilder {
        let key: ModuleKey
        func build(parentComponent: Component, holder: ModuleHolderObject?, context: any ModuleHolderContext) -> ClosureModule {
            ClosureModule(key: key, holder: holder, component: Component(parent: parentComponent))
        }
    }

    /// The run, recorded; returns its snapshot and the ids of the modules by key.
    static func record() -> (GraphSnapshot, [String: ObjectID]) {
        registry = []
        let recorder = GraphRecorder()
        var keys: [String: ObjectID] = [:]
        GraphObservation.withObserver(recorder) {
            let root = Component(parent: nil)
            let holder = TestHolder(key: "root", holder: nil, context: EmptyContext(), component: root)
            for key in ["released", "global", "attached"] { holder.attach(TestBuilder(key: ModuleKey(key))) }
            let closure = holder.attach(ClosureBuilder(key: "closure"))
            closure.onClose = { _ = closure }
            let inner = holder.attach(HolderBuilder(key: "inner"))
            registry.append(inner.attach(TestBuilder(key: "orphan")))
            registry.append(holder.module(for: "global", as: TestModule.self) as AnyObject)
            for key in ["released", "global", "closure", "inner"] { holder.detach(ModuleKey(key)) }
            withExtendedLifetime(holder) {}
        }
        let snapshot = recorder.snapshot()
        for node in snapshot.nodes where node.kind == .module || node.kind == .holder {
            if let key = node.key { keys[key] = node.id }
        }
        return (snapshot, keys)
    }

    @Test func theLeakedModulesAndOnlyThemAreReportedOnceTheGraceHasPassed() throws {
        let (snapshot, keys) = Self.record()
        let later = RecordingClock.now() + 2 * RetainedAfterDetach.defaultGrace
        let found = RetainedAfterDetach.find(in: snapshot, now: later)
        let byKey = Dictionary(uniqueKeysWithValues: found.map { (snapshot.node($0.node)?.key ?? "?", $0) })
        #expect(Set(byKey.keys) == ["global", "closure", "orphan"], "\(byKey.keys.sorted())")
        #expect(found.allSatisfy { $0.isLeak })
        let root = try #require(keys["root"]), inner = try #require(keys["inner"])
        #expect(byKey["global"]?.cause == .detached(holder: root))
        #expect(byKey["orphan"]?.cause == .holderReleased(holder: inner))
        // What is still alive below the one kept by the global: its component, view component, router.
        let kinds = (byKey["global"]?.aliveBelow ?? []).compactMap { snapshot.node($0)?.kind.rawValue }.sorted()
        #expect(kinds == ["component", "router", "viewComponent"])
        #expect(byKey["global"].flatMap(\.aliveFor).map { $0 >= 2 * RetainedAfterDetach.defaultGrace } == true)
        Self.registry = []
    }

    @Test func beforeTheGraceItIsAliveNotLeaked() {
        let (snapshot, _) = Self.record()
        let found = RetainedAfterDetach.find(in: snapshot, now: RecordingClock.now())
        #expect(found.count == 3)
        #expect(found.allSatisfy { !$0.isLeak && ($0.aliveFor ?? .max) < RetainedAfterDetach.defaultGrace })
        Self.registry = []
    }

    @Test func withTheMistakesRemovedNothingIsRetained() {
        Self.registry = []
        let recorder = GraphRecorder()
        GraphObservation.withObserver(recorder) {
            let holder = TestHolder(key: "root", holder: nil, context: EmptyContext(), component: Component(parent: nil))
            for key in ["a", "b"] { holder.attach(TestBuilder(key: ModuleKey(key))) }
            let closure = holder.attach(ClosureBuilder(key: "closure"))
            closure.onClose = { [weak closure] in _ = closure }
            for key in ["a", "closure"] { holder.detach(ModuleKey(key)) }
            withExtendedLifetime(holder) {}
        }
        #expect(RetainedAfterDetach.find(in: recorder.snapshot(), now: RecordingClock.now() + 10 * RetainedAfterDetach.defaultGrace) == [])
    }

    /// A trace from before times were recorded: alive at the end, never called a leak.
    @Test func withoutTimesNothingIsCalledALeak() {
        let (snapshot, _) = Self.record()
        let untimed = GraphSnapshot(nodes: snapshot.nodes, events: snapshot.events.map { event in
            switch event {
            case .moduleDetached(var attachment): attachment.time = nil; return .moduleDetached(attachment)
            case .released(var released): released.time = nil; return .released(released)
            default: return event
            }
        })
        let found = RetainedAfterDetach.find(in: untimed)
        #expect(found.count == 3 && found.allSatisfy { !$0.isLeak && $0.aliveFor == nil })
        Self.registry = []
    }

    @Test func theGraceComesFromTheEnvironment() {
        #expect(RetainedAfterDetach.grace(fromEnvironment: nil).grace == RetainedAfterDetach.defaultGrace)
        #expect(RetainedAfterDetach.grace(fromEnvironment: "250").grace == 250_000_000)
        let bad = RetainedAfterDetach.grace(fromEnvironment: "1s")
        #expect(bad.grace == RetainedAfterDetach.defaultGrace && bad.problem?.contains("GRAPHINSPECT_LEAK_GRACE=1s") == true)
    }

    /// Bad input: a detach by a released holder, a detach by another holder than the one holding
    /// it, a detach with no attach, a release of a node never created. A warning each where the
    /// events contradict themselves, and no leak of anything released.
    @Test func inconsistentEventsAreWarnedAndMakeNoFalseLeak() {
        let module = NodeCreated(id: ObjectID(3), kind: .module, type: "App.M", key: "m", parent: ObjectID(1))
        let other = NodeCreated(id: ObjectID(4), kind: .module, type: "App.N", key: "n", parent: ObjectID(1))
        let events: [GraphEvent] = [
            .created(NodeCreated(id: ObjectID(1), kind: .holder, type: "App.H", key: "h")),
            .created(NodeCreated(id: ObjectID(2), kind: .holder, type: "App.G", key: "g")),
            .created(module), .created(other),
            .moduleAttached(ModuleAttachment(holder: ObjectID(1), module: ObjectID(3))),
            .moduleDetached(ModuleAttachment(holder: ObjectID(2), module: ObjectID(3), time: 10)),
            .released(Released(id: ObjectID(3), time: 20)),
            .moduleDetached(ModuleAttachment(holder: ObjectID(1), module: ObjectID(4), time: 30)),
            .released(Released(id: ObjectID(1), time: 40)),
            .moduleDetached(ModuleAttachment(holder: ObjectID(1), module: ObjectID(4), time: 50)),
            .released(Released(id: ObjectID(4), time: 60)),
            .released(Released(id: ObjectID(9), time: 70)),
            .ended(RunEnded(time: 10_000_000_000)),
        ]
        let snapshot = GraphSnapshot(events: events)
        #expect(RetainedAfterDetach.find(in: snapshot, grace: 1) == [], "everything let go was released")
        #expect(RetainedAfterDetach.inconsistencies(in: snapshot) == [
            #"event 6: G "g" #2 detached M "m" #3, which was attached to H "h" #1; the module is taken as let go then"#,
            #"event 10: H "h" #1 detached N "n" #4 after it was itself released; the module is taken as let go then"#,
        ])
    }
}
