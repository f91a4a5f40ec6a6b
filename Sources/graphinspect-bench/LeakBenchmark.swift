import GraphInspect

/// Judging leaks with what holds each searched (`GraphRecorder.recordLeakHolders`): 1,000 modules
/// let go and kept alive among 10,000 live objects, half by an array of the root component (found,
/// with its path), half by a global (the search reads every object and finds none of them).
/// Against the same judgment without the search, in turns.
enum LeakBenchmark {
    final class RootComponent: Component, GraphInspect.RootComponent {
        var kept: [AnyObject] = []
        init() { super.init(parent: nil) }
    }

    final class Holder: ModuleHolderObject {}

    struct Builder: ModuleBuilder {
        let key: ModuleKey
        func build(parentComponent: Component, holder: ModuleHolderObject?, context: any ModuleHolderContext) -> ModuleObject {
            let module = ModuleObject(key: key, holder: holder, component: Component(parent: parentComponent))
            module.router = RouterObject(viewComponent: ViewComponentObject(module: module, moduleHolder: holder))
            return module
        }
    }

    /// Objects the app keeps outside everything the library knows.
    nonisolated(unsafe) static var global: [AnyObject] = []

    static func run(quick: Bool) -> [Row] {
        let leaks = quick ? 100 : 1_000
        let attached = quick ? 150 : 1_500
        let recorder = GraphRecorder()
        let (holder, root) = GraphObservation.withObserver(recorder) { () -> (Holder, RootComponent) in
            let root = RootComponent()
            let holder = Holder(key: "root", holder: nil, context: EmptyContext(), component: root)
            for index in 0..<attached { holder.attach(Builder(key: ModuleKey("kept\(index)"))) }
            for index in 0..<leaks {
                let key = ModuleKey("leaked\(index)")
                let module = holder.attach(Builder(key: key))
                if index.isMultiple(of: 2) { root.kept.append(module) } else { global.append(module) }
                holder.detach(key)
            }
            return (holder, root)
        }
        let repeats = quick ? 3 : 5
        let times = Sample.interleaved(repeats: repeats, [
            {
                let snapshot = recorder.snapshot()
                blackHole(RetainedAfterDetach.find(in: snapshot, grace: 0).count)
            },
            {
                recorder.recordLeakHolders()
                let snapshot = recorder.snapshot()
                blackHole(RetainedAfterDetach.find(in: snapshot, grace: 0).count)
            },
        ])
        let found = RetainedAfterDetach.find(in: recorder.snapshot(), grace: 0)
        let named = found.filter { $0.heldBy?.holder != nil }.count
        precondition(found.count == leaks && named == leaks / 2, "leak benchmark: \(found.count) leaks, \(named) named")
        withExtendedLifetime((holder, root)) {}
        global = []
        let live = 2 + 4 * (attached + leaks)
        return [
            Row("leaks", "judging \(grouped(Double(leaks), decimals: 0)) leaks among \(grouped(Double(live), decimals: 0)) live objects, what holds each searched", .seconds, times[1],
                baseline: ("the judgment alone", times[0]), target: .below(1)),
        ]
    }
}
