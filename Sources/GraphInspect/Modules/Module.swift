/// A feature: its code, found by `key` in the holder tree, shown by its `router`.
///
/// The article's shape: conform your own class and declare the three properties yourself
/// (`public let key: SupportedModules = .settings`, `public weak var holder: ModuleHolder?`,
/// `public var router: SettingsRouter?`). `ModuleObject` is a ready-made conformance.
///
/// Recording sees a conforming module when the library first meets it: a holder lookup walking past
/// it, a scan of a holder's `supportedModules`, or `ModuleObject`'s own `init`.
public protocol Module: AnyObject {
    /// The app's key type: an enum with `String` raw values, or `ModuleKey`.
    associatedtype Key: RawRepresentable where Key.RawValue == String
    /// The router's type; any class (a module with no UI keeps `router` nil).
    associatedtype Router

    /// The key holder lookups find this module by.
    var key: Key { get }
    /// The holder this module was built for, where its own module and router lookups start.
    var holder: ModuleHolder? { get }
    /// The router that shows this module; nil for a module with no UI.
    var router: Router? { get }
}

extension Module {
    /// The key's raw value, for lookups and events.
    var keyName: String { key.rawValue }

    /// The router as an object, if it is one (routers are classes; a value has no identity to draw).
    var routerObject: AnyObject? {
        guard let router, type(of: router as Any) is AnyClass else { return nil }
        return router as AnyObject
    }
}
