import GraphInspect

// Names the article uses but never defines, defined as plainly as its code implies. None of this is
// the article's text; docs/seed-port.md lists each with the line that uses it.

/// The dependency the article's components provide.
public final class DepA {
    public init() {}
}

/// The app's module keys (the article's `SupportedModules`): the root holder's and its module's.
public enum SupportedModules: String {
    case some
    case someModule
}

/// The router type the article's module and holder name.
public typealias SomeRouter = SomeModuleRouter

/// The article's router logs through the app's own `Logger`.
public enum LogLevel {
    case low, high
}

public enum LogType {
    case message, error
}

public protocol Logger {
    var logLevel: LogLevel { get }
}

extension Logger {
    public func log(type: LogType, message: String) {
        guard logLevel == .high else { return }
        print("[\(type)] \(message)")
    }
}

/// The holder's view shows the same module view as its module (the article's router makes it).
extension SomeModuleHolder: SomeModuleSupporting {}

/// The article's views, as platform-neutral descriptions (SwiftUI does not exist on Linux).
func SomeRootView() -> ViewDescription { ViewDescription("SomeRootView") }
func ErrorView() -> ViewDescription { ViewDescription("ErrorView") }
