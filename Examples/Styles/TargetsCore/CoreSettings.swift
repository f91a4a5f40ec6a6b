import GraphInspect

// Two targets that each declare a `SettingsComponent` (this one, and the feature target's): two
// types, as Swift has them. This one provides `theme`; the feature's provides `locale`.
public final class Theme { public init() {} }
public final class Language { public init() {} }

public final class AppComponent: Component {
    public let theme = Theme()

    public init() { super.init(parent: nil) }
}

public final class SettingsComponent: Component {
    public let theme = Theme()

    public func apply() -> Theme? { try? resolve("theme") }
}
