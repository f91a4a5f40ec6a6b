/// Makes one module: its component (below the parent component it is given), the module, its
/// view component and its router.
///
/// Holders run builders through `ModuleHolder.attach(_:parentComponent:context:)`, which reports
/// the build to the observer and makes the module findable by key.
public protocol ModuleBuilder {
    associatedtype Built: Module

    /// Builds the module.
    /// - Parameters:
    ///   - parentComponent: the component the module's own component is made below.
    ///   - holder: the holder the module is built for.
    ///   - context: that holder's context.
    func build(parentComponent: Component, holder: ModuleHolder, context: any ModuleHolderContext) -> Built
}
