/// Why Graphviz could not lay out or render a graph, with Graphviz's own message.
public enum GraphvizError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The DOT text did not parse.
    case syntax(message: String)
    /// The layout engine failed.
    case layout(engine: String, message: String)
    /// The renderer failed for this format.
    case render(format: String, message: String)
    /// The plugins for this engine or format are not installed or not registered.
    case pluginMissing(what: String, message: String)
    /// Graphviz could not start at all.
    case noContext

    public var description: String {
        switch self {
        case .syntax(let message):
            "Graphviz could not parse the DOT: \(message)"
        case .layout(let engine, let message):
            "Graphviz's \(engine) layout failed: \(message)"
        case .render(let format, let message):
            "Graphviz could not render \(format): \(message)"
        case .pluginMissing(let what, let message):
            "Graphviz has no plugin for \(what) (\(message)). Install Graphviz's plugins: on Debian/Ubuntu "
                + "`apt-get install libgvc6` then `/usr/sbin/libgvc6-config-update -c`; on macOS `brew install graphviz`."
        case .noContext:
            "Graphviz could not start (gvContext failed). Reinstall it: `apt-get install --reinstall libgvc6` or `brew reinstall graphviz`."
        }
    }
}
