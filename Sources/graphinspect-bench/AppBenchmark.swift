import GraphInspect
import GraphInspectDiagram
import GraphInspectText

/// A generated app of 10,000 components and 1,000 feature modules, built while recording and dumped
/// to text and DOT, end to end; against building the same app with no observer.
enum AppBenchmark {
    final class Service: Sendable {}

    final class AppRoot: Component, RootComponent {
        let analytics = Service(), network = Service(), store = Service()
    }

    /// Every component provides one service of its own and looks up two: one from the root, one
    /// from its parent (the module's component has the root as parent).
    final class FeatureComponent: Component {
        let local = Service()
        init(parent: Component, lookUp: Bool) {
            super.init(parent: parent)
            if lookUp {
                blackHole(try? resolve("analytics", as: Service.self))
                blackHole(try? resolve("local", as: Service.self))
            }
        }
    }

    final class Feature: ModuleObject {}
    final class FeatureRouter: RouterObject {}

    /// Builds one feature: its component and a chain of `depth - 1` more below it, a router.
    struct FeatureBuilder: ModuleBuilder {
        var key: ModuleKey
        var depth: Int

        func build(parentComponent: Component, holder: ModuleHolderObject?, context: any ModuleHolderContext) -> Feature {
            let component = FeatureComponent(parent: parentComponent, lookUp: true)
            var last: Component = component
            for _ in 1..<depth { last = FeatureComponent(parent: last, lookUp: true) }
            let module = Feature(key: key, holder: holder, component: component)
            // The module keeps its component; the deeper ones live as long as the chain below it.
            module.router = FeatureRouter(viewComponent: ViewComponentObject(module: module, moduleHolder: holder))
            chains.append(last)
            return module
        }
    }

    /// The deepest component of each chain, kept alive for the dump (a component keeps its parent).
    nonisolated(unsafe) static var chains: [Component] = []

    /// `areas` holders under the root, each holding `featuresPerArea` features of `depth` components.
    static func build(areas: Int, featuresPerArea: Int, depth: Int) -> ModuleHolderObject {
        let root = AppRoot(parent: nil)
        let top = ModuleHolderObject(key: "root", holder: nil, context: EmptyContext(), component: root)
        for area in 0..<areas {
            let holder = ModuleHolderObject(key: ModuleKey("area\(area)"), holder: top, context: EmptyContext(), component: root)
            top.attach(holder)
            for feature in 0..<featuresPerArea {
                holder.attach(FeatureBuilder(key: ModuleKey("feature\(area)-\(feature)"), depth: depth))
            }
        }
        return top
    }

    static func run(quick: Bool) throws -> [Row] {
        let (areas, perArea, depth) = quick ? (4, 10, 10) : (10, 100, 10)
        let components = areas * perArea * depth, modules = areas * perArea
        let repeats = quick ? 3 : 5
        let plain = Sample.measure(repeats: repeats) {
            chains = []
            blackHole(build(areas: areas, featuresPerArea: perArea, depth: depth))
            chains = []
        }
        var sizes = (text: 0, dot: 0, nodes: 0)
        let endToEnd = try Sample.measure(repeats: repeats) {
            chains = []
            let recorder = GraphRecorder()
            let app = GraphObservation.withObserver(recorder) { build(areas: areas, featuresPerArea: perArea, depth: depth) }
            let snapshot = recorder.snapshot()
            let text = TreeTextWriter().write(snapshot)
            let dot = try DOTWriter().write(snapshot, options: DiagramOptions(legend: false))
            sizes = (text.utf8.count, dot.utf8.count, snapshot.nodes.count)
            withExtendedLifetime(app) {}
            chains = []
        }
        let name = "\(grouped(Double(components), decimals: 0)) components, \(grouped(Double(modules), decimals: 0)) modules: build, record, dump text + DOT"
        print("app: \(sizes.nodes) nodes, text \(sizes.text / 1024) KB, DOT \(sizes.dot / 1024) KB")
        return [Row("app", name, .seconds, endToEnd, baseline: ("build, no observer", plain), target: quick ? nil : .below(2))]
    }
}
