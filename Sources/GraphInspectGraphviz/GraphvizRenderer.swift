import CGraphviz
import CGraphvizReader
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Lays out and renders DOT with Graphviz's C library, in this process.
///
/// Every Graphviz call of the package is in this file. Graphviz is not thread-safe (even with a
/// context per thread), so all calls run behind one lock; and the process keeps one `GVC_t` for
/// its whole life, because freeing and recreating contexts leaks and later reads freed memory in
/// the pango plugin. Each graph is freed before the lock is released.
public enum GraphvizRenderer {
    /// A documentation page, 1,200 px, in inches (Graphviz's unit; 96 px an inch, 72 points).
    public static let pageWidth = 12.5
    /// Up to this many nodes the commands have dot pack a picture towards the page's width
    /// (`ratio=compress`: moving nodes, never shrinking text); beyond, packing costs more time
    /// than it gains.
    public static let packUpToNodes = 200

    /// The `packWidth` pictures of `nodes` nodes are drawn with.
    public static func packWidth(forNodes nodes: Int) -> Double? {
        nodes <= packUpToNodes ? pageWidth : nil
    }

    /// Renders `dot` laid out by `layout` as `format`.
    /// - Parameter packWidth: with the dot layout, a width in inches dot packs the layout towards
    ///   (`ratio=compress`); what does not fit stays at its natural size, never shrunk.
    /// - Throws: `GraphvizError` carrying Graphviz's own message.
    public static func render(dot: String, format: GraphvizFormat = .svg, layout: GraphvizLayout = .dot, packWidth: Double? = nil) throws(GraphvizError) -> [UInt8] {
        try renderReporting(dot: dot, format: format, layout: layout, packWidth: packWidth).bytes
    }

    /// A render and the warnings Graphviz gave while making it (it still made it).
    public struct Rendered: Sendable {
        public var bytes: [UInt8]
        /// Graphviz's own words, one per message, e.g. "graph is too large for cairo-renderer
        /// bitmaps. Scaling by 0.17 to fit".
        public var warnings: [String]
    }

    /// `render`, keeping Graphviz's warnings for the caller to word.
    public static func renderReporting(dot: String, format: GraphvizFormat = .svg, layout: GraphvizLayout = .dot, packWidth: Double? = nil) throws(GraphvizError) -> Rendered {
        try withGraphviz { context throws(GraphvizError) in
            let graph = try parse(dot)
            defer { graphinspect_close(graph) }
            if let packWidth, layout == .dot {
                set(graph, "ratio", "compress")
                set(graph, "size", "\(packWidth),10000")
            }
            guard gvLayout(context, graph, layout.rawValue) == 0 else {
                let message = takeMessages()
                if message.contains("not recognized") { throw .pluginMissing(what: "the \(layout.rawValue) layout", message: message) }
                throw .layout(engine: layout.rawValue, message: message)
            }
            defer { gvFreeLayout(context, graph) }
            if packWidth != nil { graphinspect_keep_scale(graph) }
            var data: UnsafeMutablePointer<CChar>?
            var length: UInt32 = 0
            // Graphviz 2.42's cairo renderer prints some warnings straight to standard error
            // ("(null): graph is too large for cairo-renderer bitmaps. Scaling by 0.17 to fit"),
            // past the error callback: catch them there for bitmap formats.
            let (status, printed) = format == .svg
                ? (gvRenderData(context, graph, format.rendererName, &data, &length), [])
                : StandardErrorCapture.run { gvRenderData(context, graph, format.rendererName, &data, &length) }
            graphvizState.messages += printed.map { line in
                line.hasPrefix("(null): ") ? String(line.dropFirst("(null): ".count)) : line
            }
            guard status == 0, let data else {
                let message = takeMessages()
                if message.contains("not recognized") { throw .pluginMissing(what: "\(format.rawValue) output", message: message) }
                throw .render(format: format.rawValue, message: message)
            }
            defer { gvFreeRenderData(data) }
            let bytes = data.withMemoryRebound(to: UInt8.self, capacity: Int(length)) {
                Array(UnsafeBufferPointer(start: $0, count: Int(length)))
            }
            let warnings = graphvizState.messages.joined().split(separator: "\n").map { String($0).trimmingWhitespace() }.filter { !$0.isEmpty }
            graphvizState.messages.removeAll()
            return Rendered(bytes: bytes, warnings: warnings)
        }
    }

    /// Parses `dot` and returns each node's name and its attributes (for tests and checks: what
    /// Graphviz itself understood).
    public static func nodes(of dot: String, attributes names: [String]) throws(GraphvizError) -> [ParsedNode] {
        try withGraphviz { _ throws(GraphvizError) in
            let graph = try parse(dot)
            defer { graphinspect_close(graph) }
            var nodes: [ParsedNode] = []
            var node = agfstnode(graph)
            while let current = node {
                var attributes: [String: String] = [:]
                for name in names {
                    // agget does not write through the name; its C signature is just not const.
                    let value = name.withCString { agget(UnsafeMutableRawPointer(current), UnsafeMutablePointer(mutating: $0)) }
                    if let value { attributes[name] = String(cString: value) }
                }
                nodes.append(ParsedNode(name: String(cString: agnameof(UnsafeMutableRawPointer(current))), attributes: attributes))
                node = agnxtnode(graph, current)
            }
            return nodes
        }
    }

    /// A node as Graphviz parsed it.
    public struct ParsedNode: Sendable, Equatable {
        public var name: String
        public var attributes: [String: String]
    }

    // MARK: For tests: the graphs' arenas (CGraphvizReader's graph_arena.c)

    /// Bytes the arena of `dot`'s graph holds once parsed and laid out with dot.
    static func arenaBytes(dot: String) throws(GraphvizError) -> Int {
        try withGraphviz { context throws(GraphvizError) in
            let graph = try parse(dot)
            defer { graphinspect_close(graph) }
            guard gvLayout(context, graph, "dot") == 0 else { throw .layout(engine: "dot", message: takeMessages()) }
            defer { gvFreeLayout(context, graph) }
            return graphinspect_arena_bytes(graph)
        }
    }

    /// Arenas not yet released: 0 whenever no render is under way, since every graph is closed
    /// before the lock is released.
    static var openArenas: Int {
        let state = graphvizState
        state.lock()
        defer { state.unlock() }
        return graphinspect_open_arenas()
    }

    // MARK: The one context and the one lock

    private static func withGraphviz<Result>(_ body: (OpaquePointer) throws(GraphvizError) -> Result) throws(GraphvizError) -> Result {
        let state = graphvizState
        state.lock()
        defer { state.unlock() }
        guard let context = state.context else { throw .noContext }
        _ = takeMessages()
        return try body(context)
    }

    /// Sets a graph attribute (agsafeset copies both strings; its C signature is just not const).
    private static func set(_ graph: UnsafeMutablePointer<Agraph_t>, _ name: String, _ value: String) {
        name.withCString { name in
            value.withCString { value in
                "".withCString { empty in
                    _ = agsafeset(UnsafeMutableRawPointer(graph), UnsafeMutablePointer(mutating: name), UnsafeMutablePointer(mutating: value), UnsafeMutablePointer(mutating: empty))
                }
            }
        }
    }

    private static func parse(_ dot: String) throws(GraphvizError) -> UnsafeMutablePointer<Agraph_t> {
        guard let graph = graphinspect_read(dot) else { throw .syntax(message: takeMessages()) }
        return graph
    }

    /// Graphviz's messages since the last call, joined; called with the lock held.
    private static func takeMessages() -> String {
        let messages = graphvizState.messages.joined().trimmingWhitespace()
        graphvizState.messages.removeAll()
        if !messages.isEmpty { return messages }
        guard let last = aglasterr() else { return "no message from Graphviz" }
        defer { free(last) }
        return String(cString: last).trimmingWhitespace()
    }

}

/// Graphviz's process-wide state: the context, the lock, and the messages its error callback
/// collected. Only touched with the lock held (or in `init`).
private final class GraphvizState: @unchecked Sendable {
    let context: OpaquePointer?
    var messages: [String] = []
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        context = gvContext()
        // From now on errors and warnings go to `messages` instead of standard error, so they can
        // be returned. The callback only runs inside Graphviz calls made with the lock held.
        agseterrf { text in
            if let text { graphvizState.messages.append(String(cString: text)) }
            return 0
        }
    }

    func lock() { pthread_mutex_lock(mutex) }
    func unlock() { pthread_mutex_unlock(mutex) }
}

/// The one context for the process, made on first use and never freed.
private let graphvizState = GraphvizState()

private extension String {
    func trimmingWhitespace() -> String {
        var text = Substring(self)
        while let first = text.first, first.isWhitespace { text.removeFirst() }
        while let last = text.last, last.isWhitespace { text.removeLast() }
        return String(text)
    }
}
