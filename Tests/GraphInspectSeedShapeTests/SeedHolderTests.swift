import Testing
@testable import GraphInspect

/// The app's own key enum, as the article declares it.
enum AppModules: String {
    case root, settings, profile, missing
}

/// The article's shapes, declared by the app: its own classes conform to the protocols and keep
/// their own stored properties.
final class SettingsRouter: Routing {
    let component: SettingsViewComponent
    init(component: SettingsViewComponent) { self.component = component }
}

struct SettingsViewComponent: ViewComponent {
    let title: String
}

final class SettingsModule: Module {
    weak var holder: ModuleHolder?
    var router: SettingsRouter?
    let key: AppModules = .settings
    init(holder: ModuleHolder?) { self.holder = holder }
}

@dynamicMemberLookup
final class AppHolder: RootModule, Module, ModuleHolder {
    let holder: ModuleHolder? = nil
    var router: SettingsRouter?
    var key: AppModules = .root
    var supportedModules: [any Module] = []
    let component: Component

    init(component: Component) {
        self.component = component
    }
}

/// A nested holder of the app's own, whose `holder` the app computes (and may get wrong).
final class ProfileHolder: Module, ModuleHolder {
    var holder: ModuleHolder?
    var router: SettingsRouter?
    let key: AppModules = .profile
    var supportedModules: [any Module] = []
    init(holder: ModuleHolder?) { self.holder = holder }
}

func makeApp() -> (app: AppHolder, profile: ProfileHolder) {
    let app = AppHolder(component: Component(parent: nil))
    let settings = SettingsModule(holder: app)
    settings.router = SettingsRouter(component: SettingsViewComponent(title: "Settings"))
    let profile = ProfileHolder(holder: app)
    app.supportedModules = [settings, profile]
    return (app, profile)
}

@Suite struct SeedHolderTests {
    @Test func leadingDotKeysOfTheModulesOwnTypeAtEveryCallSite() {
        let (app, profile) = makeApp()
        let settings: SettingsModule? = profile.module(for: .settings)
        #expect(settings === app.supportedModules[0])
        let router: SettingsRouter? = profile.router(for: .settings, moduleType: SettingsModule.self)
        #expect(router === settings?.router)
        #expect(profile.module(for: AppModules.settings, as: SettingsModule.self) === settings)
        #expect(profile.module(for: ModuleKey("settings"), as: SettingsModule.self) === settings)
        let byName: SettingsModule? = app.settings
        #expect(byName === settings)
        let none: SettingsModule? = profile.module(for: .missing)
        #expect(none == nil)
    }

    @Test func recordingMeetsTheAppsObjectsThroughLookupsWithTheirShape() throws {
        let recorder = GraphRecorder()
        let (app, profile) = makeApp()
        try GraphObservation.withObserver(recorder) {
            let _: SettingsRouter? = profile.router(for: .settings, moduleType: SettingsModule.self)
            let snapshot = recorder.snapshot()
            let kinds = snapshot.nodes.map { "\($0.kind.rawValue) \(ShortTypeName.of($0.type)) \($0.key ?? "")" }
            #expect(kinds == [
                "component Component ", "holder AppHolder root", "holder ProfileHolder profile",
                "module SettingsModule settings", "viewComponent SettingsViewComponent ", "router SettingsRouter ",
            ])
            let holder = try #require(snapshot.nodes.first { $0.kind == .holder && $0.key == "root" })
            #expect(holder.modules?.count == 2)
            #expect(holder.component == snapshot.nodes.first?.id)
            let lookup = try #require(snapshot.moduleLookups.first)
            #expect(lookup.walk.count == 2)
            #expect(lookup.target == .router)
            #expect(lookup.module == snapshot.nodes[3].id)
        }
        withExtendedLifetime((app, profile)) {}
    }

    @Test func aSnapshotRescansWhatTheAppChangedAndWhatItReleased() throws {
        let recorder = GraphRecorder()
        let (app, profile) = makeApp()
        GraphObservation.withObserver(recorder) {
            let _: SettingsModule? = profile.module(for: .settings)
        }
        #expect(recorder.snapshot().liveNodes.count == 6)
        // The app drops settings and adds a new module, with no call into the library.
        let replacement = SettingsModule(holder: app)
        app.supportedModules = [profile, replacement]
        let snapshot = recorder.snapshot()
        let released = snapshot.nodes.filter(\.released).map(\.kind)
        #expect(released.contains(.module))
        #expect(released.contains(.router))
        let root = try #require(snapshot.nodes.first { $0.key == "root" })
        #expect(root.modules?.count == 2)
        withExtendedLifetime((app, profile, replacement)) {}
    }

    @Test func aHolderChainThatLoopsEndsTheWalkAndNamesIt() throws {
        let (app, profile) = makeApp()
        let loop = ProfileHolder(holder: profile)
        profile.holder = loop
        let error = try #require(throws: MissingModule.self) { try loop.findModule("settings") }
        #expect(error.walk.count == 2)
        profile.holder = app
        withExtendedLifetime((app, loop)) {}
    }

    @Test func aLibraryHolderHoldsTheAppsModules() throws {
        let recorder = GraphRecorder()
        let holder = GraphObservation.withObserver(recorder) { () -> ModuleHolderObject in
            let holder = ModuleHolderObject(key: "root", holder: nil, context: EmptyContext(), component: Component(parent: nil))
            let settings = SettingsModule(holder: holder)
            settings.router = SettingsRouter(component: SettingsViewComponent(title: "Settings"))
            holder.attach(settings)
            return holder
        }
        let found: SettingsModule? = holder.module(for: .settings)
        #expect(found != nil)
        let snapshot = recorder.snapshot()
        #expect(snapshot.nodes.map(\.kind) == [.component, .holder, .module, .viewComponent, .router])
        withExtendedLifetime(holder) {}
    }
}
