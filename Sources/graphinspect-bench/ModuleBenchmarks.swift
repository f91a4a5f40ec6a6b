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

    /// The article's shape of the floor: each holder holds its modules (and child holders) strongly
    /// and knows its parent weakly, as `ModuleObject.holder` does (a strong parent would be a
    /// retain cycle). A weak reference gives its target a side table, and every retain and release
    /// of it then takes the runtime's slow path: a cost of the shape, not of graphinspect.
    final class WeakParentHolder {
        let modules: [(key: String, module: AnyObject)]
        weak let parent: WeakParentHolder?
        init(modules: [(key: String, module: AnyObject)], parent: WeakParentHolder?) {
            self.modules = modules
            self.parent = parent
        }
    }

    /// The same tree as `plainTree`, holders linked child to parent weakly; returns the requester
    /// and every holder (the caller keeps them alive, as the holders' own holders would).
    static func weakParentTree() -> (requester: WeakParentHolder, all: [WeakParentHolder]) {
        var all = [WeakParentHolder(modules: (0..<4).map { ("other0-\($0)", Feature.self as AnyObject) } + [("target", Feature.self as AnyObject)], parent: nil)]
        for level in 1...3 {
            all.append(WeakParentHolder(modules: (0..<5).map { ("other\(level)-\($0)", Feature.self as AnyObject) }, parent: all[level - 1]))
        }
        return (all[3], all)
    }

    @inline(never)
    static func weakParentLookup(_ key: String, from start: WeakParentHolder) -> AnyObject? {
        var current: WeakParentHolder? = start
        while let holder = current {
            if let found = holder.modules.first(where: { $0.key == key }) { return found.module }
            current = holder.parent
        }
        return nil
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
        let weakTree = weakParentTree()
        let (root, requester) = tree()
        // The lookups and their floors in turns, so a change in the machine's load falls on all alike.
        let measured = Sample.interleaved(repeats: samples, [
            { for _ in 0..<iterations { blackHole(plainLookup("target", from: plain)) } },
            { for _ in 0..<iterations { blackHole(weakParentLookup("target", from: weakTree.requester)) } },
            { for _ in 0..<iterations { blackHole(requester.module(for: "target", as: Feature.self)) } },
            { for _ in 0..<iterations { blackHole(requester.router(for: "target", as: FeatureRouter.self)) } },
        ]).map { $0.perOperation(iterations) }
        let (floor, weakFloor, module, router) = (measured[0], measured[1], measured[2], measured[3])
        withExtendedLifetime(weakTree.all) {}
        let recorder = GraphRecorder()
        let recorded = GraphObservation.withObserver(recorder) { tree() }
        let moduleRecorded = LookupBenchmarks.perOperation(iterations: iterations, samples: samples) {
            blackHole(recorded.requester.module(for: "target", as: Feature.self))
        }
        withExtendedLifetime((root, recorded.root)) {}
        return [
            Row("modules", "module lookup, 3 holders up", .nanoseconds, module, baseline: ("plain array walk", floor),
                target: quick ? nil : .slowerThanBaselineAtMost(1.5)),
            Row("modules", "module lookup, 3 holders up, against weak parents", .nanoseconds, module, baseline: ("plain walk, weak parents", weakFloor),
                target: quick ? nil : .slowerThanBaselineAtMost(1.5)),
            Row("modules", "router lookup, 3 holders up", .nanoseconds, router, baseline: ("plain array walk", floor),
                target: quick ? nil : .slowerThanBaselineAtMost(1.5)),
            Row("modules", "module lookup, 3 holders up, in-memory recorder", .nanoseconds, moduleRecorded, baseline: ("no observer", module)),
        ]
    }
}
