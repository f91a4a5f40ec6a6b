import GraphInspect

/// Module and router lookups three holders up, against a hand-written walk over plain arrays (the
/// floor: what the lookup does, without locks, events or errors).
enum ModuleBenchmarks {
    final class Feature: ModuleObject {}
    final class FeatureRouter: RouterObject {}

    /// The floor's holder: modules in a plain array, a plain parent reference.
    final class PlainHolder {
        let modules: [(key: String, module: AnyObject)]
        let parent: PlainHolder?
        init(modules: [(key: String, module: AnyObject)], parent: PlainHolder?) {
            self.modules = modules
            self.parent = parent
        }
    }

    /// The target sits in the root holder, after four others; each level below holds five modules.
    static func tree() -> (root: ModuleHolderObject, requester: ModuleHolderObject) {
        let component = Component(parent: nil)
        let root = ModuleHolderObject(key: "root", holder: nil, context: EmptyContext(), component: component)
        var holder = root
        for level in 1...3 {
            let child = ModuleHolderObject(key: ModuleKey("level\(level)"), holder: holder, context: EmptyContext(), component: component)
            for index in 0..<4 { holder.attach(Feature(key: ModuleKey("other\(level)-\(index)"), holder: holder, component: component)) }
            holder.attach(child)
            holder = child
        }
        for index in 0..<5 { holder.attach(Feature(key: ModuleKey("leaf\(index)"), holder: holder, component: component)) }
        let target = Feature(key: "target", holder: root, component: component)
        target.router = FeatureRouter(viewComponent: ViewComponentObject(module: target, moduleHolder: root))
        root.attach(target)
        return (root, holder)
    }

    static func plainTree() -> PlainHolder {
        var holder = PlainHolder(modules: (0..<4).map { ("other0-\($0)", Feature.self as AnyObject) } + [("target", Feature.self as AnyObject)], parent: nil)
        for level in 1...3 {
            holder = PlainHolder(modules: (0..<5).map { ("other\(level)-\($0)", Feature.self as AnyObject) }, parent: holder)
        }
        return holder
    }

    @inline(never)
    static func plainLookup(_ key: String, from start: PlainHolder) -> AnyObject? {
        var current: PlainHolder? = start
        while let holder = current {
            if let found = holder.modules.first(where: { $0.key == key }) { return found.module }
            current = holder.parent
        }
        return nil
    }

    static func run(quick: Bool) -> [Row] {
        let samples = quick ? 3 : 7
        let iterations = quick ? 2_000 : 50_000
        let plain = plainTree()
        let floor = LookupBenchmarks.perOperation(iterations: iterations, samples: samples) { blackHole(plainLookup("target", from: plain)) }
        let (root, requester) = tree()
        let module = LookupBenchmarks.perOperation(iterations: iterations, samples: samples) {
            blackHole(requester.module(for: "target", as: Feature.self))
        }
        let router = LookupBenchmarks.perOperation(iterations: iterations, samples: samples) {
            blackHole(requester.router(for: "target", as: FeatureRouter.self))
        }
        let recorder = GraphRecorder()
        let recorded = GraphObservation.withObserver(recorder) { tree() }
        let moduleRecorded = LookupBenchmarks.perOperation(iterations: iterations, samples: samples) {
            blackHole(recorded.requester.module(for: "target", as: Feature.self))
        }
        withExtendedLifetime((root, recorded.root)) {}
        return [
            Row("modules", "module lookup, 3 holders up", .nanoseconds, module, baseline: ("plain array walk", floor)),
            Row("modules", "router lookup, 3 holders up", .nanoseconds, router, baseline: ("plain array walk", floor)),
            Row("modules", "module lookup, 3 holders up, in-memory recorder", .nanoseconds, moduleRecorded, baseline: ("no observer", module)),
        ]
    }
}
