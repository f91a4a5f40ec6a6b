import GraphInspect

/// `graphinspect dump --format html`: one self-contained page (no network, opens from `file://`)
/// to explore a graph: the pictures Graphviz drew in process (the dependency graph and the module
/// tree), or, for a view too big for one picture, an outline the page lays out and opens in place
/// (`ExplorerOutline`, `outline.js`), pan and zoom, a search box, a panel with everything known about the node clicked (kind,
/// path from the root, what it provides, what it resolved and from whom, who resolved from it,
/// its module, holder and router), the lookup paths it is part of highlighted, kinds of edges and
/// nodes shown or hidden, and the failed lookups listed first with the report `why` prints.
///
/// Names reach the page only inside the script-safe JSON of `ExplorerData` and are shown with
/// `textContent`; the SVGs are Graphviz's, which escapes label text.
public struct ExplorerPage: Sendable {
    public init() {}

    public func html(_ data: ExplorerData, title: String) -> String {
        PageDocument(title: title, style: PageAssets.explorerCSS, body: PageAssets.explorerHTML,
                     dataID: "explorer-data", data: data.json, script: PageAssets.outlineJS + PageAssets.panelJS + PageAssets.explorerDataJS + PageAssets.explorerJS).html
    }
}
