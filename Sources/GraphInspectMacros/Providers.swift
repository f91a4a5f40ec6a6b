import GraphInspect

/// Makes a component's computed providers visible to lookups from below:
///
/// ```swift
/// @Providers
/// public class AppComponent: Component, RootComponent {
///     public var depA: DepA { DepA() }
///     var imageCache: ImageCache { shared { ImageCache() } }
/// }
/// ```
///
/// `Mirror`, which the runtime uses to index stored properties, cannot see computed ones; this
/// macro lists them at compile time in a table stored in the class, and lookups read each through
/// its getter. A separate library because it builds swift-syntax: the runtime does not need it.
@attached(member, names: arbitrary)
public macro Providers() = #externalMacro(module: "GraphInspectMacroPlugin", type: "ProvidersMacro")
