import GraphInspect
import GraphInspectStyleTargetsCore

// The feature target's own `SettingsComponent`, a different type from the core target's: it
// provides `locale`, not `theme`. A lookup of `theme` in it climbs to the app's root; a lookup of
// `locale` made in the core's SettingsComponent is a defect (only this one provides it, and it is
// not above the core's).
public final class SettingsComponent: Component {
    public let locale = Language()

    func show() -> [Any?] {
        let theme: Theme? = try? resolve("theme")
        let locale: Language? = try? resolve("locale")
        return [theme, locale]
    }
}

final class Probe {
    static func askCore(_ core: GraphInspectStyleTargetsCore.SettingsComponent) -> Language? {
        try? core.resolve("locale")
    }
}

public enum TargetsStyle {
    /// Runs the app; returns what it made, which the caller keeps alive.
    public static func run() -> [Component] {
        let app = AppComponent()
        let core = GraphInspectStyleTargetsCore.SettingsComponent(parent: app)
        _ = core.apply()
        let feature = SettingsComponent(parent: app)
        _ = feature.show()
        _ = Probe.askCore(core)
        return [app, core, feature]
    }
}
