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
        let data = PageJSON.object([
            ("title", .string(title)),
            ("svg", .string(PageDocument.inlineSVG(svg))),
            ("words", .array(player.words.map(PageJSON.string))),
            ("nodeStep", .sorted(player.nodeStep.mapValues(PageJSON.int))),
            ("clusterStep", .sorted(player.clusterStep.mapValues(PageJSON.int))),
            ("lineSteps", .sorted(player.lineSteps.mapValues { .array($0.map(PageJSON.int)) })),
            ("labels", .sorted(player.labels.mapValues(PageJSON.string))),
            ("details", .sorted(player.details.mapValues { .array($0.map(PageJSON.string)) })),
        ]).text
        return PageDocument(title: title, style: PageAssets.replayCSS, body: PageAssets.stepperHTML + PageAssets.replayHTML,
                            dataID: "replay-data", data: data, script: PageAssets.stepperJS + PageAssets.replayJS).html
    }
}
