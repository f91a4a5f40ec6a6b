/// Makes one module: its component (below the parent component it is given), the module, its view
/// component and its router.
///
/// The article's shape: the holder and context are the app's own types
/// (`func build(parentComponent: Component, holder: SettingsHolder?, context: AppContext) -> SettingsModule`).
/// A builder called directly records what it creates as the library meets it; one run through
/// `ModuleHolderObject.attach(_:)` is also recorded as a build, with what it built.
public protocol ModuleBuilder {
    /// The holder type this builder builds for.
    associatedtype Holder
    /// The context type it reads.
    associatedtype Context
    /// The module it builds.
    associatedtype Built: Module

    /// Builds the module.
    /// - Parameters:
    ///   - parentComponent: the component the module's own component is made below.
    ///   - holder: the holder the module is built for, if it is a `Holder`.
    ///   - context: that holder's context.
    func build(parentComponent: Component, holder: Holder?, context: Context) -> Built
}

/// Makes a module's router from its view component (the article's `ViewBuilding`).
public protocol ViewBuilding {
    /// The router for `component`, or nil when this builder cannot make an `R` from a `T`.
    func buildRouter<T: ViewComponent, R: Routing>(component: T) -> R?
}
