import Foundation
import GraphInspectTestSupport

/// Measures SVG pictures as a person sees them: inline in a page in headless Chromium, every
/// `<text>`'s box on screen. Many pictures go in one page (one browser start).
enum Legibility {
    /// What one picture measures.
    struct Measure: Decodable, CustomStringConvertible {
        var name: String
        /// Size on screen, in CSS px.
        var width: Double
        var height: Double
        /// Pairs of text boxes covering each other by more than 2 px both ways, with their words.
        var overlaps: [[String]]
        /// The smallest text once the picture is fitted to a 1,200 px page: its font size in the
        /// picture's units (points, as `svg-legibility` counts), times any scale Graphviz applied,
        /// times the page's shrink.
        var smallestText: Double

        var aspect: Double { width / max(1, height) }

        var description: String {
            "\(name): \(Int(width))x\(Int(height)) px, aspect \(String(format: "%.2f", aspect)), smallest text \(String(format: "%.1f", smallestText)) px, \(overlaps.count) overlapping pairs"
                + overlaps.prefix(5).map { "\n  overlap: \($0.joined(separator: " / "))" }.joined()
        }
    }

    static let pageWidth = 1200

    /// Measures `pictures` (name, SVG text) in one page.
    static func measure(_ pictures: [(name: String, svg: String)]) throws -> [Measure] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("legibility-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var body = ""
        for (index, picture) in pictures.enumerated() {
            var svg = picture.svg
            // The XML prolog and doctype are not allowed inline in HTML.
            if let start = svg.range(of: "<svg") { svg = String(svg[start.lowerBound...]) }
            body += "<div class=\"picture\" data-index=\"\(index)\">\(svg)</div>\n"
        }
        let page = """
            <!doctype html><html><head><meta charset="utf-8"><style>body{margin:0} .picture{display:block}</style></head><body>
            \(body)<pre id="result"></pre>
            <script>
            const results = [];
            for (const holder of document.querySelectorAll('.picture')) {
              const svg = holder.querySelector('svg');
              const r = svg.getBoundingClientRect();
              const viewBox = svg.viewBox.baseVal;
              const base = viewBox && viewBox.width ? r.width / viewBox.width : 1;
              const boxes = [];
              for (const t of svg.querySelectorAll('text')) {
                const b = t.getBoundingClientRect();
                if (b.width < 0.5 || b.height < 0.5 || !t.textContent.trim()) continue;
                const size = parseFloat(t.getAttribute('font-size') || getComputedStyle(t).fontSize) || 14;
                const inner = t.getScreenCTM().a / base;
                boxes.push({x: b.left, y: b.top, w: b.width, h: b.height, text: t.textContent.trim(), size: size * inner});
              }
              const overlaps = [];
              for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
                const a = boxes[i], b = boxes[j];
                const ox = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
                const oy = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
                if (ox > 2 && oy > 2) overlaps.push([a.text, b.text]);
              }
              const shrink = Math.min(1, \(pageWidth) / r.width);
              results.push({index: +holder.dataset.index, width: r.width, height: r.height, overlaps,
                            smallest: boxes.length ? Math.min(...boxes.map(b => b.size)) * shrink : 0});
            }
            document.getElementById('result').textContent = JSON.stringify(results);
            </script></body></html>
            """
        let file = folder.appendingPathComponent("page.html")
        try Data(page.utf8).write(to: file)
        let (dom, _) = try Chromium.run(["--window-size=6000,4000", "--dump-dom", file.absoluteString])
        guard let start = dom.range(of: "<pre id=\"result\">"), let end = dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex) else {
            throw CocoaError(.coderReadCorrupt, userInfo: [NSLocalizedDescriptionKey: "the browser gave no measurement"])
        }
        let json = String(dom[start.upperBound..<end.lowerBound])
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
        struct Raw: Decodable { var index: Int; var width: Double; var height: Double; var overlaps: [[String]]; var smallest: Double }
        let raw = try JSONDecoder().decode([Raw].self, from: Data(json.utf8))
        return raw.sorted { $0.index < $1.index }.map {
            Measure(name: pictures[$0.index].name, width: $0.width, height: $0.height, overlaps: $0.overlaps, smallestText: ($0.smallest * 10).rounded() / 10)
        }
    }
}
