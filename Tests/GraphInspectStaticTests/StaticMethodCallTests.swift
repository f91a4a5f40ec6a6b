import GraphInspectCheckContract
import GraphInspectStatic
import Testing

/// A static method calling another of its type, which Swift lets it write unqualified
/// (`start(root)`), as `Self.start(root)` or as `App.start(root)`: the holder it passes is the
/// callee's parameter, so what the callee attaches under it is followed and its lookups checked.
@Suite struct StaticMethodCallTests {
    /// A newcomer's app: `launch` makes the root holder and hands it to `start`, which attaches a
    /// screen whose component looks up `clock`, which nothing provides (the run dies there).
    static func app(call: String, label: String) -> String {
        """
        import GraphInspect

        final class Clock {}
        final class AppComponent: Component, RootComponent {
            init() { super.init(parent: nil) }
        }
        final class WelcomeComponent: Component {}
        struct AppContext: ModuleHolderContext { let parent: (any ModuleHolderContext)? = nil }
        final class AppHolder: ModuleHolderObject {}
        final class WelcomeModule: ModuleObject {}

        struct WelcomeBuilder: ModuleBuilder {
            func build(parentComponent: Component, holder: ModuleHolderObject?, context: any ModuleHolderContext) -> WelcomeModule {
                let component = WelcomeComponent(parent: parentComponent)
                let clock: Clock = component.clock
                print(clock)
                return WelcomeModule(key: "welcome", holder: holder, component: component)
            }
        }

        enum App {
            static func launch(showWelcome: Bool = true) -> AppHolder {
                let root = AppHolder(key: "root", holder: nil, context: AppContext(), component: AppComponent())
                \(call)
                return root
            }

            static func start(\(label) root: AppHolder, showWelcome: Bool) {
                guard showWelcome else { return }
                root.attach(WelcomeBuilder())
            }
        }

        let root = App.launch()
        print(root.key)

        """
    }

    @Test(arguments: [
        ("start(root, showWelcome: showWelcome)", "_"),
        ("Self.start(root, showWelcome: showWelcome)", "_"),
        ("App.start(root, showWelcome: showWelcome)", "_"),
        ("start(holder: root, showWelcome: showWelcome)", "holder"),
        ("Self.start(holder: root, showWelcome: showWelcome)", "holder"),
        ("App.start(holder: root, showWelcome: showWelcome)", "holder"),
    ])
    func aHolderPassedToAStaticMethodOfItsOwnTypeIsFollowed(call: String, label: String) {
        let files = [StaticReader.SourceFile(path: "main.swift", module: "App", text: Self.app(call: call, label: label))]
        let graph = StaticReader.graph(of: files)
        #expect(graph.errors.map { "\($0.position.line): \($0.message)" } == ["15: missing dependency `clock: Clock`"], "\(call)")
        #expect(graph.diagnostics.filter { $0.severity == .note }.map(\.message) == [], "\(call)")
        #expect(graph.summary.lookupsChecked == graph.summary.lookups, "\(call): \(graph.summary)")
    }
}
