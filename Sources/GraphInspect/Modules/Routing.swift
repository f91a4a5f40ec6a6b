/// Shows a module: its root view and the routes out of it. Routers are classes, so the graph can
/// tell one from another.
///
/// No requirement: the article's routers return SwiftUI views (`func rootView() -> any View`), which do
/// not exist on Linux; `RouterObject` returns a platform-neutral `ViewDescription`.
public protocol Routing: AnyObject {}

/// What a router needs to show its module (the article passes a struct). Unlike a `Component` it keeps
/// no dependency graph.
///
/// Recording finds a router's view component among the router's stored properties.
public protocol ViewComponent {}
