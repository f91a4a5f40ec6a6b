import GraphInspect
import GraphInspectText

/// One self-contained HTML page that plays a replay. The whole graph is laid out once, so nothing
/// moves: each step reveals what it adds and highlights it (`ReplayPlayer` says which step each
/// node, edge and holder cluster first appears at). The picture fills the window (pan and zoom as
/// in the explorer); step buttons are inline SVG icons, so they show with any font; arrow keys,
/// Home, End and space step and play; a click on a node shows its details under its name and
/// number. No network, no external scripts: open it from disk.
///
/// App-chosen names reach the page only as JSON inside a `<script type="application/json">` block
/// with `<`, `>` and `&` escaped (so nothing can close the block) and are shown with `textContent`;
/// the SVG is Graphviz's, which escapes label text.
public struct ReplayPage: Sendable {
    public init() {}

    /// - Parameters:
    ///   - svg: the whole replay drawn once, edges with `ReplayPlayer.edgeID` ids.
    ///   - player: which step reveals what, the words of each step, each node's name and details.
    public func html(title: String, svg: String, player: ReplayPlayer) -> String {
        var data = "{\"title\":" + Self.json(title) + ",\"svg\":" + Self.json(PageDocument.inlineSVG(svg))
        data += ",\"words\":[" + player.words.map(Self.json).joined(separator: ",") + "]"
        data += ",\"nodeStep\":{" + player.nodeStep.sorted { $0.key < $1.key }.map { Self.json($0.key) + ":\($0.value)" }.joined(separator: ",") + "}"
        data += ",\"clusterStep\":{" + player.clusterStep.sorted { $0.key < $1.key }.map { Self.json($0.key) + ":\($0.value)" }.joined(separator: ",") + "}"
        data += ",\"labels\":{" + player.labels.sorted { $0.key < $1.key }.map { Self.json($0.key) + ":" + Self.json($0.value) }.joined(separator: ",") + "}"
        data += ",\"details\":{"
        data += player.details.sorted { $0.key < $1.key }.map { Self.json($0.key) + ":[" + $0.value.map(Self.json).joined(separator: ",") + "]" }.joined(separator: ",")
        data += "}}"
        return PageDocument(title: title, style: PageAssets.replayCSS, body: PageAssets.stepperHTML + PageAssets.replayHTML,
                            dataID: "replay-data", data: data, script: PageAssets.stepperJS + PageAssets.replayJS).html
    }

    static func json(_ text: String) -> String {
        HTMLEscaping.scriptSafeJSON(text)
    }
}
