/// A component at the top of a dependency graph, as the article declares its app component
/// (`class AppComponent: Component, RootComponent`, made with `AppComponent(parent: nil)`).
///
/// Lookups on a value typed `RootComponent` (`component.depA`) work as on a `Component`.
@dynamicMemberLookup
public protocol RootComponent: Component {}

extension RootComponent {
    /// Looks `name` up as a `T`, as `Component`'s dynamic member does.
    public subscript<T>(dynamicMember name: String) -> T {
        (self as Component)[dynamicMember: name]
    }
}
