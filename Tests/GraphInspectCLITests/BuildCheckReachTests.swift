import Foundation
import Testing
import GraphInspectTestSupport

/// The build plugin's tool on a target whose lookups sit in public functions it never calls
/// itself (another target of the package calls them with its holder and component): it cannot
/// check them, says so in one note that counts them and names the check that does, and never
/// fails the build for it. The calling target's build, and `check` over the package, check all.
@Suite struct BuildCheckReachTests {
    /// A package of two targets: `Features`, routes and a service lookup taking their holder and
    /// component from the caller; `App`, the tree, calling each.
    static func package() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("build-check-reach-\(UUID().uuidString)")
        let keys = ["settings", "profile", "home", "onboarding", "checkout"]
        let modules = keys.map { key in
            let type = key.prefix(1).uppercased() + key.dropFirst()
            return """
                final class \(type)Module: ModuleObject {
                    init(holder: ModuleHolder?, component: Component) {
                        super.init(key: "\(key)", holder: holder, component: component)
                    }
                }

                struct \(type)Builder: ModuleBuilder {
                    func build(parentComponent: Component, holder: ModuleHolderObject?, context: any ModuleHolderContext) -> \(type)Module {
                        let module = \(type)Module(holder: holder, component: ScreenComponent(parent: parentComponent))
                        module.router = RouterObject(viewComponent: ViewComponentObject(module: module, moduleHolder: holder))
                        return module
                    }
                }

                """
        }
        let files = [
            "Package.swift": """
                // swift-tools-version: 6.1
                import PackageDescription

                let package = Package(
                    name: "Reach",
                    dependencies: [.package(path: "../graphinspect")],
                    targets: [
                        .target(name: "Features", dependencies: [.product(name: "GraphInspect", package: "graphinspect")],
                                plugins: [.plugin(name: "GraphInspectBuildCheck", package: "graphinspect")]),
                        .executableTarget(name: "App", dependencies: ["Features", .product(name: "GraphInspect", package: "graphinspect")],
                                          plugins: [.plugin(name: "GraphInspectBuildCheck", package: "graphinspect")]),
                    ]
                )

                """,
            "Sources/Features/Routes.swift": """
                import GraphInspect

                /// Routes between the app's screens, from whichever holder the app gives.
                public enum Routes {
                    public static func settings(from holder: ModuleHolderObject) -> ModuleObject? {
                        holder.module(for: "settings", as: ModuleObject.self)
                    }

                    public static func profile(from holder: ModuleHolderObject) -> ModuleObject? {
                        holder.module(for: "profile", as: ModuleObject.self)
                    }

                    public static func homeRouter(from holder: ModuleHolderObject) -> RouterObject? {
                        holder.router(for: "home", as: RouterObject.self)
                    }
                }

                public func onboarding(from holder: ModuleHolderObject) -> ModuleObject? {
                    holder.module(for: "onboarding", as: ModuleObject.self)
                }

                public func checkout(from holder: ModuleHolderObject) -> ModuleObject? {
                    holder.module(for: "checkout", as: ModuleObject.self)
                }

                public final class Analytics {
                    public init() {}
                }

                public func analytics(of component: Component) -> Analytics {
                    component.analytics
                }

                """,
            "Sources/App/main.swift": """
                import Features
                import GraphInspect

                final class AppComponent: Component, RootComponent {
                    let analytics = Analytics()

                    init() { super.init(parent: nil) }
                }

                struct AppContext: ModuleHolderContext {
                    let parent: (any ModuleHolderContext)? = nil
                }

                final class ScreenComponent: Component {}

                \(modules.joined(separator: "\n"))
                final class RootHolder: ModuleHolderObject {
                    init(component: AppComponent) {
                        super.init(key: "root", holder: nil, context: AppContext(), component: component)
                \(keys.map { "        attach(\($0.prefix(1).uppercased() + $0.dropFirst())Builder())" }.joined(separator: "\n"))
                    }
                }

                let app = AppComponent()
                let root = RootHolder(component: app)
                _ = Routes.settings(from: root)
                _ = Routes.profile(from: root)
                _ = Routes.homeRouter(from: root)
                _ = onboarding(from: root)
                _ = checkout(from: root)
                _ = analytics(of: ScreenComponent(parent: app))

                """,
        ]
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return folder
    }

    @Test func aTargetWhoseLookupsOnlyItsCallerReachesSaysWhyInANoteAndBuilds() throws {
        let folder = try Self.package()
        defer { try? FileManager.default.removeItem(at: folder) }
        let features = folder.appendingPathComponent("Sources/Features/Routes.swift").path
        let app = folder.appendingPathComponent("Sources/App/main.swift").path
        let output = folder.appendingPathComponent("GraphInspectBuildCheck.swift").path

        // Features' build: its own file, as the plugin passes it (GraphInspect is graphinspect's).
        let alone = try Executable.run("graphinspect-build-check", [output, features])
        #expect(alone.status == 0, "never an error: \(alone.stdout)")
        #expect(FileManager.default.fileExists(atPath: output), "the build command's output is written")
        #expect(alone.stdout == """
            \(features):6:16: note: not checked here: 1 lookup and 5 module lookups sit in code these sources never reach from a place they build a tree: functions that are given their component or holder, which nothing here calls with one
              `graphinspect check` over the package, or over the target that calls them, checks them (docs/check.md)
            graphinspect check: 1 file, 0 component types, 0 components in trees, 0 holders, 0 modules, 0 of 1 lookup checked, 0 of 5 module lookups checked: 0 errors, 0 warnings

            """, "\(alone.stdout)")

        // App's build reads Features too (a target it depends on): every lookup checked, no note.
        try FileManager.default.removeItem(atPath: output)
        let calling = try Executable.run("graphinspect-build-check", [output, app, features])
        #expect(calling.status == 0, "\(calling.stdout)")
        #expect(calling.stdout.hasSuffix("1 of 1 lookup checked, 5 of 5 module lookups checked: 0 errors, 0 warnings\n"), "\(calling.stdout)")
        #expect(!calling.stdout.contains("note:"), "\(calling.stdout)")

        // `check` over the package: the same.
        let package = try Executable.run("graphinspect", ["check", folder.appendingPathComponent("Sources").path])
        #expect(package.status == 0, "\(package.stdout)\(package.stderr)")
        #expect(package.stderr.hasSuffix("1 of 1 lookup checked, 5 of 5 module lookups checked: 0 errors, 0 warnings, 0 notes\n"), "\(package.stderr)")
    }

    /// `check` over the one target says the same note, beside a note for each lookup, and passes:
    /// code only a caller elsewhere reaches does not make a check one that checked nothing.
    @Test func checkOverTheTargetAloneNotesEachLookupAndPasses() throws {
        let folder = try Self.package()
        defer { try? FileManager.default.removeItem(at: folder) }
        let features = folder.appendingPathComponent("Sources/Features").path
        let result = try Executable.run("graphinspect", ["check", features])
        #expect(result.status == 0, "\(result.stdout)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.filter { $0.contains(": note: not checked: cannot tell which ") }.count == 6, "\(result.stdout)")
        #expect(lines.filter { $0.contains(": note: not checked here: 1 lookup and 5 module lookups sit in code") }.count == 1, "\(result.stdout)")
        #expect(!result.stdout.contains("error:"), "\(result.stdout)")
    }
}
