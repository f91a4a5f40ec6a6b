import GraphInspect
import GraphInspectDiagram

/// `graphinspect live`'s page: the graph of a running app as it grows, fed by the server's event
/// stream (`/events`), with a timeline that can be paused, scrubbed back and resumed, a node's
/// panel on click (`/details`) and failed lookups' reports (`/failures`). Its script is
/// `live.js`; it lays the graph out with `outline.js` in arrival order, so nodes on screen never
/// move when others arrive.
///
/// The page's own data is what it needs to name and colour nodes as every other picture does:
/// the letter each kind's keys start with (`DiagramBuilder.idPrefix`) and each kind's colours.
public struct LivePage: Sendable {
    public init() {}

    public func html(title: String) -> String {
        var letters: [String] = []
        var colours: [String] = []
        for kind in NodeKind.runtimeKinds {
            letters.append(ExplorerData.string(kind.rawValue) + ":" + ExplorerData.string(DiagramBuilder.idPrefix(kind)))
            let colors = NodeColors.of(kind)
            colours.append(ExplorerData.string(kind.rawValue) + ":[" + ExplorerData.string(colors.fill) + "," + ExplorerData.string(colors.line) + "]")
        }
        let other = DiagramBuilder.idPrefix("recorded")
        let custom = NodeColors.of("recorded")
        let data = "{\"letters\":{" + letters.joined(separator: ",") + "},\"otherLetter\":" + ExplorerData.string(other)
            + ",\"palette\":{" + colours.joined(separator: ",") + "},\"otherColours\":[" + ExplorerData.string(custom.fill) + "," + ExplorerData.string(custom.line) + "]}"
        return PageDocument(title: title, style: PageAssets.explorerCSS + PageAssets.liveCSS, body: PageAssets.liveHTML,
                            dataID: "live-data", data: data, script: PageAssets.outlineJS + PageAssets.panelJS + PageAssets.liveJS).html
    }
}
