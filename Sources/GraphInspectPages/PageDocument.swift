/// One self-contained HTML page (no network; it opens from `file://`), assembled from the assets
/// embedded at build time (`Assets/`, `PageAssets`): the frame every page shares (`page.css`),
/// the page's own styles and body, its data, and its scripts after `panzoom.js`.
///
/// The data is JSON in a `<script type="application/json">` block, escaped so nothing in it can
/// close the block (`PageJSON`); scripts read it with `JSON.parse` and show
/// names with `textContent`. The title is HTML-escaped.
struct PageDocument {
    var title: String
    /// The page's own CSS (`explorer.css`), after `page.css`.
    var style: String
    /// The page's markup inside `<body>` (`explorer.html`).
    var body: String
    /// The id of the data block the script reads.
    var dataID: String
    /// Script-safe JSON.
    var data: String
    /// The page's own script (`explorer.js`), after `panzoom.js`.
    var script: String

    /// An SVG file's text from `<svg` on, to sit inside a page: the XML prolog and doctype cannot.
    static func inlineSVG(_ svg: String) -> String {
        guard let start = svg.firstRange(of: "<svg") else { return svg }
        return String(svg[start.lowerBound...])
    }

    var html: String {
        var page = "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        page += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        page += "<title>" + HTMLEscaping.text(title) + "</title>\n"
        page += "<style>\n" + PageAssets.pageCSS + style + "</style>\n</head>\n<body>\n"
        page += body
        page += "<script type=\"application/json\" id=\"" + dataID + "\">" + data + "</script>\n"
        page += "<script>\n" + PageAssets.panzoomJS + script + "</script>\n</body>\n</html>\n"
        return page
    }
}
