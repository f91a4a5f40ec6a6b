import GraphInspect
import GraphInspectDiagram

/// `graphinspect live`'s page: the graph of a running app as it grows, fed by the server's event
/// stream (`/events`), with a timeline that can be paused, scrubbed back and resumed, a node's
/// panel on click (`/details`), failed lookups' reports (`/failures`), and modules retained after
/// detach marked when their grace runs out, with their reports (`/retained`). Its script is
/// `live.js`; it lays the graph out with `outline.js` in arrival order, so nodes on screen never
/// move when others arrive.
///
/// The page's own data is what it needs to name and colour nodes as every other picture does:
/// the letter each kind's keys start with (`DiagramBuilder.idPrefix`) and each kind's colours.
public struct LivePage: Sendable {
    public init() {}

    /// `leakGrace`: how long after its holder let it go a module still alive is marked a leak.
    public func html(title: String, leakGrace: UInt64 = RetainedAfterDetach.defaultGrace) -> String {
        func colours(_ kind: NodeKind) -> PageJSON {
            let colors = NodeColors.of(kind)
            return .array([.string(colors.fill), .string(colors.line)])
        }
        let kinds = NodeKind.runtimeKinds
        let data = PageJSON.object([
            ("letters", .object(kinds.map { (key: $0.rawValue, value: .string(DiagramBuilder.idPrefix($0))) })),
            ("otherLetter", .string(DiagramBuilder.idPrefix("recorded"))),
            ("palette", .object(kinds.map { (key: $0.rawValue, value: colours($0)) })),
            ("otherColours", colours("recorded")),
            ("leakGrace", .int(Int(clamping: leakGrace))),
        ]).text
        return PageDocument(title: title, style: PageAssets.explorerCSS + PageAssets.liveCSS, body: PageAssets.liveHTML,
                            dataID: "live-data", data: data, script: PageAssets.outlineJS + PageAssets.panelJS + PageAssets.liveJS).html
    }
}
